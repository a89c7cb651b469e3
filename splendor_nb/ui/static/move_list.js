// The moves as a clickable list (splendor_nb/ui/move_list.py, MoveList): the main line, the
// side lines indented under the move they replace, the review's verdicts, a move in notation
// or in words; the current one is highlighted and kept in view. Text goes into the page as
// text, never as HTML.
function render({ model, el }) {
  const list = document.createElement("div");
  list.className = "splendor-moves";
  list.setAttribute("role", "listbox");
  el.appendChild(list);
  let items = new Map();
  let current = null;
  const cell = (cls, text) => {
    const span = document.createElement("span");
    span.className = "splendor-move-" + cls;
    span.textContent = text;
    return span;
  };
  function build() {
    list.setAttribute("aria-label", model.get("label"));
    const words = model.get("in_words");
    list.classList.toggle("in-words", words);
    items = new Map();
    const made = model.get("rows").map((row) => {
      const item = document.createElement("div");
      item.className = "splendor-move";
      item.dataset.turn = String(row.number);
      item.dataset.at = row.at;
      item.dataset.depth = String(row.depth);
      if (row.depth) {
        item.classList.add("side-line");
        item.style.setProperty("--side-line-depth", String(row.depth));
      }
      if (row.player >= 0) {  // the setup has no player
        item.dataset.player = String(row.player);
        item.style.setProperty("--splendor-player", `var(--splendor-player-${row.player})`);
      }
      item.setAttribute("role", "option");
      const text = words && row.said ? row.said : row.text;
      item.append(cell("num", row.at ? String(row.number) : ""), cell("who", row.name),
                  cell("text", text), cell("glyph", row.glyph),
                  cell("note", row.comment ? "\u270e" : ""));
      if (row.kind) {
        item.dataset.verdict = row.kind;
        const verdict = cell("verdict", row.mark);
        verdict.title = row.label;
        verdict.setAttribute("aria-label", row.label);
        item.append(verdict, cell("verdict-text", row.label));
      }
      if (row.comment) {
        item.classList.add("has-comment");
        const comment = cell("comment", row.comment);
        comment.classList.add("splendor-content");  // the person's own words: not translated
        item.append(comment);
      }
      items.set(row.at, item);
      return item;
    });
    list.replaceChildren(...made);
    current = null;
    hide();
    select();
  }
  function hide() {  // spoiler-free mode: every move after the shown turn, in any line
    const after = model.get("hide_after");
    for (const item of items.values()) {
      item.hidden = after >= 0 && Number(item.dataset.turn) > after;
    }
  }
  function select() {
    if (current) { current.classList.remove("current"); current.removeAttribute("aria-selected"); }
    current = items.get(model.get("at")) || null;
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
    model.set("at", item.dataset.at);
    model.save_changes();
  });
  const onAt = () => { select(); };
  model.on("change:rows", build);
  model.on("change:in_words", build);
  model.on("change:label", build);
  model.on("change:at", onAt);
  model.on("change:hide_after", hide);
  build();
  return () => {
    model.off("change:rows", build); model.off("change:in_words", build);
    model.off("change:label", build); model.off("change:at", onAt);
    model.off("change:hide_after", hide);
  };
}
export default { render };
