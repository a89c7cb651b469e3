// Text and drawings whose rule ids and diagram nodes can be clicked (splendor_nb/ui/learn_tab/links.py,
// LinkedHTML). The "value" trait is HTML made in Python: a rule id is a <button data-rule="R-...">,
// a node of the turn diagram a <g data-node="..." role="button" tabindex="0">. A click on one, or
// Enter/Space on a focused node (a <button> clicks itself), sends {kind: "rule" | "node", id} to
// Python. The focus stays on the same rule or node when the value changes, so that a turn can be
// walked through the diagram with the keyboard alone.
const KINDS = [["rule", "data-rule"], ["node", "data-node"]];
const CLICKABLE = "[data-rule], [data-node][role=button]";

function targetOf(element) {
  for (const [kind, attribute] of KINDS) {
    const id = element.getAttribute(attribute);
    if (id) return { kind, id };
  }
  return null;
}

function keyOf(element) {
  const target = element && targetOf(element);
  return target ? target.kind + " " + target.id : null;
}

function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "splendor-linked";
  box.tabIndex = -1;  // where the focus goes when its element is gone after a change
  el.appendChild(box);

  function show() {
    const active = document.activeElement;
    const inside = active && box.contains(active) && active !== box;
    const focused = inside ? keyOf(active.closest(CLICKABLE)) : null;
    box.innerHTML = model.get("value");
    if (!inside) return;
    const again = focused && [...box.querySelectorAll(CLICKABLE)]
      .find((element) => keyOf(element) === focused);
    (again || box).focus({ preventScroll: true });
  }

  function send(element) {
    const target = targetOf(element);
    if (target) model.send(target);
  }

  box.addEventListener("click", (event) => {
    const element = event.target.closest(CLICKABLE);
    if (element && box.contains(element)) {
      event.preventDefault();
      send(element);
    }
  });
  box.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key !== "Enter" && event.key !== " ") return;
    const element = event.target.closest && event.target.closest("[data-node][role=button]");
    if (!element || !box.contains(element)) return;
    event.preventDefault();  // Space would scroll the page
    send(element);
  });

  model.on("change:value", show);
  show();
  return () => model.off("change:value", show);
}
export default { render };
