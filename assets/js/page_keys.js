// A presentation, storybook or flipbook turns its pages with the arrow keys and with a classroom clicker's Page
// Down and Page Up (its state's key_pressed). The browser would also scroll those two a screen, and the top of
// the page just turned to would be out of sight: not while a viewer is shown, nor while typing in a field.
(function () {
  if (window.__learnsitePageKeys) return;
  window.__learnsitePageKeys = true;
  window.addEventListener("keydown", function (e) {
    if (e.key !== "PageDown" && e.key !== "PageUp") return;
    if (!document.querySelector("[data-page-keys]")) return;
    var t = e.target;
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName || ""))) return;
    e.preventDefault();
  });
})();
