// Tells Python that a browser has drawn this widget, and so its page
// (splendor_nb/ui/shown.py, Shown).
function render({ model }) {
  model.send({ type: "shown" });
}
export default { render };
