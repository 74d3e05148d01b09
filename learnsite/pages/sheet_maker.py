"""/worksheets/maker: make a worksheet to fit a child or a class, preview page 1, download the PDF; admins add it
to the library."""

from __future__ import annotations

import reflex as rx
from reflex_base.vars.base import Var

from learnsite.backend_url import BACKEND_ORIGIN, absolute, download_function
from learnsite.layout import page, page_title
from learnsite.pages.content_parts import back_home_link
from learnsite.sheets import KINDS
from learnsite.state.auth import AuthState
from learnsite.state.sheet_maker import DESCRIPTION_MAX, FIELDS_WITH_ERROR_BESIDE, TITLE_MAX, SheetMakerState as S
from learnsite.state.worksheets import SKILL_LABELS, SUBJECT_LABELS

ROUTE = "/worksheets/maker"
MADE_FAILED = "The worksheet could not be made. Please try again."
# a 503: the maker is busy, or this connection already has its share of sheets being made (sheets_api.CLIENT_MAX)
MAKER_BUSY = "The worksheet maker is busy just now. Please wait a moment, then try again."
PREVIEW_FAILED = "The preview could not be shown just now: the worksheet maker may be busy. Please try again."
# JS on the preview image: a failed load (a 503 among them; an image cannot tell which) marks it, and the note
# below it takes the place of "Making the preview...", which stayed up for good; a load, or Try again, unmarks it.
# A data attribute, not a class: React sets className again whenever the options' error comes or goes.
PREVIEW_ERROR = Var(_js_expr="(e) => e.currentTarget.setAttribute('data-failed', '')")
PREVIEW_LOADED = Var(_js_expr="(e) => e.currentTarget.removeAttribute('data-failed')")
# the first preview is in the page's HTML and may fail before React listens for it: looked at once React has.
# That HTML, built ahead, has a root-relative address (backend_url.BACKEND_ORIGIN): where the backend is on
# another origin (dev, or a split deployment), the address is first moved there (hydration does not).
PREVIEW_FAILED_EARLY = Var(
    _js_expr="() => { const i = document.getElementById('maker-preview'); if (!i) return; "
             "const at = new URL(i.src, window.location.href), origin = getBackendURL(env.PING).origin; "
             "if (at.origin !== origin) { i.removeAttribute('data-failed'); i.src = origin + at.pathname + at.search; "
             "} else if (i.complete && i.naturalWidth === 0) i.setAttribute('data-failed', ''); }",
    _var_data=BACKEND_ORIGIN._get_all_var_data())
# setting src again, even to the same address, loads it again (a failed image is not kept)
PREVIEW_RETRY = Var(_js_expr="() => { const i = document.getElementById('maker-preview'); "
                             "if (i) { i.removeAttribute('data-failed'); i.src = i.src; } }")


def _field(label, control: rx.Component, hint=None) -> rx.Component:
    return rx.el.label(
        rx.text(label, size="2", weight="bold", class_name="maker-label"),
        control,
        rx.text(hint, size="1", class_name="maker-hint") if hint is not None else rx.fragment(),
        class_name="maker-field",
    )


def _select(label, value, on_change, options, hint=None) -> rx.Component:
    items = ([rx.select.item(text, value=val) for val, text in options] if isinstance(options, list)
             else [rx.foreach(options, lambda c: rx.select.item(c["name"], value=c["id"]))])
    return _field(label, rx.select.root(
        rx.select.trigger(aria_label=label, class_name="maker-select"),
        rx.select.content(*items),
        value=value, on_change=on_change,
    ), hint)


ERROR_ID = "maker-error"


def _number(label, value, on_change, low, high, field="") -> rx.Component:
    invalid = S.error_field == field
    return _field(label, rx.input(
        type="number", value=value, on_change=on_change, debounce_timeout=250, min=low, max=high,
        input_mode="numeric", aria_label=label, size="3", class_name="maker-number",
        # back on the box, a screen reader says what is wrong with it, not only "invalid"
        aria_invalid=rx.cond(invalid, "true", "false") if field else "false",
        aria_describedby=rx.cond(invalid, ERROR_ID, "") if field else "",
    ))


