"""route_id: the [id] segment the content pages' on_load reads, taken from the event's router data."""

from __future__ import annotations

import pytest

from learnsite.state.content_lookup import route_id
from tests.unit.auth_fixtures import client_tree


@pytest.fixture
def no_deprecated_page(monkeypatch):
    """Reflex's router.page walks the call stack to word a deprecation warning on every call."""
    from reflex.istate.data import RouterData

    def refuse(self):
        raise AssertionError("router.page was read")

    monkeypatch.setattr(RouterData, "page", property(refuse))


def test_the_route_segment_is_read_from_the_router_data(no_deprecated_page):
    assert route_id(client_tree("/activity/color-matching", query="id=color-matching")) == "color-matching"


@pytest.mark.parametrize("router_data", [{}, {"query": {}}, {"query": {"id": ["a", "b"]}}, {"query": "id=x"},
                                         {"query": {"id": "x" * 101}}])  # longer than any id: not kept
def test_a_missing_or_malformed_segment_is_empty(no_deprecated_page, router_data):
    root = client_tree("/activity/x")
    root.router_data = router_data
    assert route_id(root) == ""
