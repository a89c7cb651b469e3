// The Learn tab's progress kept in the browser (splendor_nb/ui/learn_tab/browser_progress.py,
// BrowserProgress): the exercises solved, as "chapter/exercise" keys, in localStorage. When
// drawn it sends Python what this browser had kept; then it keeps what Python sends.
const KEY = "splendor_nb.learn.progress";
function kept() {
  try {
    const keys = JSON.parse(window.localStorage.getItem(KEY) || "[]");
    return Array.isArray(keys) ? keys.filter((key) => typeof key === "string") : [];
  } catch (error) {
    return [];  // storage refused (a private window) or a value not ours: nothing kept
  }
}
function keep(keys) {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(keys));
  } catch (error) {
    // storage refused: the progress lasts as long as the page
  }
}
function render({ model }) {
  const onMessage = (message) => {
    if (message.type === "keep") keep(message.keys);
  };
  model.on("msg:custom", onMessage);
  model.send({ type: "kept", keys: kept() });
  return () => model.off("msg:custom", onMessage);
}
export default { render };