def _error(shown) -> rx.Component:
    return rx.cond(shown, rx.callout(S.error, icon="triangle-alert", color_scheme="red", role="alert",
                                     class_name="maker-error", id=ERROR_ID), rx.fragment())


def _error_beside(field: str) -> rx.Component:
    """The options' error, under the option it is about (one of FIELDS_WITH_ERROR_BESIDE)."""
    assert field in FIELDS_WITH_ERROR_BESIDE, field
    return _error(S.error_field == field)


LETTERS = [(str(n), chr(ord("A") + n - 1)) for n in range(1, 27)]


def _options() -> rx.Component:
    return rx.vstack(
        # the kind's names say no age (a grandparent's review): said under the choice
        _select("Kind of worksheet", S.kind, S.set_kind, [(k, spec.label) for k, spec in KINDS.items()],
                hint=rx.match(S.kind, *[(k, f"For ages {spec.ages}.") for k, spec in KINDS.items()], "")),
        rx.cond(S.has_range, rx.cond(
            S.kind == "letter-tracing",
            # letters are picked as letters, not as their places in the alphabet
            rx.grid(_select("Letters from", S.low, S.set_low, LETTERS), _select("to", S.high, S.set_high, LETTERS),
                    columns="2", spacing="3", width="100%"),
            rx.grid(
                # named as labelled ("Numbers from", "to"): a voice user says what they see
                _number(S.range_label, S.low, S.set_low, S.range_min, S.range_max, field="range"),
                _number("to", S.high, S.set_high, S.range_min, S.range_max, field="range"),
                columns="2", spacing="3", width="100%",
            ),
        ), rx.fragment()),
        rx.cond(S.has_range & (S.kind != "letter-tracing"),
                rx.text("Use ", S.range_hint, ".", size="1", class_name="maker-hint"), rx.fragment()),
        _error_beside("range"),
        rx.cond(S.has_count, _number(S.count_label, S.count, S.set_count, S.count_min, S.count_max, field="count"),
                rx.fragment()),
        _error_beside("count"),
        rx.cond(S.has_level, _select("Level", S.level, S.set_level, S.level_choices), rx.fragment()),
        _error_beside("level"),
        rx.cond(S.has_carrying, _select(S.carrying_label, S.carrying, S.set_carrying,
                                        [("any", "Some problems, or none"), ("none", "No problems"),
                                         ("only", "Every problem")], hint=S.carrying_hint),
                rx.fragment()),
        _error_beside("carrying"),
        rx.cond(S.has_case, _select("Letters", S.case, S.set_case,
                                    [("both", "Capital and small"), ("upper", "Capital letters"),
                                     ("lower", "Small letters")]), rx.fragment()),
        _select("Paper size", S.paper, S.set_paper, [("A4", "A4"), ("Letter", "US Letter")]),
        rx.el.label(rx.checkbox(checked=S.name_line, on_change=S.set_name_line, size="3",
                                aria_label="Name, date and score line"),
                    rx.text("Name, date and score line", size="3"), class_name="maker-check"),
        rx.cond(S.has_key, rx.el.label(rx.checkbox(checked=S.answer_key, on_change=S.set_answer_key, size="3",
                                                   aria_label="Answer key (on its own page)"),
                                       rx.text("Answer key (on its own page)", size="3"), class_name="maker-check"),
                rx.fragment()),
        rx.flex(
            _number("Sheet number", S.seed, S.set_seed, 0, 999_999, field="seed"),
            rx.button(rx.icon("shuffle", size=18, aria_hidden="true"), "New sheet number", on_click=S.new_seed,
                      variant="soft", size="3", class_name="maker-seed-button", disabled=~rx.State.is_hydrated),
            spacing="3", align="end", wrap="wrap",
        ),
        # "seed" is a plant to a parent learning English (and to a translator)
        rx.text("The same options and sheet number make the same sheet again; the number is printed at the foot of "
                "each page.",
                size="1", class_name="maker-hint"),
        _error((S.error != "") & ~S.error_beside_field),
        rx.cond(
            S.error != "",
            rx.button(rx.icon("download", aria_hidden="true"), "Download PDF", size="4", disabled=True),
            # fetched and saved by script: the client router would take a plain same-origin link
            # unavailable until the page is live (on a slow phone it showed 12 s before, and a tap did nothing)
            rx.button(rx.icon("download", aria_hidden="true"), "Download PDF", size="4", disabled=~rx.State.is_hydrated,
                      on_click=rx.call_function(download_function(absolute("/make-sheet/sheet.pdf?" + S.query),
                                                                  S.file_name, MADE_FAILED, MAKER_BUSY))),
        ),
        spacing="3",
        width="100%",
        class_name="maker-options",
    )


