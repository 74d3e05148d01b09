"""The page decorator: every page is wrapped in the shared header and footer."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import reflex as rx
from reflex_components_core.el.elements.inline import A

from learnsite.header import header
from learnsite.footer import footer
from learnsite.state.auth import AuthState
from learnsite.state.popups import PopupState


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
        # the home popups are drawn on every page and opened by the server: a page reached by Back or a typed
        # address found the last page's popup still open over it (one connecting again keeps it)
        PAGES.append(PageSpec(route=route, title=title, component=component,
                              on_load=_on_load_list(PopupState.page_loaded, on_load), extra=extra))
        return body

    return decorator


def page_title(name: str) -> str:
    return f"{name} - Learnsite"


def item_page_title(kind: str, title, loaded, found=True):
    """A content page's tab title: the item's own once looked up ("Jungle Friends - Learnsite"), not one title for
    every storybook; "Not Found - Learnsite" for an id that names nothing; the kind while it loads."""
    return rx.cond(loaded, rx.cond(found, title.to(str) + " - Learnsite", page_title("Not Found")), page_title(kind))


def _on_load_list(first: Any, on_load: Any) -> list:
    if on_load is None:
        return [first]
    if isinstance(on_load, (list, tuple)):
        return [first, *on_load]
    return [first, on_load]


def _verifying(text: str) -> rx.Component:
    return rx.center(
        rx.vstack(
            rx.spinner(size="3"),
            rx.text(text, size="4", weight="medium"),
            align="center",
            spacing="3",
        ),
        role="status",
        class_name="auth-verifying",
    )


def _signed_out_meanwhile(guard: Any) -> rx.Component:
    """The page's session was cleared while it was open (Logout in another tab of this browser, or this tab's
    check found it revoked): the page goes at once, and its guard, run again, sends the tab to the login page
    (then back here). This tab's own Logout resets the verdict instead, so its redirect is the only one."""
    return rx.box(_verifying("You have been logged out. Taking you to the login page..."), on_mount=guard)


def _guarded_page(route: str, title: str, access: Any, guard: Any, waiting: str, on_load: Any, extra: dict) -> Callable:
    """Register a page shown once the server's guard (run first on load) granted `access`; `waiting` until then."""

    def decorator(body: Callable[[], rx.Component]) -> Callable[[], rx.Component]:
        def guarded() -> rx.Component:
            return rx.cond(
                access == "granted",
                rx.cond(AuthState.access_token != "", body(), _signed_out_meanwhile(guard)),
                _verifying(waiting),
            )

        guarded.__name__ = body.__name__
        page(route, title, on_load=_on_load_list(guard, on_load), **extra)(guarded)
        return body

    return decorator


def admin_page(route: str, title: str, on_load: Any = None, **extra) -> Callable:
    """Register an admin-only page: "Verifying Admin Access..." until the server says admin,
    else a redirect to /login/admin?next=<route>. Handlers still check admin_of() themselves."""
    return _guarded_page(route, title, AuthState.admin_access, AuthState.guard_admin, "Verifying Admin Access...",
                         on_load, extra)


def user_page(route: str, title: str, on_load: Any = None, **extra) -> Callable:
    """Register a page for signed-in users (any role); signed out → /login/user?next=<route>."""
    return _guarded_page(route, title, AuthState.user_access, AuthState.guard_user, "Checking your sign-in...",
                         on_load, extra)
