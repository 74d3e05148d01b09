"""What a CSS system colour (Highlight, GrayText...) computes to in the page: forced-colours tests compare the
page's own elements with it. Pass SYSTEM to page.evaluate with the colour's name, or use HIGHLIGHT."""

SYSTEM = """(name) => { const probe = document.createElement('div'); probe.style.background = name;
  document.body.append(probe); const c = getComputedStyle(probe).backgroundColor; probe.remove(); return c; }"""
HIGHLIGHT = f"() => ({SYSTEM})('Highlight')"
