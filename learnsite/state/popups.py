"""Which home-page popup is open (SPEC §2 "Popups" and "Popup flow"), and the list popups' search fields.

Every handler here is public: inputs are checked against the built-in catalogue before use.
"""

from __future__ import annotations

import re

import reflex as rx

from learnsite.safe_text import inert
from learnsite import toast
from learnsite.catalogue import library
from learnsite.catalogue.home import AGE_GROUPS, CATEGORIES, FEATURED, SITE_TAGLINE
from learnsite.catalogue.entries import list_rows
from learnsite.catalogue.filters import ALL, filter_activities, is_read_prompt, item_route, search_titles
from learnsite.state.reconnect import page_connected_again

CATEGORY_TYPES = tuple(c.type for c in CATEGORIES)
CATEGORY_TITLES = tuple(c.title for c in CATEGORIES)
AGE_GROUP_TYPES = tuple(g.type for g in AGE_GROUPS)

# The 15 open/closed flags of SPEC §2: one per category type, then the other eight.
CATEGORY_FLAGS = {kind: f"{kind}_open" for kind in CATEGORY_TYPES}
OTHER_FLAGS = (
    "age_group_open", "activity_open", "start_learning_open", "all_activities_open",
    "all_presentations_open", "all_storybooks_open", "all_audiobooks_open", "all_worksheets_open",
)
FLAGS = tuple(CATEGORY_FLAGS.values()) + OTHER_FLAGS

MAX_QUERY = 100
_HOST = re.compile(r"[A-Za-z0-9.\-:\[\]]{1,255}")


def _activity_catalogue() -> dict[str, dict]:
    """Everything the activity popup can show, by activity id."""
    known: dict[str, dict] = {}
    for group in AGE_GROUPS:
        for activity_id, name in group.popup_activities:
            known[activity_id] = {"id": activity_id, "title": name, "description": f"A fun activity for {group.age}.",
                                  "image": f"/art/activity/{activity_id}.svg", "color": group.color}
    for f in FEATURED:
        known[f.id] = {"id": f.id, "title": f.title, "description": f.description, "image": f.image,
                       "color": f.color}
    for a in library.ACTIVITIES:
        known.setdefault(a.id, {"id": a.id, "title": a.title, "color": "#7c3aed"})
        known[a.id].update(description=a.description, image=a.image)
    return known


ACTIVITY_INFO = _activity_catalogue()
_NO_ACTIVITY = {"id": "", "title": "", "description": "", "image": "", "color": "#7c3aed"}

PRESENTATION_ROWS = list_rows("powerpoint")
STORYBOOK_ROWS = list_rows("book")
AUDIOBOOK_ROWS = list_rows("audiobook")


