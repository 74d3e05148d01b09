"""The worksheet panel of /admin/dashboard ("Create New Worksheet" and the uploaded list).

The worksheets feature owns this module; the accounts feature places dashboard_panel() on the
admin dashboard page (rendered only once the admin guard granted access).
"""

from __future__ import annotations

import json
from typing import NamedTuple

import reflex as rx
from reflex.experimental.client_state import ClientStateVar
from reflex_base.event import EventChain
from reflex_base.utils.format import format_event_handler
from reflex_base.vars.base import LiteralVar, Var, VarData
from reflex_components_core.core.upload import get_upload_files_context_var_data

from learnsite.backend_url import OFFLINE, PAGE_TOAST
from learnsite.config import settings
from learnsite.popups.dialog import RESTORE_FOCUS_JS, pager_button
from learnsite.services.worksheets import DESCRIPTION_MAX, TITLE_MAX
from learnsite.state.admin_worksheets import FORM_FIELDS, UPLOAD_ID, AdminWorksheetState as A
from learnsite.state.worksheets import SKILL_LABELS, SUBJECT_LABELS
from learnsite.toast import SERVER_TROUBLE

ACCEPT = {"application/pdf": [".pdf"]}
UPLOAD_FAILED = "❌ Upload Failed"
UNREACHABLE = "We couldn't reach the server. Check your connection and try again."
# A.uploads_finished when Create Worksheet was pressed (-1: no press waiting); see _upload_on_click
PRESSED_AT = ClientStateVar.create("wsUploadPressedAt", default=-1)
UPLOAD_BUSY = (PRESSED_AT.value == A.uploads_finished) | A.uploading
DRAFT = "window.__learnsiteUploadDraft"  # the form when an upload request failed, until the panel mounts again


def _chain_js(*events) -> Var:
    return LiteralVar.create(EventChain.create(list(events), args_spec=lambda: []))


def _on_drop_rejected() -> Var:
    """Show what react-dropzone refused (names and error codes); on "Too many files" keep the first file if it is a PDF.

    Only names, sizes and messages go to the server, never the rejected file's bytes
    (REFLEX_NOTES: a big rejected file sent over the websocket loses the event).
    """
    chain = _chain_js(A.drop_rejected(Var("mapped", _var_type=list[dict[str, str | int | list[str]]]), Var("kept", _var_type=str)))
    return Var(
        _js_expr=f"""((rejections) => {{
  const first = rejections[0];
  const keep = rejections.length > 1 && !!first && first.errors.every((e) => e.code === "too-many-files");
  if (keep) setFilesById((byId) => ({{...byId, [{UPLOAD_ID!r}]: [first.file]}}));
  const mapped = rejections.slice(0, 10).map((r) => ({{
    name: r.file.name, size: r.file.size, type: r.file.type, errors: r.errors.map((e) => e.code),
  }}));
  const kept = keep ? first.file.name : "";
  ({chain!s})();
}})""",
        _var_type=EventChain,
        _var_data=VarData.merge(get_upload_files_context_var_data(), chain._get_all_var_data()),
    )


