// The printouts' "Print" button (no inline script: the Content-Security-Policy forbids it).
document.addEventListener("DOMContentLoaded", () => {
  const button = document.getElementById("print");
  if (button) button.addEventListener("click", () => window.print());
});