class PopupState(rx.State):
    worksheet_open: bool = False
    flipbook_open: bool = False
    video_open: bool = False
    song_open: bool = False
    book_open: bool = False
    powerpoint_open: bool = False
    audiobook_open: bool = False
    age_group_open: bool = False
    activity_open: bool = False
    start_learning_open: bool = False
    all_activities_open: bool = False
    all_presentations_open: bool = False
    all_storybooks_open: bool = False
    all_audiobooks_open: bool = False
    all_worksheets_open: bool = False

    age_group: str = ""  # the type of the age group shown, e.g. "popup-3-4"
    activity: dict[str, str] = _NO_ACTIVITY

    activities_query: str = ""
    activities_category: str = ALL
    activities_type: str = ALL
    audiobook_query: str = ""

    host_title: str = f"Learnsite - {SITE_TAGLINE}"

    # ------------------------------------------------------------ derived lists

    @rx.var
    def activity_results(self) -> list[dict]:
        return filter_activities(CATEGORIES, self.activities_query, self.activities_category, self.activities_type)

    @rx.var
    def activity_match_count(self) -> int:
        """Items found across the categories (the popup's status line says it to a screen reader)."""
        return sum(len(r["items"]) for r in self.activity_results)

    @rx.var
    def audiobook_results(self) -> list[dict[str, str]]:
        return search_titles(AUDIOBOOK_ROWS, self.audiobook_query)

    # ------------------------------------------------------------ opening and closing

    def _close_all(self):
        # Only the open ones: every assignment is sent to the page, changed or not.
        for flag in FLAGS:
            if getattr(self, flag):
                setattr(self, flag, False)

    @rx.event
    def close_all(self):
        self._close_all()

    @rx.event
    async def page_loaded(self):
        """First in every page's on_load: a page opened (by Back, a typed address, a link) shows no popup left
        open on the last page; a page that connected again keeps the one the family had open."""
        if not await page_connected_again(self):
            self._close_all()

    @rx.event
    def set_open(self, flag: str, is_open: bool):
        """on_open_change of every dialog: Radix reports Escape, outside clicks and the close button here."""
        if flag in FLAGS:
            setattr(self, flag, bool(is_open))

    @rx.event
    def escape_pressed(self, flag: str):
        """on_escape_key_down of every popup, sent before its on_open_change.

        A popup already closed here was replaced by the click just before the Escape (the key reached
        it before the replacement showed, or while it faded out, when Radix reports no close at all):
        the person meant to close what is on screen, so the replacement closes too.
        """
        if flag in FLAGS and not getattr(self, flag):
            self._close_all()

    @rx.event
    def open_category(self, kind: str):
        """Choosing a category opens its popup and closes Start Learning and All Activities (and any other)."""
        if kind not in CATEGORY_FLAGS:
            return toast.coming_soon()
        self._close_all()
        setattr(self, CATEGORY_FLAGS[kind], True)

    @rx.event
    def open_age_group(self, group_type: str):
        if group_type not in AGE_GROUP_TYPES:
            return toast.coming_soon()  # the spec's age-group fallback
        self._close_all()
        self.age_group = group_type
        self.age_group_open = True

    @rx.event
    def open_activity(self, activity_id: str):
        if activity_id not in ACTIVITY_INFO:
            return toast.coming_soon()
        self._close_all()
        self.activity = ACTIVITY_INFO[activity_id]
        self.activity_open = True

    def _open_only(self, flag: str):
        self._close_all()
        setattr(self, flag, True)

    @rx.event
    def open_start_learning(self):
        self._open_only("start_learning_open")

    @rx.event
    def open_all_activities(self):
        self._open_only("all_activities_open")

    @rx.event
    def open_all_presentations(self):
        self._open_only("all_presentations_open")

    @rx.event
    def open_all_storybooks(self):
        self._open_only("all_storybooks_open")

    @rx.event
    def open_all_audiobooks(self):
        self.audiobook_query = ""
        self._open_only("all_audiobooks_open")

    @rx.event
    def open_all_worksheets(self):
        """Other features chain their own loading after this (the list reloads every time it opens)."""
        self._open_only("all_worksheets_open")

    @rx.event
    def choose_item(self, kind: str, name: str):
        """An item of a category popup: close the popup and go to its page (or prompt for a "Read ..." item)."""
        category = next((c for c in CATEGORIES if c.type == kind), None)
        if category is None or name not in category.items:
            return
        if is_read_prompt(name):
            return toast.notify("Please select from the list!",
                                "Use the list view to select a specific item to read.")
        route = item_route(kind, name)
        self._close_all()
        if route:
            return rx.redirect(inert(route))
        return PopupState.open_all_worksheets

    # ------------------------------------------------------------ search fields

    @rx.event
    def set_activities_query(self, value: str):
        self.activities_query = str(value)[:MAX_QUERY]

    @rx.event
    def set_activities_category(self, value: str):
        self.activities_category = value if value in CATEGORY_TITLES else ALL

    @rx.event
    def set_activities_type(self, value: str):
        self.activities_type = value if value in CATEGORY_TYPES else ALL

    @rx.event
    def set_audiobook_query(self, value: str):
        self.audiobook_query = str(value)[:MAX_QUERY]

    # ------------------------------------------------------------ the home page's document title

    @rx.event
    def load_home(self):
        """Title "{host} - Fun Learning for Kids Ages 3-10" with the host the browser actually shows."""
        return rx.call_script("window.location.host", callback=PopupState.set_host_title)

    @rx.event
    def set_host_title(self, host: str):
        if isinstance(host, str) and _HOST.fullmatch(host):
            self.host_title = f"{host} - {SITE_TAGLINE}"