def _upload_on_click() -> Var:
    """JS for Create Worksheet: send the selected PDF to the upload handler, as rx.upload_files_chunk would, but
    saying in the page when the request fails.

    Reflex's helper (utils/helpers/upload.js) only logs a failed request to the console, and its event waits in
    the queue while the websocket is down, so the admin heard nothing. The button is busy from the press until
    the server has finished with the upload (A.uploads_finished moves on) or the request failed. A 400 is the
    server refusing the upload, and its handler has said why; anything else but a 2xx gets the failure toast.
    The form stays as it was, so the admin can press again; the page also keeps it (DRAFT) in case the server
    restarted and lost it (see _on_mount). The handler runs as a background task: its updates come over the
    websocket, and the response's body carries nothing to apply.
    """
    report = _chain_js(A.upload_progress(Var("progress", _var_type=dict[str, float | int | None])))
    busy, finished, set_pressed_at = UPLOAD_BUSY, A.uploads_finished, PRESSED_AT.set
    draft = Var.create({name: getattr(A, name) for name in FORM_FIELDS})
    return Var(
        _js_expr=f"""(async () => {{
  if ({busy!s}) return;
  const setPressedAt = {set_pressed_at!s};
  setPressedAt({finished!s});
  const draft = {draft!s};
  const files = filesById?.[{UPLOAD_ID!r}] ?? [];
  const status = await new Promise((resolve) => {{
    const form = new FormData();
    files.forEach((file) => form.append("files", file, file.path || file.name));
    const xhr = new XMLHttpRequest();
    xhr.onload = () => resolve(xhr.status);
    xhr.onerror = xhr.onabort = xhr.ontimeout = () => resolve(0);
    xhr.upload.onprogress = (e) => {{
      if (!e.lengthComputable) return;
      const progress = {{loaded: e.loaded, total: e.total, progress: e.loaded / e.total}};
      ({report!s})();
    }};
    try {{
      xhr.open("POST", getBackendURL(env.UPLOAD));
      xhr.setRequestHeader("Reflex-Client-Token", getToken());
      xhr.setRequestHeader("Reflex-Event-Handler", {json.dumps(format_event_handler(A.upload_worksheet))});
      xhr.send(form);
    }} catch (error) {{
      resolve(0);
    }}
  }});
  if (status >= 200 && status < 300) return;
  setPressedAt(-1);
  if (status === 400) return;
  {DRAFT} = draft;
  const toast = {PAGE_TOAST};
  const unreached = navigator.onLine === false ? {json.dumps(OFFLINE)} : {json.dumps(UNREACHABLE)};
  const why = status ? {json.dumps(SERVER_TROUBLE)} : unreached;
  const file = files[0];  // the spec's title names the file, as the server's own failure toast does
  const title = file ? `${{{json.dumps(UPLOAD_FAILED)}}} for ${{(file.path || file.name).split("/").pop()}}`
                     : {json.dumps(UPLOAD_FAILED)};
  toast("error", title, why);
}})""",
        _var_type=EventChain,
        _var_data=VarData.merge(
            get_upload_files_context_var_data(), report._get_all_var_data(), busy._get_all_var_data(),
            draft._get_all_var_data(), set_pressed_at._get_all_var_data(),
            VarData(imports={"$/utils/state": ["getBackendURL", "getToken", "refs"],
                             "$/env.json": rx.ImportVar(tag="env", is_default=True)}),
        ),
    )


def _on_mount() -> Var:
    """Load the panel; and if an upload request failed before it mounted again (the server restarted: the admin
    guard hid the panel until it let the page in again), put the form back as the admin had it."""
    load, restore = _chain_js(A.load), _chain_js(A.restore_form(Var("draft", _var_type=dict[str, str])))
    return Var(
        _js_expr=f"""(() => {{
  ({load!s})();
  const draft = {DRAFT};
  delete {DRAFT};
  if (draft) ({restore!s})();
}})""",
        _var_type=EventChain,
        _var_data=VarData.merge(load._get_all_var_data(), restore._get_all_var_data()),
    )


def _step(number: str, title: str, *children) -> rx.Component:
    return rx.vstack(
        rx.hstack(rx.el.span(number, class_name="ws-step-number", aria_hidden="true"),
                  rx.heading(title, size="4", as_="h3"), align="center"),
        *children,
        spacing="3",
        width="100%",
        class_name="ws-step",
    )


class Refusal(NamedTuple):
    """Why the server refused a form, and the name of the field it is about (the state's vars)."""

    message: Var
    field: Var


FORM = Refusal(A.problem, A.problem_field)
EDIT = Refusal(A.edit_problem, A.edit_problem_field)


def _at_fault(refusal: Refusal, name: str, control_id: str) -> dict:
    """The control's props: invalid, and described by the reason, while the refusal is about it."""
    at = refusal.field == name
    return {"aria_invalid": rx.cond(at, "true", "false"), "aria_describedby": rx.cond(at, f"{control_id}-error", None)}