def _preview() -> rx.Component:
    return rx.vstack(
        rx.heading("Preview of page 1", size="4", as_="h2"),
        # options that cannot make a sheet leave the last good one here: it must not look like theirs
        rx.cond(S.error != "", rx.text("This is the last sheet your options made. Fix what the red note says to see "
                                       "the new one.", size="2", weight="bold", class_name="maker-stale-note"),
                rx.fragment()),
        rx.box(
            # shows through until the (opaque) page image has loaded over it
            rx.text("Making the preview...", size="3", class_name="maker-preview-wait", aria_hidden="true"),
            rx.image(src=absolute("/make-sheet/preview.png?" + S.query),
                     alt="Preview of the first page of the worksheet", class_name="maker-preview", id="maker-preview",
                     custom_attrs={"onError": PREVIEW_ERROR, "onLoad": PREVIEW_LOADED},
                     on_mount=rx.call_function(PREVIEW_FAILED_EARLY)),
            rx.flex(rx.text(PREVIEW_FAILED, size="3"),
                    rx.button(rx.icon("refresh-cw", aria_hidden="true"), "Try again", variant="soft", size="3",
                              on_click=rx.call_function(PREVIEW_RETRY)),
                    direction="column", align="center", justify="center", spacing="3",
                    class_name="maker-preview-failed", role="status"),
            class_name=rx.cond(S.error != "", "maker-preview-frame is-stale", "maker-preview-frame"),
        ),
        spacing="2",
        width="100%",
        class_name="maker-preview-panel",
    )


def _library_form() -> rx.Component:
    return rx.card(
        rx.vstack(
            rx.heading("Add to the library", size="5", as_="h2"),
            rx.text("Adds this sheet to All Worksheets, like an upload.", size="2"),
            _field("Title", rx.input(value=S.lib_title, on_change=S.set_lib_title, max_length=TITLE_MAX, size="3",
                                     aria_label="Title")),
            _field("Description", rx.text_area(value=S.lib_description, on_change=S.set_lib_description,
                                               max_length=DESCRIPTION_MAX, aria_label="Description")),
            rx.grid(
                _select("Category", S.lib_category_id, S.set_lib_category_id, S.categories),
                _select("Subject", S.lib_subject, S.set_lib_subject, list(SUBJECT_LABELS.items())),
                _select("Skill type", S.lib_skill_type, S.set_lib_skill_type, list(SKILL_LABELS.items())),
                columns={"initial": "1", "sm": "3"}, spacing="3", width="100%",
            ),
            rx.button(rx.icon("library", aria_hidden="true"), "Add to Library", on_click=S.add_to_library,
                      loading=S.adding, disabled=S.error != "", size="3"),
            spacing="3",
            width="100%",
        ),
        class_name="maker-library",
    )


@page(route=ROUTE, title=page_title("Worksheet Maker"), on_load=S.load)
def sheet_maker() -> rx.Component:
    return rx.vstack(
        back_home_link(),
        rx.heading("Worksheet Maker", size="8", as_="h1"),
        rx.text("Make a printable worksheet just right for your child or class: choose a kind and its options, "
                "check the preview, then download the PDF.", size="4"),
        rx.grid(
            rx.card(_options(), class_name="maker-card"),
            _preview(),
            columns={"initial": "1", "md": "2"},
            spacing="5",
            width="100%",
        ),
        rx.cond(AuthState.user_role == "admin", _library_form(), rx.fragment()),
        spacing="4",
        width="100%",
        class_name="maker-page",
    )
