"""react-pageflip 2.0.3 (HTMLFlipBook) wrapped as a Reflex component.

Traps (see REFLEX_NOTES.md):
- Its children must be plain DOM elements. Reflex would otherwise memoize state-driven children into
  their own components and the book never initialises, so the wrapper does not memoize its children
  recursively (MemoizationLeaf). Keep the pages static: no state vars inside them.
- Give it an `id`: Reflex then keeps a ref at refs['ref_<id>'], and `flip_script(id, "flipNext")`
  drives the book through rx.call_script.
- Events carry `e.data`: on_flip gets the new page index; on_init and on_change_orientation get the mode
  ("portrait": one page at a time, "landscape": a spread).
"""

from __future__ import annotations

from typing import Any

import reflex as rx
from reflex_base.components.component import MemoizationLeaf
from reflex_base.utils.format import format_ref
from reflex_base.vars.base import Var


def _event_data(e: Var) -> tuple[Var[Any]]:
    """react-pageflip events are {data, object}: pass `data` to the handler."""
    return (Var(_js_expr=f"{e}?.data"),)


def _page_index(e: Var) -> tuple[Var[int]]:
    return (Var(_js_expr=f"({e}?.data ?? 0)", _var_type=int),)


def _init_mode(e: Var) -> tuple[Var[str]]:
    """onInit's data is {page, mode}: pass the mode ("portrait" or "landscape")."""
    return (Var(_js_expr=f"String({e}?.data?.mode ?? '')", _var_type=str),)


def _orientation(e: Var) -> tuple[Var[str]]:
    """onChangeOrientation's data is the new mode itself."""
    return (Var(_js_expr=f"String({e}?.data ?? '')", _var_type=str),)


class HTMLFlipBook(MemoizationLeaf):
    """The page-flip book. Prop names are snake_case here, camelCase in React."""

    library = "react-pageflip@2.0.3"
    tag = "HTMLFlipBook"
    is_default = True

    width: Var[int]
    height: Var[int]
    size: Var[str]  # "fixed" | "stretch"
    min_width: Var[int]
    max_width: Var[int]
    min_height: Var[int]
    max_height: Var[int]
    draw_shadow: Var[bool]
    flipping_time: Var[int]
    use_portrait: Var[bool]
    start_z_index: Var[int]
    auto_size: Var[bool]
    max_shadow_opacity: Var[float]
    show_cover: Var[bool]
    mobile_scroll_support: Var[bool]
    click_event_forward: Var[bool]
    use_mouse_events: Var[bool]
    swipe_distance: Var[int]
    show_page_corners: Var[bool]
    disable_flip_by_click: Var[bool]
    start_page: Var[int]
    render_only_page_length_change: Var[bool]

    on_flip: rx.EventHandler[_page_index]
    on_init: rx.EventHandler[_init_mode]
    on_change_orientation: rx.EventHandler[_orientation]
    on_change_state: rx.EventHandler[_event_data]


# SPEC §9: the book's settings. A move over 5 px counting as a drag and the 250 ms swipe timeout are
# constants inside page-flip itself, not props.
SPEC_PROPS: dict[str, Any] = dict(
    width=500,
    height=700,
    size="stretch",
    min_width=315,
    max_width=1000,
    min_height=420,
    max_height=1350,
    max_shadow_opacity=0.5,
    show_cover=True,
    mobile_scroll_support=True,
    flipping_time=1000,
    click_event_forward=True,
    use_mouse_events=True,
    swipe_distance=30,
    use_portrait=True,
    start_z_index=0,
    auto_size=True,
    draw_shadow=True,
    start_page=0,
    show_page_corners=True,
    disable_flip_by_click=False,
)


REDUCED_MOTION_FLIP_MS = 1  # page-flip refuses 0; 1 ms shows the next page at once


def motion_aware_flipping_time(ms: int) -> Var[int]:
    """`ms`, or REDUCED_MOTION_FLIP_MS for a reader who asked for reduced motion (read when the book mounts;
    the page is never prerendered with it, but `window` is checked for the build's prerender pass)."""
    query = "(prefers-reduced-motion: reduce)"
    return Var(_js_expr=f"((typeof window !== 'undefined' && window.matchMedia?.('{query}').matches)"
                        f" ? {REDUCED_MOTION_FLIP_MS} : {int(ms)})", _var_type=int)


def flip_book(*pages: rx.Component, id: str, **props) -> rx.Component:
    """A book with the SPEC §9 settings; `props` may override them or add event handlers."""
    settings = {**SPEC_PROPS, **props}
    settings["flipping_time"] = motion_aware_flipping_time(settings["flipping_time"])
    return HTMLFlipBook.create(*pages, id=id, **settings)


def flip_object_script(book_id: str) -> str:
    """JavaScript giving the mounted book's PageFlip object (undefined before it exists)."""
    return f"refs['{format_ref(book_id)}']?.current?.pageFlip()"


def flip_script(book_id: str, method: str) -> str:
    """JavaScript calling pageFlip().<method>() on the mounted book (a no-op before it exists)."""
    return f"{flip_object_script(book_id)}?.{method}()"
