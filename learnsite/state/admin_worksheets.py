"""Admin side of worksheets: the "Create New Worksheet" upload and the uploaded list (edit, delete).

Every handler checks `await AuthState.admin_of(self)` itself: any client can send any event.
The upload streams through a background handler taking rx.UploadChunkIterator, so the size limit
is enforced chunk by chunk while the body arrives (never after holding it whole).
"""

from __future__ import annotations

import asyncio
import logging
import math

import reflex as rx

from learnsite import whole_numbers
from learnsite.whole_numbers import ID_DIGITS
from learnsite.config import settings
from learnsite.services import worksheets as service
from learnsite.services.storage import get_storage
from learnsite.state.auth import ADMIN_HOME, ADMIN_LOGIN, AuthState, login_redirect
from learnsite.state.worksheets import SKILL_LABELS, SUBJECT_LABELS, category_choice, skill_choice, subject_choice
from learnsite.toast import SERVER_TROUBLE, notify

log = logging.getLogger(__name__)

UPLOAD_ID = "worksheet-pdf"
NO_FILE = "Please select a PDF file to upload."
FORM_FIELDS = ("title", "description", "category_id", "subject", "skill_type")  # the form an admin fills in
LIST_PER_PAGE = 10
# react-dropzone's error codes -> the words it would show (REFLEX_NOTES), for the accept/max settings of the page
_DROP_ERRORS = {
    "file-invalid-type": "File type must be one of application/pdf, .pdf",
    "too-many-files": "Too many files",
    "file-too-large": f"File is larger than {settings.max_upload_bytes} bytes",
    "": "That file can't be used.",
}


def _denied() -> rx.event.EventSpec:
    """DECISIONS: an admin event refused (signed out in another tab, or not an admin) goes to the admin login,
    which says which, and comes back to the dashboard after it."""
    return login_redirect(ADMIN_LOGIN, ADMIN_HOME)


def _row(view: service.WorksheetView) -> dict[str, str]:
    return {
        "id": str(view.id), "title": view.title, "description": view.description,
        "category_id": str(view.category_id or ""), "category": view.category_name,
        "subject": view.subject, "skill_type": view.skill_type,
        "subject_label": SUBJECT_LABELS.get(view.subject, ""), "skill_label": SKILL_LABELS.get(view.skill_type, ""),
        "thumbnail_url": view.thumbnail_url, "href": f"/worksheet/{view.id}",
        "created": view.created_at[:10],
    }


