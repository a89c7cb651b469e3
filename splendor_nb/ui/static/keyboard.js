// Keyboard shortcuts of the replay viewer (splendor_nb/ui/keyboard.py, KeyboardShortcuts):
// a key of the "shortcuts" trait sends its controller method to Python. With scope "page" every
// key press on the page counts while the viewer is drawn (not while another of the app's tabs
// is shown); with "viewer", only after a click inside the viewer. Keys
// typed into a text box, a list or the slider are left alone. The viewer's button icons are
// hidden from screen readers (their glyph would be read as part of the button's name: the
// buttons are named by their words or their title).
const EDITING = "input, textarea, select, [contenteditable=''], [contenteditable='true'], " +
                "[role='slider'], .noUi-handle";
function hideIcons(viewer) {
  for (const icon of viewer.querySelectorAll("i.fa:not([aria-hidden])")) {
    icon.setAttribute("aria-hidden", "true");
  }
}
function render({ model, el }) {
  const id = model.get("instance");
  const icons = new MutationObserver(() => {
    const viewer = el.closest(".splendor-viewer");
    if (viewer) hideIcons(viewer);
  });
  let tries = 0;
  const watch = () => {  // the widget is put in the page after this view is made
    const viewer = el.closest(".splendor-viewer");
    if (!viewer) { if (tries++ < 300) setTimeout(watch, 100); return; }
    hideIcons(viewer);
    icons.observe(viewer, { childList: true, subtree: true });
  };
  setTimeout(watch, 0);
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
    // Another tab shown (the viewer not drawn): its keys are its own.
    const viewer = el.closest(".splendor-viewer");
    if (viewer && viewer.getClientRects().length === 0) return;
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
    icons.disconnect();
    document.removeEventListener("pointerdown", onPointer, true);
    document.removeEventListener("keydown", onKey);
  };
}
export default { render };
