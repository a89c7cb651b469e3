// The moves as a clickable list (splendor_nb/ui/move_list.py, MoveList): the current one is
// highlighted and kept in view. Text goes into the page as text, never as HTML.
function render({ model, el }) {
  const list = document.createElement("div");
  list.className = "splendor-moves";
  list.setAttribute("role", "listbox");
  list.setAttribute("aria-label", "Moves");
  el.appendChild(list);
  let items = [];
  let current = null;
  const cell = (cls, text) => {
    const span = document.createElement("span");
    span.className = "splendor-move-" + cls;
    span.textContent = text;
    return span;
  };
  function build() {
    items = model.get("rows").map(([turn, player, name, text, glyph, comment]) => {
      const item = document.createElement("div");
      item.className = "splendor-move";
      item.dataset.turn = String(turn);
      if (player >= 0) {  // the setup has no player
        item.dataset.player = String(player);
        item.style.setProperty("--splendor-player", `var(--splendor-player-${player})`);
      }
      item.setAttribute("role", "option");
      item.append(cell("num", turn ? String(turn) : ""), cell("who", name), cell("text", text),
                  cell("glyph", glyph), cell("note", comment ? "\u270e" : ""));
      if (comment) {
        item.title = comment;
        item.classList.add("has-comment");
        item.append(cell("comment", comment));
      }
      return item;
    });
    list.replaceChildren(...items);
    current = null;
    select();
  }
  function select() {
    if (current) { current.classList.remove("current"); current.removeAttribute("aria-selected"); }
    current = items[model.get("turn")] || null;
    if (!current) return;
    current.classList.add("current");
    current.setAttribute("aria-selected", "true");
    const top = current.offsetTop, bottom = top + current.offsetHeight;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (bottom > list.scrollTop + list.clientHeight) {
      list.scrollTop = bottom - list.clientHeight;
    }
  }
  list.addEventListener("click", (event) => {
    const item = event.target.closest(".splendor-move");
    if (!item) return;
    model.set("turn", Number(item.dataset.turn));
    model.save_changes();
  });
  model.on("change:rows", build);
  model.on("change:turn", select);
  build();
  return () => { model.off("change:rows", build); model.off("change:turn", select); };
}
export default { render };