def _reason(refusal: Refusal, name: str, control_id: str, shown=True) -> rx.Component:
    """The refusal's reason under the field it is about (the toast said it too, and went)."""
    return rx.cond((refusal.field == name) & shown,
                   rx.text(rx.icon("triangle-alert", size=14, aria_hidden="true"), refusal.message, size="2",
                           id=f"{control_id}-error", class_name="ws-field-error"))


def _labelled(label: str, control_id: str, control: rx.Component, refusal: Refusal, name: str) -> rx.Component:
    return rx.box(rx.el.label(label, html_for=control_id, class_name="auth-label"), control,
                  _reason(refusal, name, control_id), class_name="ws-field")


def _text_field(label: str, control_id: str, refusal: Refusal, name: str, control=rx.input, **props) -> rx.Component:
    field = control(id=control_id, width="100%", **props, **_at_fault(refusal, name, control_id))
    return _labelled(label, control_id, field, refusal, name)


def _select(label: str, control_id: str, value, on_change, options, placeholder: str, refusal: Refusal,
            name: str) -> rx.Component:
    if isinstance(options, list):
        items = [rx.select.item(text, value=val) for val, text in options]
    else:
        items = [rx.foreach(options, lambda c: rx.select.item(c["name"], value=c["id"]))]
    return _labelled(
        label, control_id,
        rx.select.root(
            rx.select.trigger(placeholder=placeholder, id=control_id, width="100%",
                              **_at_fault(refusal, name, control_id)),
            rx.select.content(*items),
            value=value,
            on_change=on_change,
        ),
        refusal, name,
    )


def _label_file_input(upload: rx.Component, label: str) -> rx.Component:
    """rx.upload puts react-dropzone's file <input> inside the zone with no way to name it: name it here
    (screen readers and axe's "label" rule need a name for every form field)."""
    for zone in upload.children:
        for child in zone.children:
            if getattr(child, "tag", None) == "input":
                child.custom_attrs["aria-label"] = label
    return upload


FILE_ID = "ws-file"


def _dropzone() -> rx.Component:
    return rx.vstack(
        _label_file_input(rx.upload.root(
            rx.vstack(
                rx.icon("file-up", size=36, color="#7c3aed"),
                rx.text("Drag and drop a PDF here, or click to choose one", weight="bold",
                        class_name="ws-drop-idle"),
                rx.text("Drop the PDF here...", weight="bold", class_name="ws-drop-active"),
                rx.text("PDF files only", size="2", color="#4b5563"),
                align="center",
                spacing="2",
            ),
            id=UPLOAD_ID,
            accept=ACCEPT,
            max_files=1,
            multiple=False,
            **({"max_size": settings.max_upload_bytes} if settings.max_upload_bytes else {}),
            on_drop_rejected=_on_drop_rejected(),
            drag_active_style={
                "border_color": "#7c3aed",
                "background": "#ede9fe",
                "& .ws-drop-idle": {"display": "none !important"},
                "& .ws-drop-active": {"display": "block !important"},
            },
            class_name="ws-dropzone",
            aria_label="Upload PDF: drop a PDF file here or press Enter to choose one",
            tab_index=0,
            # described by the reason (not aria-invalid: react-dropzone makes its zone role="presentation")
            aria_describedby=rx.cond(FORM.field == "file", f"{FILE_ID}-error", None),
        ), "Choose a PDF worksheet"),
        # "Please select a PDF file to upload.", until one is chosen
        _reason(FORM, "file", FILE_ID, shown=rx.selected_files(UPLOAD_ID).length() == 0),
        rx.foreach(
            rx.selected_files(UPLOAD_ID),
            lambda name: rx.hstack(rx.icon("file-check", size=18, color="#16a34a"),
                                   rx.text("Selected: ", rx.text.strong(name)), align="center",
                                   class_name="ws-selected-file"),
        ),
        rx.cond(A.kept_note != "", rx.text(A.kept_note, size="2"), rx.fragment()),
        rx.cond(
            # a file refused before a good one was chosen: its message goes ("notes.txt: File type must be..." stayed
            # under "Selected: sheet.pdf"); the files dropped with a kept one keep theirs
            (A.drop_messages.length() > 0) & ((rx.selected_files(UPLOAD_ID).length() == 0) | (A.kept_note != "")),
            rx.box(rx.foreach(A.drop_messages, lambda m: rx.text(m, size="2")), class_name="ws-drop-errors",
                   role="alert"),
            rx.fragment(),
        ),
        width="100%",
        spacing="2",
    )


