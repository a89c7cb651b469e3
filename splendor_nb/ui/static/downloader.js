// Hands a text file to the browser as a download (splendor_nb/ui/downloader.py, Downloader):
// Python sends {type: "download", filename, text}.
function render({ model }) {
  const onMessage = (message) => {
    if (message.type !== "download") return;
    const url = URL.createObjectURL(new Blob([message.text], { type: "application/json" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = message.filename;
    link.style.display = "none";
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
  };
  model.on("msg:custom", onMessage);
  return () => model.off("msg:custom", onMessage);
}
export default { render };
