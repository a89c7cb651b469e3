// The puzzle trainer's record kept in the browser (splendor_nb/ui/learn_tab/trainer_store.py,
// BrowserRecordStore): the learner's rating, streak and attempts, as JSON in localStorage.
// When drawn it sends Python what this browser had kept; then it keeps what Python sends.
const KEY = "splendor_nb.learn.puzzle_record";
function kept() {
  try {
    return JSON.parse(window.localStorage.getItem(KEY) || "null");
  } catch (error) {
    return null;  // storage refused (a private window) or a value not ours: nothing kept
  }
}
function keep(record) {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(record));
  } catch (error) {
    // storage refused: the record lasts as long as the page
  }
}
function render({ model }) {
  const onMessage = (message) => {
    if (message.type === "keep") keep(message.record);
  };
  model.on("msg:custom", onMessage);
  model.send({ type: "kept", record: kept() });
  return () => model.off("msg:custom", onMessage);
}
export default { render };
