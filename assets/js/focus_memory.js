// Radix gives focus back to a dialog's Trigger; Learnsite's popups are opened by state, so remember the
// last control focused outside any dialog and give focus back to it when the last popup closes
// (learnsite/popups/dialog.py calls window.__learnsiteRestoreFocus). A file, not an inline script:
// the Content-Security-Policy refuses inline scripts it has no hash for.
if (!window.__learnsiteFocus) {
  window.__learnsiteFocus = true;
  // a Select's list is drawn outside its dialog, and is gone when the dialog closes: not an opener
  var INSIDE = '[role=dialog], [role=alertdialog], [role=listbox], [role=option], [data-radix-popper-content-wrapper]';
  document.addEventListener('focusin', function (e) {
    if (!(e.target instanceof Element)) return;
    if (!e.target.closest(INSIDE)) { window.__learnsiteOpener = e.target; return; }
    // Radix's focus trap moves the focus without scrolling when Tab wraps round a popup: at 400% zoom Close (or,
    // by Shift+Tab, the last item) was focused out of sight. Bring it in, as a Tab within the popup would.
    var r = e.target.getBoundingClientRect();
    if (e.target.closest('[role=dialog], [role=alertdialog]') && (r.bottom > window.innerHeight || r.top < 0)) {
      e.target.scrollIntoView({ block: 'nearest' });
    }
  });
  // Sonner notes where the focus came from when it first enters the toasts, and sends it back there whenever it
  // leaves them: Shift+Tab from "Skip to content" (the toasts come first on the page) went into the toast, out,
  // and back to "Skip to content", round and round while a toast showed (a keyboard trap). The toasts stay
  // reachable by Tab; sonner (its only onFocus is that note) just never hears of the focus inside them.
  // A toast closed with its x (or gone by itself) while it had the focus still gives the focus back, as sonner did.
  var TOASTS = '[data-sonner-toaster]', beforeToasts = null;
  function inToasts(el) { return el instanceof Element && !!el.closest(TOASTS); }
  document.addEventListener('focusin', function (e) {
    if (!inToasts(e.target)) return;
    if (!inToasts(e.relatedTarget)) beforeToasts = e.relatedTarget instanceof Element ? e.relatedTarget : null;
    e.stopPropagation();
  }, true);
  document.addEventListener('focusout', function (e) {
    var gone = e.target;
    if (!inToasts(gone) || e.relatedTarget) return;
    setTimeout(function () {  // the toast gone, not the focus gone on out of the page (Shift+Tab off its top)
      var active = document.activeElement, back = beforeToasts;
      if (gone.isConnected) return;
      if ((!active || active === document.body) && back && back.isConnected) back.focus({ preventScroll: true });
    }, 0);
  }, true);
  // A button disabled while it had the focus (Login, Sign Up, Create Worksheet, Update Password while the server
  // works) dropped the keyboard to the page's body, where it stayed after the refusal: enabled again, with the
  // focus still nowhere, the button gets it back.
  var lastFocused = null, parked = null;
  document.addEventListener('focusin', function (e) { lastFocused = e.target; }, true);
  new MutationObserver(function (records) {
    records.forEach(function (r) {
      var el = r.target;
      if (!(el instanceof HTMLButtonElement)) return;
      if (el.disabled && el === lastFocused) parked = el;
      else if (!el.disabled && el === parked) {
        parked = null;
        var active = document.activeElement;
        if (el.isConnected && (!active || active === document.body)) el.focus({ preventScroll: true });
      }
    });
  }).observe(document.body, { attributes: true, attributeFilter: ['disabled'], subtree: true });
  // The page adds this script after it has drawn: a keyboard may already be on a control (tabbed there before it
  // ran), which no focusin told; it is the opener until the next one.
  var now = document.activeElement;
  if (now instanceof Element && now !== document.body && !now.closest(INSIDE)) window.__learnsiteOpener = now;
  window.__learnsiteRestoreFocus = function () {
    var el = window.__learnsiteOpener;
    if (!document.querySelector('[role=dialog], [role=alertdialog]') && el && el.isConnected) el.focus();
  };
}
