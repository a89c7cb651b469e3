// The Analyse tab's list of games (splendor_nb/ui/analyse_tab/game_list.py, GameList): a table
// whose header buttons sort it (again: the other way), whose rows each have a button that
// opens the game, and Previous and Next for the pages. Text goes into the page as text, never
// as HTML. The browser sets sort, ascending and page; Python sends the rows again.
function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "splendor-games";
  const scroller = document.createElement("div");
  scroller.className = "splendor-games-scroll";
  const table = document.createElement("table");
  table.className = "splendor-games-table";
  const caption = document.createElement("caption");
  const head = document.createElement("thead");
  const body = document.createElement("tbody");
  table.append(caption, head, body);
  scroller.appendChild(table);
  const pager = document.createElement("div");
  pager.className = "splendor-games-pager";
  const previous = document.createElement("button");
  const next = document.createElement("button");
  const position = document.createElement("span");
  previous.className = "splendor-games-previous";
  next.className = "splendor-games-next";
  position.className = "splendor-games-page";
  position.setAttribute("aria-live", "polite");
  pager.append(previous, position, next);
  box.append(scroller, pager);
  el.appendChild(box);

  const goTo = (page) => {
    model.set("page", page);
    model.save_changes();
  };
  previous.addEventListener("click", () => goTo(Math.max(0, model.get("page") - 1)));
  next.addEventListener("click", () =>
    goTo(Math.min(model.get("pages") - 1, model.get("page") + 1)));

  function drawHead() {
    const row = document.createElement("tr");
    const sort = model.get("sort");
    const ascending = model.get("ascending");
    for (const column of model.get("columns")) {
      const cell = document.createElement("th");
      cell.scope = "col";
      cell.dataset.key = column.key;
      if (column.sortable) {
        const button = document.createElement("button");
        button.className = "splendor-games-sort";
        button.textContent = column.label;
        if (column.key === sort) {
          cell.setAttribute("aria-sort", ascending ? "ascending" : "descending");
          const arrow = document.createElement("span");
          arrow.className = "splendor-games-arrow";
          arrow.setAttribute("aria-hidden", "true");
          arrow.textContent = ascending ? " \u25b2" : " \u25bc";
          button.appendChild(arrow);
        }
        button.addEventListener("click", () => {
          model.set("ascending", column.key === model.get("sort") ? !model.get("ascending")
                                                                   : true);
          model.set("sort", column.key);
          model.set("page", 0);
          model.save_changes();
        });
        cell.appendChild(button);
      } else {
        cell.textContent = column.label;
      }
      row.appendChild(cell);
    }
    head.replaceChildren(row);
  }

  function drawBody() {
    const columns = model.get("columns");
    const rows = model.get("rows");
    const words = model.get("words");
    caption.textContent = words.label || "";
    if (!rows.length) {
      const row = document.createElement("tr");
      const cell = document.createElement("td");
      cell.colSpan = Math.max(1, columns.length);
      cell.className = "splendor-games-empty";
      cell.textContent = words.empty || "";
      row.appendChild(cell);
      body.replaceChildren(row);
    } else {
      body.replaceChildren(...rows.map((data) => {
        const row = document.createElement("tr");
        row.dataset.game = data.game;
        columns.forEach((column, index) => {
          const cell = document.createElement(index ? "td" : "th");
          if (!index) cell.scope = "row";
          cell.dataset.key = column.key;
          if (!index) {
            const button = document.createElement("button");
            button.className = "splendor-games-open";
            button.textContent = data[column.key];
            button.title = data.open;
            button.setAttribute("aria-label", data.open);
            button.addEventListener("click", () => model.send({ type: "open", game: data.game }));
            cell.appendChild(button);
          } else {
            cell.textContent = data[column.key] ?? "";
          }
          row.appendChild(cell);
        });
        return row;
      }));
    }
    const page = model.get("page"), pages = model.get("pages");
    previous.textContent = words.previous || "";
    next.textContent = words.next || "";
    position.textContent = words.page || "";
    previous.disabled = page <= 0;
    next.disabled = page >= pages - 1;
    pager.hidden = pages <= 1;
  }

  const draw = () => { drawHead(); drawBody(); };
  draw();
  model.on("change:columns", draw);
  model.on("change:sort", drawHead);
  model.on("change:ascending", drawHead);
  model.on("change:rows", drawBody);
  model.on("change:words", drawBody);
  model.on("change:pages", drawBody);
  return () => {
    model.off("change:columns", draw);
    model.off("change:sort", drawHead);
    model.off("change:ascending", drawHead);
    model.off("change:rows", drawBody);
    model.off("change:words", drawBody);
    model.off("change:pages", drawBody);
  };
}
export default { render };
