// The page's address follows the replay viewer's position (splendor_nb/ui/navigation.py,
// AddressBar): ?replay=NAME&turn=N replaces those parameters (and the other tabs' deep links)
// while the rest of the address stays, and a replay with no link (not shipped) drops them;
// "copy" puts a link to the position on the clipboard; "top" scrolls the page to its top.
const OTHER_LINKS = ["replay", "turn", "play", "seats", "seed", "lesson", "chapter", "rule"];
function linkTo(query) {
  const url = new URL(window.location.href);
  for (const key of OTHER_LINKS) url.searchParams.delete(key);
  for (const [key, value] of new URLSearchParams(query)) url.searchParams.set(key, value);
  return url;
}
function render({ model, el }) {
  const follow = () => {
    if (!model.get("follow")) return;
    const query = model.get("query");
    const url = query ? linkTo(query) : new URL(window.location.href);
    if (!query) for (const key of ["replay", "turn"]) url.searchParams.delete(key);
    if (url.href !== window.location.href) window.history.replaceState(null, "", url.href);
  };
  const onMessage = async (message) => {
    if (message.type === "top") {  // voila scrolls an element of its own, not the window
      requestAnimationFrame(() => {
        for (let node = el; node; node = node.parentElement) node.scrollTop = 0;
        window.scrollTo(0, 0);
      });
      return;
    }
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
