// A value kept in the visitor's browser (splendor_nb/ui/browser_storage.py, BrowserStorage):
// JSON in localStorage under the widget's key. When drawn it sends Python what this browser had
// kept (null if nothing, or if what it finds is not JSON); then it keeps what Python sends.
function kept(key) {
  try {
    return JSON.parse(window.localStorage.getItem(key) || "null");
  } catch (error) {
    return null;  // storage refused (a private window) or a value not ours: nothing kept
  }
}
function keep(key, value) {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch (error) {
    // storage refused: the value lasts as long as the page
  }
}
function render({ model }) {
  const key = model.get("key");
  const onMessage = (message) => {
    if (message.type === "keep") keep(key, message.value);
  };
  model.on("msg:custom", onMessage);
  model.send({ type: "kept", value: kept(key) });
  return () => model.off("msg:custom", onMessage);
}
export default { render };
