"""Colours and shared styles."""

INK = "#1f2937"
MUTED = "#4b5563"
PAPER = "#fffdf7"

FONT_STACK = (
    '"Nunito", "Comic Sans MS", "Trebuchet MS", system-ui, -apple-system, '
    '"Segoe UI", Roboto, sans-serif'
)

STYLESHEETS = ["/styles.css"] + [f"/css/{name}.css" for name in
                                 ("home", "content", "accounts", "worksheets", "chat", "sound", "games")]

BASE_STYLE = {
    "font_family": FONT_STACK,
    "color": INK,
    "background_color": PAPER,
}
