// Keyboard shortcuts of the replay viewer (splendor_nb/ui/keyboard.py, KeyboardShortcuts):
// a key of the "shortcuts" trait sends its controller method to Python. With scope "page" every
// key press on the page counts; with "viewer", only after a click inside the viewer. Keys
// typed into a text box, a list or the slider are left alone.
const EDITING = "input, textarea, select, [contenteditable=''], [contenteditable='true'], " +
                "[role='slider'], .noUi-handle";
function render({ model, el }) {
  const id = model.get("instance");
  let inside = false;
  const onPointer = (event) => {
    const viewer = el.closest(".splendor-viewer");
    inside = !!viewer && viewer.contains(event.target);
  };
  const onKey = (event) => {
    const action = model.get("shortcuts")[event.key];
    if (!action || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.target instanceof Element && event.target.closest(EDITING)) return;
    if (model.get("scope") !== "page" && !inside) return;
    // One widget shown twice on a page (two views of one model): send the key once.
    const seen = event.splendorKeys || (event.splendorKeys = new Set());
    if (seen.has(id)) return;
    seen.add(id);
    event.preventDefault();
    model.send({ action });
  };
  document.addEventListener("pointerdown", onPointer, true);
  document.addEventListener("keydown", onKey);
  return () => {
    document.removeEventListener("pointerdown", onPointer, true);
    document.removeEventListener("keydown", onKey);
  };
}
export default { render };
