// The Play widget's keys and focus (splendor_nb/ui/play_tab/keys.py, PlayKeys, a hidden widget).
// Escape anywhere in the widget sends {action: "cancel"}: the turn being built starts again (the
// board sends its own Escape). Python's {type: "focus", selector, inside} puts the focus on the
// widget's element matching the selector when the focus is nowhere (on the page's body, or on an
// element just hidden), or anywhere in the widget when "inside" is true: after a bot's reply the
// board takes the focus back, and a hot-seat cover its button. The buttons' icons are hidden
// from screen readers (their glyph would be read as part of the button's name).
function hideIcons(widget) {
  for (const icon of widget.querySelectorAll("i.fa:not([aria-hidden])")) {
    icon.setAttribute("aria-hidden", "true");
  }
}

function render({ model, el }) {
  const root = () => el.closest(".splendor-play");
  const icons = new MutationObserver(() => { const widget = root(); if (widget) hideIcons(widget); });
  const watch = () => {  // the widget is put in the page after this view is made
    const widget = root();
    if (!widget) { setTimeout(watch, 100); return; }
    hideIcons(widget);
    icons.observe(widget, { childList: true, subtree: true });
  };
  watch();
  const onKey = (event) => {
    if (event.key !== "Escape" || event.altKey || event.ctrlKey || event.metaKey) return;
    const widget = root();
    const target = event.target;
    if (!widget || !(target instanceof Element) || !widget.contains(target)) return;
    if (target.closest(".splendor-clickable-board")) return;
    event.preventDefault();
    model.send({ action: "cancel" });
  };
  const hidden = (element) => element.getClientRects().length === 0;
  const onMessage = (message) => {
    if (message.type !== "focus") return;
    // After the widgets' own updates of this round (a display changed just before).
    setTimeout(() => {
      const widget = root();
      if (!widget) return;
      const active = document.activeElement;
      const nowhere = !active || active === document.body || hidden(active);
      const within = active && widget.contains(active);
      if (!nowhere && !(message.inside && within)) return;
      const target = widget.querySelector(message.selector);
      if (target && !hidden(target)) target.focus({ preventScroll: true });
    }, 30);
  };
  document.addEventListener("keydown", onKey);
  model.on("msg:custom", onMessage);
  return () => {
    icons.disconnect();
    document.removeEventListener("keydown", onKey);
    model.off("msg:custom", onMessage);
  };
}
export default { render };
