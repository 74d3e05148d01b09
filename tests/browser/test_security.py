"""The CSP watch every browser test runs under catches a refused script (so a clean suite means something)."""

from __future__ import annotations

from tests import conftest
from tests.conftest import open_page


def test_an_injected_inline_script_is_refused_and_reported(page):
    open_page(page, "/")
    before = len(conftest.CSP_VIOLATIONS)
    page.evaluate("""() => {
      const s = document.createElement("script");
      s.textContent = "window.__injected = true";
      document.body.appendChild(s);
    }""")
    assert page.evaluate("window.__injected === undefined")  # the policy refused it
    for _ in range(50):  # the page's event and the console error arrive separately
        caught = conftest.CSP_VIOLATIONS[before:]
        if any(v.startswith("console:") for v in caught) and any("script-src" in v and "console" not in v
                                                                  for v in caught):
            break
        page.wait_for_timeout(100)
    del conftest.CSP_VIOLATIONS[before:]  # expected here: the teardown check must not fail this test
    assert any("script-src" in v for v in caught), caught
