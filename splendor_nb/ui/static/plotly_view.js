// A plotly figure drawn as wide as its column (splendor_nb/ui/plotly_view.py, PlotlyView).
// plotly.js (the basic bundle) comes from the kernel once per page, on request (see
// loadPlotly), while the kernel builds the figure; the figure is drawn once both are here and
// the view has a width (a hidden tab has none), then redrawn to its column's width whenever
// that changes. The turn's marker, the x range and the axes' heights move with small
// relayouts; a click on a point sends its turn to Python.

// The page's one Plotly, shared by every view (a language switch builds new views, which find
// it loaded): { promise, resolve, done }. Each view's model asks the kernel for the bundle
// until one answer has come (so a view closed before its answer does not leave the others
// waiting); the first answer is the one evaluated.
const LOADED = "__splendorPlotly";

function loadPlotly(model) {
  let state = globalThis[LOADED];
  if (!state) {
    state = { done: false };
    state.promise = new Promise((resolve) => { state.resolve = resolve; });
    globalThis[LOADED] = state;
  }
  if (!state.done) {
    const receive = (message, buffers) => {
      if (message.type !== "plotly") return;
      model.off("msg:custom", receive);
      if (state.done) return;
      const source = new TextDecoder().decode(buffers[0]);
      const module = { exports: {} }; // the bundle's UMD wrapper hands Plotly to module.exports
      new Function("module", "exports", source)(module, module.exports);
      state.done = true;
      state.resolve(module.exports);
    };
    model.on("msg:custom", receive);
    model.send({ type: "plotly" });
  }
  return state.promise;
}

function xRanges(layout, end) {
  const update = {};
  for (const key of Object.keys(layout)) {
    if (/^xaxis\d*$/.test(key)) update[`${key}.range`] = [-0.5, Math.max(end, 1) + 0.5];
  }
  return update;
}

function render({ model, el }) {
  el.classList.add("splendor-plotly-view");
  const loading = document.createElement("div");
  loading.className = "splendor-muted splendor-charts-loading";
  loading.textContent = model.get("loading");
  const plot = document.createElement("div");
  plot.className = "splendor-plotly";
  el.append(loading, plot);
  let Plotly = null;
  let drawn = false;
  let width = 0;

  const figure = () => model.get("figure");
  const config = { responsive: false, displaylogo: false, scrollZoom: false };

  async function draw() {
    const { data, layout } = figure();
    if (!Plotly || !data || !el.clientWidth) return; // not yet: plotly, the figure, a width
    width = el.clientWidth; // the column's width, measured now that it has one
    await Plotly.react(plot, data, { ...layout, width, autosize: false }, config);
    if (!drawn) {
      drawn = true;
      loading.remove();
      plot.on("plotly_click", (event) => {
        const point = event.points && event.points[0];
        if (!point) return;
        const turn = Array.isArray(point.customdata) ? point.customdata[0] : point.customdata;
        model.send({ type: "click", turn });
      });
    }
  }

  function follow() {
    if (!drawn) return;
    const turn = model.get("turn");
    const update = xRanges(plot.layout, model.get("end"));
    update["shapes[0].x0"] = turn;
    update["shapes[0].x1"] = turn;
    Plotly.relayout(plot, { ...update, ...model.get("relayout") });
  }

  const resized = new ResizeObserver(() => {
    const now = el.clientWidth;
    if (!now || now === width) return;
    if (!drawn) { draw(); return; }
    width = now;
    Plotly.relayout(plot, { width: now });
  });
  resized.observe(el);

  model.on("change:figure", draw);
  model.on("change:turn", follow);
  model.on("change:end", follow);
  model.on("change:relayout", follow);
  loadPlotly(model).then((found) => { Plotly = found; draw(); });
  model.send({ type: "shown" });
  return () => {
    resized.disconnect();
    model.off("change:figure", draw);
    model.off("change:turn", follow);
    model.off("change:end", follow);
    model.off("change:relayout", follow);
    if (Plotly) Plotly.purge(plot);
  };
}

export default { render };
