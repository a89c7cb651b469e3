// The page's address follows the replay viewer's position (splendor_nb/ui/navigation.py,
// AddressBar): ?replay=NAME&turn=N replaces those parameters (and the other tabs' deep links)
// while the rest of the address stays; "copy" puts a link to the position on the clipboard.
const OTHER_LINKS = ["replay", "turn", "play", "seats", "seed", "lesson", "chapter", "rule"];
function linkTo(query) {
  const url = new URL(window.location.href);
  for (const key of OTHER_LINKS) url.searchParams.delete(key);
  for (const [key, value] of new URLSearchParams(query)) url.searchParams.set(key, value);
  return url;
}
function render({ model }) {
  const follow = () => {
    const query = model.get("query");
    if (!model.get("follow") || !query) return;
    const url = linkTo(query);
    if (url.href !== window.location.href) window.history.replaceState(null, "", url.href);
  };
  const onMessage = async (message) => {
    if (message.type !== "copy") return;
    const link = linkTo(message.query).href;
    try {
      await navigator.clipboard.writeText(link);
      model.send({ type: "copied", link });
    } catch (error) {
      model.send({ type: "not-copied", link });
    }
  };
  model.on("change:query", follow);
  model.on("msg:custom", onMessage);
  follow();
  return () => { model.off("change:query", follow); model.off("msg:custom", onMessage); };
}
export default { render };
