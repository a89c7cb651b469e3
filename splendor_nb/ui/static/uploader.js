// A button that opens a file from the user's computer (splendor_nb/ui/downloader.py, Uploader).
// The size is checked here, before anything is sent: a file over "max_bytes" is never read and
// Python hears {type: "refused", name, size}; a file within it is sent as one binary buffer with
// {type: "file", name, size}. The input is emptied after each choice, so that the same file can
// be chosen again and the button keeps working after a refusal.
function render({ model, el }) {
  el.classList.add("splendor-uploader");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "jupyter-widgets jupyter-button widget-button splendor-uploader-button";
  const icon = document.createElement("i");
  icon.className = "fa fa-upload";
  const label = document.createElement("span");
  const input = document.createElement("input");
  input.type = "file";
  input.style.display = "none";
  button.append(icon, label);
  el.append(button, input);

  const show = () => {
    label.textContent = " " + model.get("description");
    button.title = model.get("tooltip");
    input.accept = model.get("accept");
    button.disabled = model.get("disabled");
  };
  const choose = () => input.click();
  const chosen = async () => {
    const file = input.files && input.files[0];
    input.value = "";
    if (!file) return;
    if (file.size > model.get("max_bytes")) {
      model.send({ type: "refused", name: file.name, size: file.size });
      return;
    }
    button.disabled = true;  // one file at a time; Python re-enables through "disabled"
    try {
      const buffer = await file.arrayBuffer();
      model.send({ type: "file", name: file.name, size: file.size }, undefined, [buffer]);
    } catch (problem) {
      model.send({ type: "unreadable", name: file.name, size: file.size,
                   reason: String(problem) });
    } finally {
      button.disabled = model.get("disabled");
    }
  };
  button.addEventListener("click", choose);
  input.addEventListener("change", chosen);
  model.on("change", show);
  show();
  return () => {
    model.off("change", show);
    button.removeEventListener("click", choose);
    input.removeEventListener("change", chosen);
  };
}
export default { render };
