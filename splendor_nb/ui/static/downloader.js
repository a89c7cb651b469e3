// Hands a file to the browser as a download (splendor_nb/ui/downloader.py, Downloader):
// Python sends {type: "download", filename, text}, or {type: "download", filename, mime} with
// the file's bytes as the message's one buffer.
function render({ model }) {
  const onMessage = (message, buffers) => {
    if (message.type !== "download") return;
    const blob = buffers && buffers.length
      ? new Blob([buffers[0]], { type: message.mime || "application/octet-stream" })
      : new Blob([message.text], { type: "application/json" });
    const url = URL.createObjectURL(blob);
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