class AdminWorksheetState(rx.State):
    # the Create New Worksheet form
    title: str = ""
    description: str = ""
    category_id: str = ""
    subject: str = ""
    skill_type: str = ""
    categories: list[dict[str, str]] = []
    drop_messages: list[str] = []
    kept_note: str = ""
    uploading: bool = False
    progress: int = 0
    # why the server refused the form, and the field it is about ("file" or a FORM_FIELDS name): said under it
    problem: str = ""
    problem_field: str = ""
    # counts the uploads the server has finished with (however they ended): the page's Create Worksheet stays busy
    # from the press until this moves on, or until the page saw the request fail
    uploads_finished: int = 0
    # the uploaded list
    items: list[dict[str, str]] = []
    total: int = 0
    list_page: int = 1
    list_status: str = "loading"  # loading | loaded | error
    # editing one row
    edit_id: str = ""
    edit_title: str = ""
    edit_description: str = ""
    edit_category_id: str = ""
    edit_subject: str = ""
    edit_skill_type: str = ""
    edit_problem: str = ""
    edit_problem_field: str = ""
    delete_id: str = ""
    delete_title: str = ""

    @rx.var
    def list_page_count(self) -> int:
        return max(1, math.ceil(self.total / LIST_PER_PAGE))

    # ------------------------------------------------------------ loading

    @rx.event
    async def load(self):
        if not await AuthState.admin_of(self):
            return _denied()
        try:
            self.categories = await asyncio.to_thread(service.library_choices)
        except Exception:  # noqa: BLE001
            log.exception("categories failed")
            return notify("Error fetching categories", SERVER_TROUBLE, level="error")
        return AdminWorksheetState.load_list

    @rx.event
    async def load_list(self):
        if not await AuthState.admin_of(self):
            return _denied()
        try:
            views, total = await asyncio.to_thread(
                service.list_worksheets, page=self.list_page, per_page=LIST_PER_PAGE, storage=get_storage())
        except Exception:  # noqa: BLE001
            log.exception("listing worksheets failed")
            self.list_status = "error"
            return notify("Error loading worksheets", SERVER_TROUBLE, level="error")
        self.items, self.total, self.list_status = [_row(v) for v in views], total, "loaded"
        if not views and self.list_page > 1:
            self.list_page = self.list_page_count
            return AdminWorksheetState.load_list

    @rx.event
    def next_list_page(self):
        if self.list_page < self.list_page_count:
            self.list_page += 1
            return AdminWorksheetState.load_list

    @rx.event
    def previous_list_page(self):
        if self.list_page > 1:
            self.list_page -= 1
            return AdminWorksheetState.load_list

    # ------------------------------------------------------------ form fields

    # Each setter keeps only a bounded value, and only in a tab that the admin guard has let in: any
    # client can send these events, and whatever a tab keeps is stored with its state.

    async def _admin_tab(self) -> bool:
        return (await self.get_state(AuthState)).admin_access == "granted"

    def _changed(self, name: str, edit: bool = False) -> None:
        """A field the admin changes is no longer refused."""
        if edit and self.edit_problem_field == name:
            self.edit_problem = self.edit_problem_field = ""
        elif not edit and self.problem_field == name:
            self.problem = self.problem_field = ""

    @rx.event
    async def set_title(self, value: str):
        if await self._admin_tab():
            self.title = value[: service.TITLE_MAX]
            self._changed("title")

    @rx.event
    async def set_description(self, value: str):
        if await self._admin_tab():
            self.description = value[: service.DESCRIPTION_MAX]
            self._changed("description")

    @rx.event
    async def set_category_id(self, value: str):
        if await self._admin_tab():
            self.category_id = category_choice(value, self.categories)
            self._changed("category_id")

    @rx.event
    async def set_subject(self, value: str):
        if await self._admin_tab():
            self.subject = subject_choice(value)
            self._changed("subject")

    @rx.event
    async def set_skill_type(self, value: str):
        if await self._admin_tab():
            self.skill_type = skill_choice(value)
            self._changed("skill_type")

    @rx.event
    async def restore_form(self, draft: dict[str, str]):
        """The form as the page still had it when an upload request failed, put back only into a form that is
        all empty: a server that restarted meanwhile starts every tab afresh. Each field as its setter keeps it."""
        if not await self._admin_tab() or any(getattr(self, name) for name in FORM_FIELDS):
            return
        for name in FORM_FIELDS:  # each through its own setter, which bounds it
            value = draft.get(name)
            await getattr(self, f"set_{name}")(value if isinstance(value, str) else "")

    @rx.event
    async def drop_rejected(self, rejections: list[dict[str, str | int | list[str]]], kept: str = ""):
        """react-dropzone's rejections, reduced in the browser to names and error codes: the messages shown
        are our own (one per known code), never text the client sent; only in an admin's tab."""
        if not await self._admin_tab():
            return None
        messages = []
        # the first file kept is not refused: saying "a.pdf: Too many files" beside "Selected: a.pdf" contradicted it
        for r in (rejections[1:11] if kept else rejections[:10]):
            name = r.get("name")
            name = name[:200] if isinstance(name, str) else ""
            codes = r.get("errors")
            reasons = [_DROP_ERRORS.get(c, _DROP_ERRORS[""]) for c in codes[:5]] if isinstance(codes, list) else []
            reasons = list(dict.fromkeys(reasons)) or [_DROP_ERRORS[""]]
            messages.append(f"{name}: {', '.join(reasons)}" if name else ", ".join(reasons))
        self.drop_messages = messages
        self.kept_note = f"Only the first file was kept: {kept[:200]}" if kept else ""
        return notify("Files not Accepted", "\n".join(messages) or "That file can't be used.", level="error")

    @rx.event
    def upload_progress(self, progress: dict[str, float | int | None]):
        fraction = progress.get("progress")
        if isinstance(fraction, (int, float)):
            self.progress = max(0, min(100, round(fraction * 100)))

    def _clear_form(self):
        self.title = self.description = self.category_id = self.subject = self.skill_type = ""
        self.problem = self.problem_field = ""
        self.drop_messages, self.kept_note = [], ""

    # ------------------------------------------------------------ the upload

    @rx.event(background=True)
    async def upload_worksheet(self, chunks: rx.UploadChunkIterator):
        try:
            async with self:
                admin = await AuthState.admin_of(self)
                if admin is None:
                    # Returning without reading the body: the server refuses the rest of it.
                    yield _denied()
                    return
                fields = dict(title=self.title, description=self.description, category_id=self.category_id,
                              subject=self.subject, skill_type=self.skill_type)
                self.uploading, self.progress = True, 0
                self.problem = self.problem_field = ""
            async for event in self._receive_and_create(chunks, fields):
                yield event
        finally:
            async with self:
                self.uploading = False
                self.uploads_finished += 1

    async def _receive_and_create(self, chunks: rx.UploadChunkIterator, fields: dict):
        iterator = chunks.__aiter__()
        try:
            first = await iterator.__anext__()
        except StopAsyncIteration:
            first = None
        if first is None or not first.filename:
            async with self:
                self.problem, self.problem_field = NO_FILE, "file"
            yield notify("No file selected", NO_FILE, level="error")
            return
        filename = first.filename.rsplit("/", 1)[-1]
        try:
            fields = await asyncio.to_thread(service.validate_fields, None, **fields)
        except service.InvalidWorksheetInput as exc:
            async with self:
                self.problem, self.problem_field = str(exc), exc.field
            yield notify("Missing Information", str(exc), level="error")
            return

        spool = service.UploadSpool(settings.max_upload_bytes, settings.data_dir / "tmp")
        try:
            spool.write(first.data)
            async for chunk in iterator:
                if chunk.filename == first.filename:  # one file: anything else sent is ignored
                    spool.write(chunk.data)
            path = spool.finish()
            view = await asyncio.to_thread(
                service.create_worksheet, None, get_storage(), pdf_path=path, original_name=filename, **fields)
        except service.DatabaseEntryFailed as exc:
            yield notify("❌ Database Entry Failed", str(exc), level="error")
            return
        except service.WorksheetError as exc:
            yield notify(f"❌ Upload Failed for {filename}", str(exc), level="error")
            return
        except Exception:  # noqa: BLE001 - whatever broke, the admin hears that it did
            log.exception("an upload failed")
            yield notify(f"❌ Upload Failed for {filename}", SERVER_TROUBLE, level="error")
            return
        finally:
            spool.discard()

        async with self:
            self._clear_form()
            self.progress = 100
            self.list_page = 1
        yield rx.clear_selected_files(UPLOAD_ID)
        yield notify("Success!", f"\"{view.title}\" has been successfully uploaded and created.", level="success")
        yield AdminWorksheetState.load_list

    # ------------------------------------------------------------ edit and delete

    @rx.event
    async def start_edit(self, worksheet_id: str):
        if not await AuthState.admin_of(self):
            return _denied()
        row = next((r for r in self.items if r["id"] == str(worksheet_id)), None)
        if row is None:
            return
        self.edit_id, self.edit_problem, self.edit_problem_field = row["id"], "", ""
        self.edit_title, self.edit_description = row["title"], row["description"]
        self.edit_category_id, self.edit_subject, self.edit_skill_type = row["category_id"], row["subject"], row["skill_type"]

    @rx.event
    def cancel_edit(self, _open: bool = False):
        self.edit_id = ""

    @rx.event
    async def set_edit_title(self, value: str):
        if await self._admin_tab():
            self.edit_title = value[: service.TITLE_MAX]
            self._changed("title", edit=True)

    @rx.event
    async def set_edit_description(self, value: str):
        if await self._admin_tab():
            self.edit_description = value[: service.DESCRIPTION_MAX]
            self._changed("description", edit=True)

    @rx.event
    async def set_edit_category_id(self, value: str):
        if await self._admin_tab():
            self.edit_category_id = category_choice(value, self.categories)
            self._changed("category_id", edit=True)

    @rx.event
    async def set_edit_subject(self, value: str):
        if await self._admin_tab():
            self.edit_subject = subject_choice(value)
            self._changed("subject", edit=True)

    @rx.event
    async def set_edit_skill_type(self, value: str):
        if await self._admin_tab():
            self.edit_skill_type = skill_choice(value)
            self._changed("skill_type", edit=True)

    @rx.event
    async def save_edit(self):
        if not await AuthState.admin_of(self):
            return _denied()
        worksheet_id = whole_numbers.parse(self.edit_id, ID_DIGITS)
        if worksheet_id is None:
            return
        try:
            view = await asyncio.to_thread(
                service.update_worksheet, None, worksheet_id, title=self.edit_title,
                description=self.edit_description, category_id=self.edit_category_id,
                subject=self.edit_subject, skill_type=self.edit_skill_type)
        except service.InvalidWorksheetInput as exc:
            self.edit_problem, self.edit_problem_field = str(exc), exc.field
            return notify("Missing Information", str(exc), level="error")
        except service.WorksheetError as exc:
            return notify("❌ Database Entry Failed", str(exc), level="error")
        except Exception:  # noqa: BLE001
            log.exception("update failed")
            return notify("❌ Database Entry Failed", SERVER_TROUBLE, level="error")
        self.edit_id = ""
        return [notify("Worksheet Updated", f"\"{view.title}\" was saved.", level="success"),
                AdminWorksheetState.load_list]

    @rx.event
    async def ask_delete(self, worksheet_id: str):
        if not await AuthState.admin_of(self):
            return _denied()
        row = next((r for r in self.items if r["id"] == str(worksheet_id)), None)
        if row is not None:
            self.delete_id, self.delete_title = row["id"], row["title"]

    @rx.event
    def cancel_delete(self, _open: bool = False):
        self.delete_id = self.delete_title = ""

    @rx.event
    async def confirm_delete(self):
        if not await AuthState.admin_of(self):
            return _denied()
        worksheet_id, title = whole_numbers.parse(self.delete_id, ID_DIGITS), self.delete_title
        self.delete_id = self.delete_title = ""
        if worksheet_id is None:
            return
        try:
            await asyncio.to_thread(service.delete_worksheet, None, get_storage(), worksheet_id)
        except service.WorksheetError as exc:
            return notify("Delete Failed", str(exc), level="error")
        except Exception:  # noqa: BLE001
            log.exception("delete failed")
            return notify("Delete Failed", SERVER_TROUBLE, level="error")
        return [notify("Worksheet Deleted", f"\"{title}\" was removed.", level="success"),
                AdminWorksheetState.load_list]
