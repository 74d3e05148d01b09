/* The sticky header's height, kept as --header-height on <html>: the scroll padding (styles.css) and the toasts'
 * place (learnsite/toast.py) follow a header that grew with the reader's text size or text spacing (it is 63 px
 * at the browser's own sizes, and they assumed so). Each page brings its own header: the one on the page is
 * followed. */
(function () {
  if (window.__learnsiteHeaderHeight) return;
  window.__learnsiteHeaderHeight = true;
  var watched = null;
  function set() {
    var height = watched && watched.isConnected ? Math.round(watched.getBoundingClientRect().height) : 0;
    var value = height ? height + "px" : "";
    var root = document.documentElement;
    if (root.style.getPropertyValue("--header-height") === value) return;
    if (value) root.style.setProperty("--header-height", value);
    else root.style.removeProperty("--header-height");
  }
  var sizes = new ResizeObserver(set);
  function follow() {
    if (watched && watched.isConnected) return;
    if (watched) sizes.unobserve(watched);
    watched = document.querySelector(".site-header");
    if (watched) sizes.observe(watched);
    set();
  }
  new MutationObserver(follow).observe(document.body, { childList: true, subtree: true });
  follow();
})();
