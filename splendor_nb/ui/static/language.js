// The app's language picker (splendor_nb/ui/language_picker.py, LanguagePicker): a <select> of
// the languages, each in its own name, that sets the model's "value". Its element moves above
// the app's tab bar (the nearest .splendor-app), so that it shows whichever tab is open; outside
// the app it stays where it was put. The page's <html lang> follows the choice, for screen
// readers and for the browser's hyphenation and fonts.
function render({ model, el }) {
  const label = document.createElement("label");
  label.className = "splendor-language";
  const text = document.createElement("span");
  text.className = "splendor-language-label";
  const select = document.createElement("select");
  select.className = "splendor-language-select";
  label.append(text, select);
  const problem = document.createElement("span");
  problem.className = "splendor-language-problem";
  problem.setAttribute("role", "alert");
  el.append(problem, label);

  const draw = () => {
    select.replaceChildren(...model.get("options").map(([code, name]) => {
      const option = document.createElement("option");
      option.value = code;
      option.lang = code;  // each name in its own language
      option.textContent = name;
      return option;
    }));
    select.value = model.get("value");
    text.textContent = model.get("label");
    select.setAttribute("aria-label", model.get("label"));
    document.documentElement.lang = model.get("page_lang");
    problem.textContent = model.get("problem");
    problem.hidden = !model.get("problem");
  };
  select.addEventListener("change", () => {
    model.set("value", select.value);
    model.save_changes();
  });
  model.on("change:value change:options change:label change:page_lang change:problem", draw);
  draw();

  let tries = 0;
  const place = () => {  // the view is put in the page after it is made
    const app = el.closest(".splendor-app");
    if (!app) { if (++tries < 100) setTimeout(place, 100); return; }
    app.parentElement.insertBefore(el, app);
    el.classList.add("splendor-language-bar");
  };
  place();
  return () => model.off("change:value change:options change:label change:page_lang change:problem", draw);
}
export default { render };