def _create_form() -> rx.Component:
    return rx.card(
        rx.vstack(
            rx.heading("Create New Worksheet", size="6", as_="h2"),
            _step("1", "Upload PDF", _dropzone()),
            _step(
                "2", "Details",
                _text_field("Title", "ws-title", FORM, "title", value=A.title, on_change=A.set_title,
                            placeholder="e.g. Counting Apples", max_length=TITLE_MAX),
                _text_field("Description", "ws-description", FORM, "description", control=rx.text_area,
                            value=A.description, on_change=A.set_description,
                            placeholder="What will children practise?", rows="3", max_length=DESCRIPTION_MAX),
            ),
            _step(
                "3", "Tagging",
                rx.grid(
                    _select("Category", "ws-category", A.category_id, A.set_category_id, A.categories,
                            "Choose a category", FORM, "category_id"),
                    _select("Subject", "ws-subject", A.subject, A.set_subject, list(SUBJECT_LABELS.items()),
                            "Choose a subject", FORM, "subject"),
                    _select("Skill Type", "ws-skill", A.skill_type, A.set_skill_type, list(SKILL_LABELS.items()),
                            "Choose a skill type", FORM, "skill_type"),
                    columns={"initial": "1", "sm": "3"},
                    spacing="3",
                    width="100%",
                ),
            ),
            rx.cond(
                A.uploading,
                rx.vstack(
                    rx.progress(value=A.progress, max=100, aria_label="Upload progress", class_name="ws-progress"),
                    rx.text(f"{A.progress}%", size="2"),
                    width="100%",
                    spacing="1",
                ),
                rx.fragment(),
            ),
            rx.button(
                rx.cond(UPLOAD_BUSY, "Uploading Worksheet...", "Create Worksheet"),
                on_click=_upload_on_click(),
                disabled=UPLOAD_BUSY,
                size="3",
                width="100%",
            ),
            spacing="5",
            width="100%",
        ),
        width="100%",
    )


def _row(item) -> rx.Component:
    return rx.hstack(
        rx.cond(item["thumbnail_url"] != "", rx.image(src=item["thumbnail_url"], alt="", class_name="ws-admin-thumb"),
                rx.center(rx.icon("file-text"), class_name="ws-admin-thumb")),
        rx.vstack(
            rx.link(item["title"], href=item["href"], weight="bold"),
            rx.flex(rx.badge(item["category"], variant="soft"), rx.badge(item["subject_label"], variant="soft"),
                    rx.badge(item["skill_label"], variant="soft"), rx.text(item["created"], size="1"),
                    spacing="1", wrap="wrap", align="center"),
            spacing="1",
            flex="1 1 160px",
            min_width="0",
        ),
        rx.hstack(
            rx.button(rx.icon("pencil", size=14), "Edit", variant="soft", size="2",
                      on_click=A.start_edit(item["id"]), aria_label="Edit " + item["title"]),
            rx.button(rx.icon("trash-2", size=14), "Delete", variant="soft", color_scheme="red", size="2",
                      on_click=A.ask_delete(item["id"]), aria_label="Delete " + item["title"]),
            spacing="2",
        ),
        align="center",
        spacing="3",
        wrap="wrap",
        class_name="ws-admin-list-row",
    )


