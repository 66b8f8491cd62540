// Optional: Escape closes a dismissible dialog by following its close link.
// Everything works without it.
document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape" || event.defaultPrevented) return;
  const close = document.querySelector("dialog[open] a[data-close], dialog[open] a[rel='close'], dialog[open] .dialog-close, dialog[open] .modal-close");
  if (close && close.href) {
    event.preventDefault();
    window.location.assign(close.href);
  }
});
