// Radix gives focus back to a dialog's Trigger; Learnsite's popups are opened by state, so remember the
// last control focused outside any dialog and give focus back to it when the last popup closes
// (learnsite/popups/dialog.py calls window.__learnsiteRestoreFocus). A file, not an inline script:
// the Content-Security-Policy refuses inline scripts it has no hash for.
if (!window.__learnsiteFocus) {
  window.__learnsiteFocus = true;
  document.addEventListener('focusin', function (e) {
    if (e.target instanceof Element && !e.target.closest('[role=dialog]')) window.__learnsiteOpener = e.target;
  });
  window.__learnsiteRestoreFocus = function () {
    var el = window.__learnsiteOpener;
    if (!document.querySelector('[role=dialog]') && el && el.isConnected) el.focus();
  };
}
