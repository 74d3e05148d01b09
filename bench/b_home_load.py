"""Home page cold load in headless Chromium on loopback: FCP, LCP, JS and total bytes, vs the bare counter page.

Every load is cold: a new browser context (empty cache) with the cache disabled. Bytes come from the
DevTools protocol: `encodedDataLength` of every finished request (bytes on the wire, headers included)
and the sum of `dataLength` of its chunks (the decoded response bodies). JS = script responses.
LCP comes from a PerformanceObserver installed before the page's own scripts.
"""

from __future__ import annotations

from bench.common import CHROMIUM, CHROMIUM_ARGS, Result, fmt_bytes, log, median, ratio
from bench.session import Bench

LCP_TARGET_S = 1.0
JS_TARGET = 1.3

OBSERVE_LCP = """
window.__lcp = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__lcp = Math.max(window.__lcp, e.startTime);
}).observe({type: 'largest-contentful-paint', buffered: true});
"""

READ_TIMINGS = """() => {
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  const nav = performance.getEntriesByType('navigation')[0];
  return {fcp: fcp ? fcp.startTime : null, lcp: window.__lcp || null,
          dcl: nav ? nav.domContentLoadedEventEnd : null, load: nav ? nav.loadEventEnd : null};
}"""


def is_js(r: dict) -> bool:
    url = r.get("url", "").split("?")[0]
    return r.get("type") == "Script" or "javascript" in r.get("mime", "") or url.endswith((".js", ".mjs"))


def load_once(browser, url: str) -> dict:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
        reqs: dict[str, dict] = {}

        def got(e):
            r = reqs.setdefault(e["requestId"], {"decoded": 0})
            r.update(url=e["response"]["url"], type=e.get("type", ""), mime=e["response"].get("mimeType", ""))

        def data(e):
            reqs.setdefault(e["requestId"], {"decoded": 0})["decoded"] += e.get("dataLength", 0)

        def done(e):
            reqs.setdefault(e["requestId"], {"decoded": 0})["encoded"] = e.get("encodedDataLength", 0)

        cdp.on("Network.responseReceived", got)
        cdp.on("Network.dataReceived", data)
        cdp.on("Network.loadingFinished", done)
        page.add_init_script(OBSERVE_LCP)
        page.goto(url, wait_until="load", timeout=60000)
        page.wait_for_selector('#hydration-marker[data-hydrated="true"]', state="attached", timeout=60000)
        hydrated_ms = page.evaluate("performance.now()")
        page.wait_for_timeout(1000)  # let LCP settle (late images)
        t = page.evaluate(READ_TIMINGS)
        finished = [r for r in reqs.values() if "encoded" in r and "url" in r]
        js = [r for r in finished if is_js(r)]
        return {
            "fcp": t["fcp"], "lcp": t["lcp"], "dcl": t["dcl"], "load": t["load"], "hydrated": hydrated_ms,
            "requests": len(finished), "js_files": len(js),
            "js_wire": sum(r["encoded"] for r in js), "js_body": sum(r["decoded"] for r in js),
            "total_wire": sum(r["encoded"] for r in finished), "total_body": sum(r["decoded"] for r in finished),
            "js_list": sorted(((r["encoded"], r["url"].split("?")[0].rsplit("/", 1)[-1]) for r in js), reverse=True),
        }
    finally:
        context.close()


def run(bench: Bench) -> Result:
    from playwright.sync_api import sync_playwright

    bare, app = bench.bare(), bench.site()
    rounds = 3 if bench.quick else 7
    loads: dict[str, list[dict]] = {"bare": [], "site": []}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            load_once(browser, f"{bare.url}/")  # warm both servers' file caches, not counted
            load_once(browser, f"{app.url}/")
            for i in range(rounds):  # alternate, so a busy moment of the machine hits both
                loads["bare"].append(load_once(browser, f"{bare.url}/"))
                loads["site"].append(load_once(browser, f"{app.url}/"))
                log(f"home_load round {i + 1}/{rounds}: learnsite LCP {loads['site'][-1]['lcp']:.0f} ms, "
                    f"bare LCP {loads['bare'][-1]['lcp']:.0f} ms")
        finally:
            browser.close()

    def m(kind: str, key: str) -> float:
        return median([x[key] for x in loads[kind] if x[key] is not None])

    result = Result("home_load", "Home page cold load (headless Chromium, loopback, empty cache)")
    for key, label in (("fcp", "First contentful paint"), ("lcp", "Largest contentful paint"),
                       ("dcl", "DOMContentLoaded"), ("load", "load event"), ("hydrated", "hydrated (events work)")):
        s, b = m("site", key), m("bare", key)
        target, ok = ("", None)
        if key == "lcp":
            target, ok = f"≤ {LCP_TARGET_S * 1000:.0f} ms", s <= LCP_TARGET_S * 1000
        result.add(f"{label} (median of {rounds})", f"{s:.0f} ms", f"{b:.0f} ms", ratio(s, b), target, ok)
    for key, label in (("js_wire", "JS bytes transferred"), ("js_body", "JS bytes (decoded bodies)"),
                       ("total_wire", "Total bytes transferred"), ("total_body", "Total bytes (decoded bodies)")):
        s, b = m("site", key), m("bare", key)
        target, ok = ("", None)
        if key == "js_wire":
            target, ok = f"≤ {JS_TARGET}× bare", s <= JS_TARGET * b
        result.add(label, fmt_bytes(s), fmt_bytes(b), ratio(s, b), target, ok)
    result.add("Requests (JS files)", f"{m('site', 'requests'):.0f} ({m('site', 'js_files'):.0f})",
               f"{m('bare', 'requests'):.0f} ({m('bare', 'js_files'):.0f})")
    for kind, label in (("site", "Learnsite"), ("bare", "Bare app")):
        files = loads[kind][-1]["js_list"]
        result.notes.append(f"{label} JS files (on the wire, largest first): "
                            + ", ".join(f"{n} {fmt_bytes(size)}" for size, n in files[:8]))
    return result