def _edit_dialog() -> rx.Component:
    return rx.dialog.root(
        rx.dialog.content(
            rx.dialog.title("Edit Worksheet"),
            # a form: Enter in the title saves, as in any form (the fields' values are the state's, not the form's)
            rx.form(rx.vstack(
                # as long as the server keeps: a longer title was cut to 200 characters when saved, unsaid
                _text_field("Title", "ws-edit-title", EDIT, "title", value=A.edit_title, on_change=A.set_edit_title,
                            max_length=TITLE_MAX),
                _text_field("Description", "ws-edit-description", EDIT, "description", control=rx.text_area,
                            value=A.edit_description, on_change=A.set_edit_description, max_length=DESCRIPTION_MAX),
                _select("Category", "ws-edit-category", A.edit_category_id, A.set_edit_category_id, A.categories,
                        "Choose a category", EDIT, "category_id"),
                _select("Subject", "ws-edit-subject", A.edit_subject, A.set_edit_subject,
                        list(SUBJECT_LABELS.items()), "Choose a subject", EDIT, "subject"),
                _select("Skill Type", "ws-edit-skill", A.edit_skill_type, A.set_edit_skill_type,
                        list(SKILL_LABELS.items()), "Choose a skill type", EDIT, "skill_type"),
                rx.hstack(
                    rx.dialog.close(rx.button("Cancel", variant="soft", color_scheme="gray", type="button")),
                    rx.button("Save Changes", type="submit"),
                    justify="end",
                    width="100%",
                ),
                spacing="3",
            ), on_submit=lambda _form: A.save_edit(), reset_on_submit=False),
            max_width="520px",
            on_close_auto_focus=rx.call_script(RESTORE_FOCUS_JS),  # back to its row's Edit button
        ),
        open=A.edit_id != "",
        on_open_change=A.cancel_edit,
    )


def _delete_dialog() -> rx.Component:
    return rx.alert_dialog.root(
        rx.alert_dialog.content(
            rx.alert_dialog.title("Delete Worksheet?"),
            rx.alert_dialog.description(
                "\"" + A.delete_title + "\" and its PDF will be removed for everyone. This cannot be undone."),
            rx.hstack(
                rx.alert_dialog.cancel(rx.button("Cancel", variant="soft", color_scheme="gray")),
                rx.alert_dialog.action(rx.button("Delete", color_scheme="red", on_click=A.confirm_delete)),
                justify="end",
                spacing="2",
                margin_top="12px",
            ),
            on_close_auto_focus=rx.call_script(RESTORE_FOCUS_JS),
        ),
        open=A.delete_id != "",
        on_open_change=A.cancel_delete,
    )


def _uploaded_list() -> rx.Component:
    return rx.card(
        rx.vstack(
            rx.hstack(rx.heading("Uploaded Worksheets", size="5", as_="h2"), rx.badge(A.total), align="center"),
            rx.cond(
                A.items.length() > 0,
                rx.box(rx.foreach(A.items, _row), width="100%"),
                rx.text(rx.cond(A.list_status == "loading", "Loading...", "No worksheets uploaded yet."),
                        color="#4b5563"),
            ),
            rx.cond(
                A.list_page_count > 1,
                rx.hstack(
                    pager_button("Previous", A.previous_list_page, A.list_page <= 1),
                    rx.text(f"Page {A.list_page} of {A.list_page_count}", size="2", aria_live="polite",
                            aria_atomic="true"),
                    pager_button("Next", A.next_list_page, A.list_page >= A.list_page_count),
                    align="center",
                    justify="center",
                    width="100%",
                ),
                rx.fragment(),
            ),
            spacing="3",
            width="100%",
        ),
        width="100%",
    )


def dashboard_panel() -> rx.Component:
    return rx.vstack(
        _create_form(),
        _uploaded_list(),
        _edit_dialog(),
        _delete_dialog(),
        spacing="5",
        width="100%",
        class_name="ws-admin",
        on_mount=_on_mount(),
    )
