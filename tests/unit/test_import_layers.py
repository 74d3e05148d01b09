"""Imports flow one way: pages -> state -> services -> models. Read from the source (every import, also one inside
a function), so a shortcut taken to dodge an import cycle shows here."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import learnsite

ROOT = Path(learnsite.__file__).parent
# what each layer's modules may not import: the layers above them
PAGE_CODE = ("learnsite.pages", "learnsite.popups", "learnsite.layout", "learnsite.header", "learnsite.footer",
             "learnsite.stars_badge", "learnsite.connection_banner", "learnsite.route_announcer")
# Reflex's states, events and components; reflex.config and reflex.utils are allowed to the services that adapt
# HTTP to Reflex (the files route reads its CORS origins, the security headers its build folder)
REFLEX_APP = ("reflex", "reflex.state", "reflex.app", "reflex.event", "reflex.components", "reflex_components_core")
FORBIDDEN = {
    "state": PAGE_CODE,
    "services": PAGE_CODE + ("learnsite.state", "learnsite.guard") + REFLEX_APP,
    "games": PAGE_CODE + ("learnsite.state", "learnsite.services") + REFLEX_APP,
    "sheets": PAGE_CODE + ("learnsite.state", "learnsite.services") + REFLEX_APP,
    "catalogue": PAGE_CODE + ("learnsite.state", "learnsite.services") + REFLEX_APP,
    "models": PAGE_CODE + ("learnsite.state", "learnsite.services", "learnsite.guard") + REFLEX_APP,
}


def _imports(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def _within(name: str, above: str) -> bool:
    """Whether the imported `name` is `above` or inside it ("reflex" itself: only `import reflex` and
    `from reflex import ...`, not its submodules)."""
    return name == above or (above != "reflex" and name.startswith(above + "."))


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_a_layer_imports_nothing_above_it(layer):
    wrong = {
        f"{path.relative_to(ROOT)}: {name}"
        for path in ((ROOT / layer).rglob("*.py") if (ROOT / layer).is_dir() else [ROOT / f"{layer}.py"])
        for name in _imports(path)
        if any(_within(name, above) for above in FORBIDDEN[layer])
    }
    assert not wrong, sorted(wrong)
