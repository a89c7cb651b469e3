// The board, clickable (splendor_nb/ui/board_widget.py, ClickableBoard). The "svg" trait is the
// board that the splendor_nb.render package draws, shown in a <div class="splendor-board"> that repeats its
// turn and player to move. A click on an element with data-action, or Enter/Space on the focused
// one, sends its action dict to Python; Escape sends {action: "cancel"}. The focus stays on the
// same element (same data-action and id) when the SVG changes, so that a turn can be built with
// the keyboard alone. Below "narrow_below" pixels the SVG's narrow layout is used.
const IDS = { supply: "colour", card: "card", deck: "tier", reserved: "card" };

function actionOf(element) {
  const kind = element.getAttribute("data-action");
  const key = IDS[kind];
  if (!key) return null;
  return { action: kind, [key]: element.getAttribute("data-" + key) };
}

function keyOf(element) {
  const action = element && actionOf(element);
  return action ? JSON.stringify(action) : null;
}

// The drawing holds two layouts: the wide one (players beside the market) and the narrow one
// (players below it); see board_svg's docstring for the attributes.
function applyLayout(svg, narrow) {
  const box = svg.getAttribute(narrow ? "data-narrow-viewbox" : "data-wide-viewbox");
  if (box) svg.setAttribute("viewBox", box);
  for (const group of svg.querySelectorAll("[data-narrow-transform]")) {
    if (narrow) group.setAttribute("transform", group.getAttribute("data-narrow-transform"));
    else group.removeAttribute("transform");
  }
  const shown = narrow ? "narrow" : "wide";
  for (const part of svg.querySelectorAll("[data-layout]")) {
    part.setAttribute("display", part.getAttribute("data-layout") === shown ? "inline" : "none");
  }
}

function render({ model, el }) {
  const frame = document.createElement("div");
  frame.className = "splendor-board";
  frame.tabIndex = -1;  // where the focus goes when its element is gone after a change
  el.appendChild(frame);
  let narrow = false;

  function show() {
    const active = document.activeElement;
    const inside = active && frame.contains(active);
    const focused = inside ? keyOf(active.closest("[data-action]")) : null;
    frame.innerHTML = model.get("svg");
    const svg = frame.querySelector("svg");
    if (svg) {
      frame.dataset.turn = svg.getAttribute("data-turn") || "";
      frame.dataset.player = svg.getAttribute("data-player") || "";
      applyLayout(svg, narrow);
    }
    if (!inside) return;
    const again = focused && [...frame.querySelectorAll("[data-action]")]
      .find((element) => keyOf(element) === focused);
    (again || frame).focus({ preventScroll: true });
  }

  function resize() {
    const now = el.clientWidth > 0 && el.clientWidth < model.get("narrow_below");
    if (now === narrow) return;
    narrow = now;
    frame.classList.toggle("narrow", narrow);
    const svg = frame.querySelector("svg");
    if (svg) applyLayout(svg, narrow);
  }

  function send(element) {
    const action = actionOf(element);
    if (action) model.send(action);
  }

  frame.addEventListener("click", (event) => {
    const element = event.target.closest("[data-action]");
    if (element && frame.contains(element)) send(element);
  });
  frame.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "Escape") {
      event.preventDefault();
      model.send({ action: "cancel" });
      return;
    }
    if (event.key !== "Enter" && event.key !== " ") return;
    const element = event.target.closest && event.target.closest("[data-action]");
    if (!element || !frame.contains(element)) return;
    event.preventDefault();  // Space would scroll the page
    send(element);
  });

  const observer = new ResizeObserver(resize);
  observer.observe(el);
  model.on("change:svg", show);
  model.on("change:narrow_below", resize);
  resize();
  show();
  return () => {
    observer.disconnect();
    model.off("change:svg", show);
    model.off("change:narrow_below", resize);
  };
}
export default { render };
