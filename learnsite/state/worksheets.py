"""Visitor side of worksheets: the All Worksheets popup (browse) and the /worksheet/[id] page."""

from __future__ import annotations

import asyncio
import logging
import math
import re

import reflex as rx

from learnsite import whole_numbers
from learnsite.catalogue import worksheet_tags
from learnsite.catalogue.library import ages_tag
from learnsite.whole_numbers import ID_DIGITS
from learnsite.services import worksheets as service
from learnsite.services.storage import get_storage
from learnsite.state.popups import PopupState
from learnsite.toast import notify

log = logging.getLogger(__name__)

PER_PAGE = 12
SUBJECT_LABELS, SKILL_LABELS = worksheet_tags.SUBJECTS, worksheet_tags.SKILLS
ALL = "all"  # the value of the "any" option in the filter selects (radix select items need one)


# What a worksheet form keeps of a choice a client sent: one the library offers, else "" ("choose one").
def subject_choice(value: str) -> str:
    return value if value in SUBJECT_LABELS else ""


def skill_choice(value: str) -> str:
    return value if value in SKILL_LABELS else ""


def category_choice(value: str, categories: list[dict[str, str]]) -> str:
    return value if any(c["id"] == value for c in categories) else ""


def download_name(title: str) -> str:
    """SPEC §7: the lowercased title, non-alphanumerics replaced by underscores, plus .pdf."""
    return re.sub(r"[^a-z0-9]", "_", title.lower()) + ".pdf"


def _card(view: service.WorksheetView) -> dict[str, str]:
    return {
        "id": str(view.id), "title": view.title, "description": view.description,
        "thumbnail_url": view.thumbnail_url, "href": f"/worksheet/{view.id}",
        "category": view.category_name, "subject": SUBJECT_LABELS.get(view.subject, ""),
        "skill": SKILL_LABELS.get(view.skill_type, ""), "ages": _ages_tag(view.description),
    }


def _ages_tag(description: str) -> str:
    """"Ages 4-6" on the card: the end of a description a phone cuts at two lines (a grandparent's review)."""
    return ages_tag(service.age_range(description))


AGE_CHOICES = [(str(age), f"Age {age}") for age in service.AGES]  # the age filter's (value, label)


