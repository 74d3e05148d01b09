"""The worksheet maker page: options fit for the chosen kind, checked here and again by the PDF route.

The preview image and the Download link point at /make-sheet/... with `query`, the last options
that passed the checks. Admins can add the made sheet to the library through create_worksheet,
the same path and checks as an upload (the admin role is checked inside the handler).
"""

from __future__ import annotations

import asyncio
import logging
import random
import tempfile
from pathlib import Path
from typing import Literal
from urllib.parse import urlencode

import reflex as rx

from learnsite.config import settings
from learnsite.services import worksheets as service
from learnsite.services.pdf import first_page_png
from learnsite.services.storage import get_storage
from learnsite.sheets import KINDS, SheetOptionError, SheetOptions, checked, defaults, make_sheet
from learnsite.sheets.options import SEED_MAX
from learnsite.state.auth import AuthState
from learnsite.state.worksheets import category_choice, skill_choice, subject_choice
from learnsite.toast import SERVER_TROUBLE, notify

log = logging.getLogger(__name__)

Kind = Literal[tuple(KINDS)]  # set_kind's values, from the kinds themselves: the guard refuses any other
LEVELS = tuple(str(n) for n in range(1, max(spec.levels for spec in KINDS.values()) + 1))
Level = Literal[LEVELS]  # set_level's values: the most any kind has (each kind checks its own)
NUMBER_MAX_CHARS = 7
TITLE_MAX, DESCRIPTION_MAX = service.TITLE_MAX, service.DESCRIPTION_MAX  # the library form's bounds
NOT_ADMIN = ("Not Allowed", "Only administrators can add worksheets to the library.")


def query_of(options: SheetOptions) -> str:
    return urlencode({k: (int(v) if isinstance(v, bool) else v) for k, v in options.to_dict().items()})


# options whose error the page shows just under them (on a phone, the note by Download was a screen away)
FIELDS_WITH_ERROR_BESIDE = ("range", "count", "level", "carrying")
CARRYING_MEANS = "Carrying: a column adds up to 10 or more, so a 1 moves to the next column, as in 27 + 15."
BORROWING_MEANS = ("Borrowing: a top digit is smaller than the one under it, so a 1 is taken from the next column, "
                   "as in 42 − 17.")


