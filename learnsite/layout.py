"""The page decorator: every page is wrapped in the shared header and footer."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import reflex as rx
from reflex_components_core.el.elements.inline import A

from learnsite.header import header
from learnsite.footer import footer

SITE_TAGLINE = "Fun Learning for Kids Ages 3-10"


@dataclass
class PageSpec:
    route: str
    title: str
    component: Callable[[], rx.Component]
    on_load: Any = None
    extra: dict = field(default_factory=dict)


PAGES: list[PageSpec] = []


def in_page_link(*children, href: str, **props) -> rx.Component:
    """A plain <a href="#id">: rx.el.a is React Router's Link, which changes the address without moving the
    keyboard's place, so "Skip to content" left the next Tab in the header."""
    return A.create(*children, href=href, **props)


def shell(*children: rx.Component, **props) -> rx.Component:
    return rx.box(
        in_page_link("Skip to content", href="#main", class_name="skip-link"),
        header(),
        rx.el.main(*children, id="main", tab_index=-1, class_name="page-main", **props),
        footer(),
        # Tests and scripts wait for this: Reflex has connected and hydrated the state.
        rx.el.span(data_hydrated=rx.State.is_hydrated.to_string(), id="hydration-marker", hidden=True),
        class_name="site-shell",
    )


def page(route: str, title: str, on_load: Any = None, **extra) -> Callable:
    """Register a page; the decorated function returns the page body."""

    def decorator(body: Callable[[], rx.Component]) -> Callable[[], rx.Component]:
        def component() -> rx.Component:
            return shell(body())

        component.__name__ = body.__name__
        # Reflex bundles a page's memoized components by the page function's module: without this,
        # every page's components (react-pageflip, dropzone...) land in one bundle loaded everywhere.
        component.__module__ = body.__module__
        PAGES.append(PageSpec(route=route, title=title, component=component, on_load=on_load, extra=extra))
        return body

    return decorator


def page_title(name: str) -> str:
    return f"{name} - Learnsite"


def item_page_title(kind: str, title, loaded, found=True):
    """A content page's tab title: the item's own once looked up ("Jungle Friends - Learnsite"), not one title for
    every storybook; "Not Found - Learnsite" for an id that names nothing; the kind while it loads."""
    return rx.cond(loaded, rx.cond(found, title.to(str) + " - Learnsite", page_title("Not Found")), page_title(kind))