class WorksheetBrowserState(rx.State):
    """The All Worksheets popup: one page of results at a time, never the whole table."""

    status: str = "loading"  # loading | loaded | empty | error
    items: list[dict[str, str]] = []
    total: int = 0
    page: int = 1
    search: str = ""
    category_filter: str = ALL
    subject_filter: str = ALL
    skill_filter: str = ALL
    age_filter: str = ALL
    categories: list[dict[str, str]] = []
    error_message: str = ""
    _wanted_category: str = ""  # a category pressed in the Worksheets popup: the list opens filtered to it

    @rx.var
    def page_count(self) -> int:
        return max(1, math.ceil(self.total / PER_PAGE))

    @rx.var
    def filtering(self) -> bool:
        return bool(self.search.strip()) or any(
            f != ALL for f in (self.category_filter, self.subject_filter, self.skill_filter, self.age_filter))

    @rx.event
    async def open(self):
        """Open the popup. Its body reads the database each time it mounts (SPEC §4: reloads on open)."""
        popups = await self.get_state(PopupState)
        popups.all_worksheets_open = True

    @rx.event
    async def open_category(self, name: str):
        """A category of the Worksheets popup ("Math Practice"): All Worksheets opened showing its sheets alone.
        The tags looked like buttons and did nothing (a grandparent's review)."""
        self._wanted_category = name if name in worksheet_tags.CATEGORIES else ""
        popups = await self.get_state(PopupState)
        popups._open_only("all_worksheets_open")

    @rx.event
    def reset_and_load(self):
        """on_mount of the popup body: a fresh first page with no filters."""
        self._no_filters()
        self.page = 1
        self.status, self.items = "loading", []  # not the last open's page, shown while this one loads
        return WorksheetBrowserState.load

    @rx.event
    async def close(self):
        popups = await self.get_state(PopupState)
        popups.all_worksheets_open = False

    @rx.event
    async def load(self):
        self.status = "loading"
        yield
        try:
            categories = await asyncio.to_thread(service.list_categories)
            self.categories = [{"id": str(c["id"]), "name": c["name"]} for c in categories]
            if self._wanted_category:  # once, as the list opens: then the filter is the visitor's own
                self.category_filter = next(
                    (c["id"] for c in self.categories if c["name"] == self._wanted_category), ALL)
                self._wanted_category = ""
            views, total = await asyncio.to_thread(
                service.list_worksheets,
                search=self.search[:100],
                category_id=whole_numbers.parse(self.category_filter, ID_DIGITS),
                subject=self.subject_filter if self.subject_filter in service.SUBJECTS else "",
                skill_type=self.skill_filter if self.skill_filter in service.SKILL_TYPES else "",
                age=whole_numbers.parse(self.age_filter, 2),
                page=self.page, per_page=PER_PAGE, storage=get_storage(),
            )
        except Exception:  # noqa: BLE001 - shown to the visitor as the spec's error state
            log.exception("loading worksheets failed")
            self.items, self.total = [], 0
            # the details stay in the log: a database error can name hosts and users
            self.status, self.error_message = "error", "The worksheet library could not be reached. Please try again."
            yield notify("Error loading worksheets", self.error_message, level="error")
            return
        self.items, self.total = [_card(v) for v in views], total
        if total and not views and self.page > 1:  # the page ran past the end (rows were deleted)
            self.page = self.page_count
            yield WorksheetBrowserState.load
            return
        self.status = "loaded" if views else "empty"

    def _refilter(self):
        self.page = 1
        return WorksheetBrowserState.load

    @rx.event
    def set_search(self, value: str):
        self.search = value[:100]
        return self._refilter()

    # A filter keeps only one of its choices (any client can send any value, and the tab stores it).
    @rx.event
    def set_category_filter(self, value: str):
        self.category_filter = value if any(c["id"] == value for c in self.categories) else ALL
        return self._refilter()

    @rx.event
    def set_subject_filter(self, value: str):
        self.subject_filter = value if value in service.SUBJECTS else ALL
        return self._refilter()

    @rx.event
    def set_skill_filter(self, value: str):
        self.skill_filter = value if value in service.SKILL_TYPES else ALL
        return self._refilter()

    @rx.event
    def set_age_filter(self, value: str):
        self.age_filter = value if any(value == age for age, _ in AGE_CHOICES) else ALL
        return self._refilter()

    @rx.event
    def clear_filters(self):
        self._no_filters()
        return self._refilter()

    def _no_filters(self):
        self.search, self.category_filter, self.subject_filter, self.skill_filter = "", ALL, ALL, ALL
        self.age_filter = ALL

    @rx.event
    def next_page(self):
        if self.page < self.page_count:
            self.page += 1
            return WorksheetBrowserState.load

    @rx.event
    def previous_page(self):
        if self.page > 1:
            self.page -= 1
            return WorksheetBrowserState.load

    @rx.event
    async def choose(self):
        """A worksheet card was chosen: its link navigates; the popup closes."""
        popups = await self.get_state(PopupState)
        popups.all_worksheets_open = False


class WorksheetPageState(rx.State):
    """/worksheet/[id]: loading, then found or not found."""

    ws_status: str = "loading"  # loading | found | missing
    ws_title: str = ""
    ws_description: str = ""
    ws_file_url: str = ""
    ws_download_name: str = ""

    def _route_id(self) -> str:
        try:
            value = self.router.url.path.rstrip("/").rsplit("/", 1)[-1]
        except Exception:  # noqa: BLE001
            value = ""
        return str(value)

    @rx.event
    async def load_worksheet(self):
        raw = self._route_id()
        worksheet_id = whole_numbers.parse(raw, ID_DIGITS)
        # Read moments ago: shown at once, in one update, with no database round trip.
        view = service.recent_worksheet(worksheet_id) if worksheet_id is not None else None
        if view is None:
            self.ws_status = "loading"
            self.ws_title = self.ws_description = self.ws_file_url = self.ws_download_name = ""
            yield
            if worksheet_id is not None:
                try:
                    view = await asyncio.to_thread(service.get_worksheet, worksheet_id, storage=get_storage(),
                                                   remember=True)
                except Exception:  # noqa: BLE001
                    log.exception("loading worksheet %s failed", worksheet_id)
        if view is None:
            self.ws_status = "missing"
            return
        self.ws_title, self.ws_description = view.title, view.description
        self.ws_file_url, self.ws_download_name = view.file_url, download_name(view.title)
        self.ws_status = "found"