class SheetMakerState(rx.State):
    kind: str = "addition"
    seed: str = "1"
    low: str = "0"
    high: str = "10"
    count: str = "20"
    level: str = "1"
    paper: str = "A4"
    name_line: bool = True
    answer_key: bool = True
    carrying: str = "any"
    case: str = "both"
    error: str = ""
    error_field: str = ""  # the option the error is about (SheetOptionError.field)
    query: str = query_of(defaults("addition"))
    file_name: str = defaults("addition").file_name()
    # adding to the library (admins)
    lib_title: str = ""
    lib_description: str = ""
    lib_category_id: str = ""
    lib_subject: str = ""
    lib_skill_type: str = ""
    categories: list[dict[str, str]] = []
    adding: bool = False

    # ------------------------------------------------------------ what the chosen kind offers

    @rx.var
    def error_beside_field(self) -> bool:
        return self.error_field in FIELDS_WITH_ERROR_BESIDE

    @rx.var
    def has_range(self) -> bool:
        return KINDS[self.kind].high_max > 0

    @rx.var
    def range_label(self) -> str:
        return KINDS[self.kind].range_label

    @rx.var
    def range_hint(self) -> str:
        spec = KINDS[self.kind]
        hint = f"{spec.low_min} to {spec.high_max}"  # letters are picked as letters (pages/sheet_maker.py)
        return f"{hint}; {spec.range_note}" if spec.range_note else hint

    @rx.var
    def range_min(self) -> int:
        return KINDS[self.kind].low_min

    @rx.var
    def range_max(self) -> int:
        return KINDS[self.kind].high_max

    @rx.var
    def has_count(self) -> bool:
        return KINDS[self.kind].count > 0

    @rx.var
    def count_label(self) -> str:
        return KINDS[self.kind].count_label

    @rx.var
    def count_min(self) -> int:
        return KINDS[self.kind].count_min

    @rx.var
    def count_max(self) -> int:
        return KINDS[self.kind].count_max

    @rx.var
    def has_level(self) -> bool:
        return KINDS[self.kind].levels > 0

    @rx.var
    def level_choices(self) -> list[dict[str, str]]:
        """The kind's levels, 1 the easiest."""
        n = KINDS[self.kind].levels
        return [{"id": str(i), "name": f"Level {i}" + (" (easiest)" if i == 1 else " (hardest)" if i == n else "")}
                for i in range(1, n + 1)]

    @rx.var
    def has_carrying(self) -> bool:
        return KINDS[self.kind].carrying

    @rx.var
    def carrying_label(self) -> str:
        return "Borrowing" if self.kind == "subtraction" else "Carrying"

    @rx.var
    def carrying_hint(self) -> str:
        """What the word means: a grown-up who is not a teacher may not know it (a grandparent's review)."""
        return BORROWING_MEANS if self.kind == "subtraction" else CARRYING_MEANS

    @rx.var
    def has_case(self) -> bool:
        return KINDS[self.kind].case

    @rx.var
    def has_key(self) -> bool:
        return KINDS[self.kind].has_key

    # ------------------------------------------------------------ checking

    def _raw(self) -> dict:
        return dict(kind=self.kind, seed=self.seed, low=self.low, high=self.high, count=self.count,
                    level=self.level, paper=self.paper, name_line=self.name_line, answer_key=self.answer_key,
                    carrying=self.carrying, case=self.case)

    def _options(self) -> SheetOptions:
        """The checked options, or SheetOptionError; drills also prove their carrying rule can be met."""
        options = checked(self._raw())
        if options.spec.carrying and options.carrying != "any":
            from learnsite.sheets import drills

            drills.plan(SheetOptions(**{**options.to_dict(), "count": 1}))
        return options

    def _refresh(self):
        try:
            options = self._options()
        except SheetOptionError as exc:
            self.error = str(exc)
            self.error_field = exc.field
            return
        self.error, self.error_field = "", ""
        self.query, self.file_name = query_of(options), options.file_name()

    # ------------------------------------------------------------ options

    @rx.event
    def set_kind(self, value: Kind):
        if value not in KINDS:
            return
        spec, d = KINDS[value], defaults(value)
        self.kind = value
        self.low, self.high, self.count, self.level = str(d.low), str(d.high), str(d.count), "1"
        self.answer_key = spec.has_key
        self.carrying, self.case = "any", "both"
        self._prefill_tags()
        self._refresh()

    def _number(self, value: str) -> str:
        return str(value).strip()[:NUMBER_MAX_CHARS]

    @rx.event
    def set_seed(self, value: str):
        self.seed = self._number(value)
        self._refresh()

    @rx.event
    def new_seed(self):
        self.seed = str(random.randint(1, SEED_MAX))
        self._refresh()

    @rx.event
    def set_low(self, value: str):
        self.low = self._number(value)
        self._refresh()

    @rx.event
    def set_high(self, value: str):
        self.high = self._number(value)
        self._refresh()

    @rx.event
    def set_count(self, value: str):
        self.count = self._number(value)
        self._refresh()

    @rx.event
    def set_level(self, value: Level):
        self.level = value if value in LEVELS[:KINDS[self.kind].levels] else "1"
        self._refresh()

    @rx.event
    def set_paper(self, value: Literal["A4", "Letter"]):
        self.paper = value if value in ("A4", "Letter") else "A4"
        self._refresh()

    @rx.event
    def set_name_line(self, value: bool):
        self.name_line = bool(value)
        self._refresh()

    @rx.event
    def set_answer_key(self, value: bool):
        self.answer_key = bool(value) and KINDS[self.kind].has_key
        self._refresh()

    @rx.event
    def set_carrying(self, value: Literal["any", "none", "only"]):
        self.carrying = value if value in ("any", "none", "only") else "any"
        self._refresh()

    @rx.event
    def set_case(self, value: Literal["upper", "lower", "both"]):
        self.case = value if value in ("upper", "lower", "both") else "both"
        self._refresh()

    # ------------------------------------------------------------ adding to the library

    def _prefill_tags(self):
        category, self.lib_subject, self.lib_skill_type = KINDS[self.kind].library
        self.lib_category_id = next((c["id"] for c in self.categories if c["name"] == category), "")
        self.lib_title = KINDS[self.kind].label

    @rx.event
    async def load(self):
        self._refresh()
        if not await AuthState.admin_of(self):
            self.categories = []
            return
        try:
            self.categories = await asyncio.to_thread(service.library_choices)
        except Exception:  # noqa: BLE001 - the maker works without the library form
            log.exception("categories failed")
            self.categories = []
        self._prefill_tags()

    @rx.event
    def set_lib_title(self, value: str):
        self.lib_title = str(value)[:TITLE_MAX]

    @rx.event
    def set_lib_description(self, value: str):
        self.lib_description = str(value)[:DESCRIPTION_MAX]

    @rx.event
    def set_lib_category_id(self, value: str):
        self.lib_category_id = category_choice(value, self.categories)

    @rx.event
    def set_lib_subject(self, value: str):
        self.lib_subject = subject_choice(value)

    @rx.event
    def set_lib_skill_type(self, value: str):
        self.lib_skill_type = skill_choice(value)

    @rx.event(background=True)
    async def add_to_library(self):
        async with self:
            if self.adding:
                return
            if not await AuthState.admin_of(self):
                yield notify(*NOT_ADMIN, level="error")
                return
            try:
                options = self._options()
            except SheetOptionError as exc:
                yield notify("Check the options", str(exc), level="error")
                return
            fields = dict(title=self.lib_title, description=self.lib_description, category_id=self.lib_category_id,
                          subject=self.lib_subject, skill_type=self.lib_skill_type)
            self.adding = True
        try:
            view = await asyncio.to_thread(_add, options, fields)
        except service.InvalidWorksheetInput as exc:
            yield notify("Missing Information", str(exc), level="error")
            return
        except service.DatabaseEntryFailed as exc:
            yield notify("❌ Database Entry Failed", str(exc), level="error")
            return
        except (service.WorksheetError, SheetOptionError) as exc:
            yield notify("❌ Upload Failed", str(exc), level="error")
            return
        except Exception:  # noqa: BLE001
            log.exception("adding a made worksheet failed")
            yield notify("❌ Upload Failed", SERVER_TROUBLE, level="error")
            return
        finally:
            async with self:
                self.adding = False
        yield notify("Success!", f"\"{view.title}\" has been added to the worksheet library.", level="success")


def _add(options: SheetOptions, fields: dict) -> service.WorksheetView:
    """Make the sheet and create it like an upload (the same field and PDF checks)."""
    fields = service.validate_fields(None, **fields)
    sheet = make_sheet(options)
    tmp_dir = settings.data_dir / "tmp"
    tmp_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="made-", dir=tmp_dir) as tmp:
        path = Path(tmp) / sheet.file_name
        path.write_bytes(sheet.pdf)
        return service.create_worksheet(None, get_storage(), pdf_path=path, original_name=sheet.file_name,
                                        thumbnail_png=first_page_png(sheet.pdf), **fields)
