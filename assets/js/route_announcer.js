/* The new page's title, said once the site has moved to another page inside the open document (a link, Back,
 * a redirect): learnsite/route_announcer.py. A page's title can come a moment after the page (a storybook's own
 * name once looked up), so the words wait until the page has been still for a moment. A change of the address's
 * query only (a storybook's ?page=N, the maker's options) is no new page. The first page is not announced: the
 * screen reader reads a loaded document itself. */
(function () {
  if (window.__learnsiteRouteAnnouncer) return;
  window.__learnsiteRouteAnnouncer = true;
  var SETTLE_MS = 700;
  var said = location.pathname, timer = null;
  function announce() {
    timer = null;
    var region = document.getElementById("route-announcer");
    if (location.pathname === said || !region) return;
    said = location.pathname;
    region.textContent = document.title;
  }
  function changed() {
    if (location.pathname === said) return;
    clearTimeout(timer);
    timer = setTimeout(announce, SETTLE_MS);
  }
  new MutationObserver(changed).observe(document.documentElement,
    { childList: true, subtree: true, characterData: true });
  window.addEventListener("popstate", changed);
})();
