"""route_id and route_page: the [id] segment and the ?page= the content pages' on_load reads, taken from the event's
router data; address_js: the script that writes the page into the address."""

from __future__ import annotations

import pytest

from learnsite.state.content_lookup import address_js, route_id, route_page
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


@pytest.mark.parametrize("query, expected", [
    ("page=3", 2),
    ("page=1", 0),
    ("page=6", 5),  # the last page
    ("page=03", 2),
    ("page=7", 0),  # past the end
    ("page=999", 0),
    ("page=0", 0),
    ("page=-2", 0),
    ("page=abc", 0),
    ("page=", 0),
    ("page=3.0", 0),
    ("page=+3", 0),
    ("page= 3", 0),
    ("page=²", 0),  # a digit to str.isdigit(), refused by int()
    ("page=" + "9" * 5000, 0),  # never reaches int()
    ("page=<reflex.Var>x</reflex.Var>", 0),
    ("", 0),
])
def test_the_asked_page_is_a_whole_number_in_range_or_the_first(no_deprecated_page, query, expected):
    assert route_page(client_tree("/storybook/x", query=query), 6) == expected


@pytest.mark.parametrize("router_data", [{}, {"query": "page=3"}, {"query": {"page": ["3"]}}, {"query": {"page": 3}}])
def test_a_malformed_page_is_the_first(router_data):
    root = client_tree("/storybook/x")
    root.router_data = router_data
    assert route_page(root, 6) == 0


def test_the_address_shows_the_page_from_the_servers_own_number():
    script = address_js("/storybook/the-brave-knight", 2)
    assert "searchParams.set('page', '3')" in script
    assert '!== "/storybook/the-brave-knight") return' in script  # another page's address is left alone
    assert "history.replaceState(window.history.state, ''" in script  # in place: no new step for Back
    first = address_js("/storybook/the-brave-knight", 0)
    assert "searchParams.delete('page')" in first and "set(" not in first
