// Where a chapter goes on (splendor_nb/ui/learn_tab/more_below.py, MoreBelow): a "Loading…" note
// below what the page has drawn of the chapter. Once the page has drawn it (and what came before
// it), it tells Python, which sends the chapter's next part; a page that is not shown (a tab in
// the background) draws nothing, and asks when it is shown.
function render({ model, el }) {
  const note = document.createElement("div");
  note.className = "splendor-more-below";
  note.setAttribute("role", "status");
  note.textContent = model.get("text");
  el.appendChild(note);
  let asked = false;
  const ask = () => {
    if (asked) return;
    asked = true;
    model.send({ event: "drawn" });
  };
  // after the next frame: what the page was sent before this note is on the screen by then
  const frame = requestAnimationFrame(() => setTimeout(ask, 0));
  return () => cancelAnimationFrame(frame);
}
export default { render };
