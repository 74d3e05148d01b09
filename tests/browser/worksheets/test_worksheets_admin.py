"""Admins: upload with a real progress bar, validation toasts, dropzone messages, edit and delete;
a non-admin's forged upload stores nothing."""

from __future__ import annotations

import re
import secrets

from playwright.sync_api import expect

from learnsite.backend_url import OFFLINE
from learnsite.pages.dashboard_panel import UNREACHABLE, UPLOAD_FAILED
from learnsite.toast import SERVER_TROUBLE
from tests.browser.system_colours import HIGHLIGHT
from tests.browser.worksheets.conftest import drop_files, open_all_worksheets, run_in_app_env, sign_in
from tests.conftest import hold_requests, toast, wait_held, wait_hydrated, window
from tests.worksheet_pdfs import make_pdf

ZONE = ".ws-dropzone"
UPLOAD_HANDLER = (
    "reflex___state____state.learnsite___state___admin_worksheets____admin_worksheet_state.upload_worksheet"
)


def _admin(page, app_server):
    sign_in(page, app_server, f"admin-{secrets.token_hex(4)}@example.com", "admin-pass-123", "admin")
    expect(page).to_have_url(re.compile(r"/admin/dashboard"))
    expect(page.get_by_role("heading", name="Create New Worksheet")).to_be_visible()


def _choose(page, label: str, option: str):
    page.get_by_role("combobox", name=label).click()
    page.get_by_role("option", name=option, exact=True).click()


def _count_rows_and_files(app_server) -> tuple[int, int]:
    out = run_in_app_env(app_server, """
        from sqlmodel import select, func
        from learnsite.config import settings
        from learnsite.db import session_scope
        from learnsite.models import Content
        with session_scope() as s:
            rows = s.exec(select(func.count()).select_from(Content)).one()
        folder = settings.files_dir / "worksheets"
        files = len(list(folder.iterdir())) if folder.exists() else 0
        print(rows, files)
    """)
    rows, files = out.split()[-2:]
    return int(rows), int(files)


def test_admin_upload_with_progress_then_visitor_downloads(page, browser, app_server, tmp_path):
    _admin(page, app_server)
    pdf = make_pdf("Big Number Hunt", padding=1_500_000)
    page.locator(f"{ZONE} input[type=file]").set_input_files(
        files=[{"name": "Big Number Hunt.pdf", "mimeType": "application/pdf", "buffer": pdf}])
    expect(page.get_by_text("Big Number Hunt.pdf")).to_be_visible()
    page.get_by_label("Title").fill("Big Number Hunt")
    page.get_by_label("Description").fill("Find and circle the numbers 1 to 20.")
    _choose(page, "Category", "Math Practice")
    _choose(page, "Subject", "Math")
    _choose(page, "Skill Type", "Counting")

    cdp = page.context.new_cdp_session(page)  # slow the upload so the progress bar is really seen
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 20,
                                                   "downloadThroughput": -1, "uploadThroughput": 300_000})
    page.get_by_role("button", name="Create Worksheet").click()
    expect(page.get_by_role("button", name="Uploading Worksheet...")).to_be_visible()
    progress = page.get_by_role("progressbar", name="Upload progress")
    expect(progress).to_be_visible()
    # in forced colours (Windows high contrast) it still shows: a track with an edge, filled with the highlight
    page.emulate_media(forced_colors="active")
    fill = progress.locator(".rt-ProgressIndicator").evaluate("el => getComputedStyle(el).backgroundColor")
    assert fill == page.evaluate(HIGHLIGHT)
    assert progress.evaluate("el => getComputedStyle(el).borderTopStyle") == "solid"
    page.emulate_media(forced_colors="none")
    expect(page.get_by_text(re.compile(r"^([1-9]|[1-9]\d)%$"))).to_be_visible(timeout=20000)  # partway
    expect(page.get_by_text("Success!")).to_be_visible(timeout=60000)
    expect(page.get_by_text('"Big Number Hunt" has been successfully uploaded and created.')).to_be_visible()
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 0,
                                                   "downloadThroughput": -1, "uploadThroughput": -1})
    expect(page.get_by_label("Title")).to_have_value("")
    expect(page.get_by_text("Big Number Hunt.pdf")).to_have_count(0)
    expect(page.get_by_role("button", name="Create Worksheet")).to_be_enabled()
    expect(page.get_by_role("link", name="Big Number Hunt")).to_be_visible()  # in the uploaded list

    with window(browser, app_server, 1280, 900) as v:
        v.goto("/")
        wait_hydrated(v)
        open_all_worksheets(v)
        v.get_by_role("dialog", name="All Worksheets").get_by_role("link", name=re.compile("Big Number Hunt")).click()
        expect(v.get_by_role("heading", name="Big Number Hunt")).to_be_visible()
        with v.expect_download() as info:
            v.get_by_role("button", name="Download PDF").click()
        assert info.value.suggested_filename == "big_number_hunt.pdf"
        info.value.save_as(tmp_path / "got.pdf")
        assert (tmp_path / "got.pdf").read_bytes() == pdf


def _expect_said_at(field, reason: str) -> None:
    """The refusal stays under the field it is about (the toast goes after 5 s), which is invalid and described
    by it."""
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(field).to_have_accessible_description(reason)


def test_validation_toasts(page, app_server):
    _admin(page, app_server)
    title, create = page.get_by_label("Title"), page.get_by_role("button", name="Create Worksheet")
    create.click()
    expect(page.get_by_text("No file selected")).to_be_visible()
    expect(toast(page).get_by_text("Please select a PDF file to upload.")).to_be_visible()
    zone = page.get_by_label("Upload PDF: drop a PDF file here or press Enter to choose one")
    expect(zone).to_have_accessible_description("Please select a PDF file to upload.")
    page.locator(f"{ZONE} input[type=file]").set_input_files(
        files=[{"name": "sheet.pdf", "mimeType": "application/pdf", "buffer": make_pdf()}])
    expect(page.locator(".ws-field-error")).to_have_count(0)  # a file chosen: nothing more to say there
    create.click()
    expect(toast(page).get_by_text("Please enter a title for the worksheet.")).to_be_visible()
    _expect_said_at(title, "Please enter a title for the worksheet.")
    expect(page.locator(".ws-field-error")).to_have_count(1)
    expect(page.get_by_role("combobox", name="Category")).to_have_attribute("aria-invalid", "false")
    title.fill("Half Done")
    expect(title).to_have_attribute("aria-invalid", "false")  # mended: the reason goes
    expect(page.locator(".ws-field-error")).to_have_count(0)
    create.click()  # the tags, checked in the form's order
    expect(toast(page).get_by_text("Please choose a category.")).to_be_visible()
    _expect_said_at(page.get_by_role("combobox", name="Category"), "Please choose a category.")
    expect(title).to_have_attribute("aria-invalid", "false")
    _choose(page, "Category", "Math Practice")
    create.click()
    expect(toast(page).get_by_text("Please choose a subject.")).to_be_visible()
    _expect_said_at(page.get_by_role("combobox", name="Subject"), "Please choose a subject.")
    expect(page.get_by_role("combobox", name="Category")).to_have_attribute("aria-invalid", "false")


def test_a_refused_create_by_keyboard_keeps_the_focus_on_its_button(page, app_server):
    """Create Worksheet goes disabled while the server checks: the keyboard was left on the page's body."""
    _admin(page, app_server)
    create = page.get_by_role("button", name="Create Worksheet")
    create.focus()
    page.keyboard.press("Enter")
    expect(toast(page).get_by_text("Please select a PDF file to upload.")).to_be_visible()
    expect(create).to_be_enabled()
    expect(create).to_be_focused()


def test_fake_pdf_is_refused_by_the_server(page, app_server):
    _admin(page, app_server)
    before = _count_rows_and_files(app_server)
    page.locator(f"{ZONE} input[type=file]").set_input_files(
        files=[{"name": "notes.pdf", "mimeType": "application/pdf", "buffer": b"just text, not a PDF\n" * 50}])
    page.get_by_label("Title").fill("Not Really")
    _choose(page, "Category", "Word Puzzles")
    _choose(page, "Subject", "Literacy")
    _choose(page, "Skill Type", "Reading")
    page.get_by_role("button", name="Create Worksheet").click()
    expect(page.get_by_text("❌ Upload Failed for notes.pdf")).to_be_visible()
    assert _count_rows_and_files(app_server) == before


def test_dropzone_messages(page, app_server):
    _admin(page, app_server)
    drop_files(page, ZONE, [("sheet.pdf", "application/pdf", make_pdf())], event="dragenter")
    expect(page.get_by_text("Drop the PDF here...")).to_be_visible()
    drop_files(page, ZONE, [("sheet.pdf", "application/pdf", make_pdf())], event="dragleave")
    expect(page.get_by_text("Drop the PDF here...")).to_be_hidden()

    drop_files(page, ZONE, [("notes.txt", "text/plain", b"hello")])
    expect(page.get_by_role("alert").get_by_text(re.compile(r"notes\.txt: File type must be"))).to_be_visible()

    drop_files(page, ZONE, [("first.pdf", "application/pdf", make_pdf("One")),
                            ("second.pdf", "application/pdf", make_pdf("Two"))])
    expect(page.get_by_role("alert").get_by_text("second.pdf: Too many files")).to_be_visible()
    expect(page.get_by_text("first.pdf: Too many files")).to_have_count(0)  # it was kept, not refused
    expect(page.get_by_text("Only the first file was kept: first.pdf")).to_be_visible()
    expect(page.get_by_text(re.compile(r"^Selected:"))).to_have_text("Selected: first.pdf")

    drop_files(page, ZONE, [("notes.txt", "text/plain", b"hello")])
    expect(page.get_by_role("alert").get_by_text(re.compile(r"notes\.txt: File type must be"))).to_be_visible()
    expect(page.get_by_text(re.compile(r"^Selected:"))).to_have_count(0)
    drop_files(page, ZONE, [("good.pdf", "application/pdf", make_pdf("Good"))])  # the refusal before it goes
    expect(page.get_by_text(re.compile(r"^Selected:"))).to_have_text("Selected: good.pdf")
    expect(page.locator(".ws-drop-errors")).to_have_count(0)
    expect(page.get_by_text("Only the first file was kept")).to_have_count(0)


def test_edit_and_delete(page, app_server, create_worksheet):
    ws_id = create_worksheet("Old Title", make_pdf("Old"))
    _admin(page, app_server)
    page.get_by_role("button", name="Edit Old Title").click()
    dialog = page.get_by_role("dialog", name="Edit Worksheet")
    dialog.get_by_label("Title").fill("")
    dialog.get_by_role("button", name="Save Changes").click()
    expect(toast(page).get_by_text("Please enter a title for the worksheet.")).to_be_visible()
    _expect_said_at(dialog.get_by_label("Title"), "Please enter a title for the worksheet.")  # in the dialog
    dialog.get_by_label("Title").fill("T" * 250)  # no longer than the server keeps (200 was cut off, unsaid)
    expect(dialog.get_by_label("Title")).to_have_value("T" * 200)
    expect(dialog.get_by_label("Description")).to_have_attribute("maxlength", "2000")
    dialog.get_by_label("Title").fill("New Title")
    expect(dialog.locator(".ws-field-error")).to_have_count(0)
    dialog.get_by_label("Title").press("Enter")  # saves, as in any form
    expect(page.get_by_text("Worksheet Updated")).to_be_visible()
    expect(page.get_by_role("link", name="New Title")).to_be_visible()
    page.get_by_role("button", name="Delete New Title").click()
    page.get_by_role("alertdialog").get_by_role("button", name="Delete").click()
    expect(page.get_by_text("Worksheet Deleted")).to_be_visible()
    expect(page.get_by_role("link", name="New Title")).to_have_count(0)
    page.goto(f"/worksheet/{ws_id}")
    expect(page.get_by_role("heading", name="Worksheet Not Found")).to_be_visible()


def test_edit_and_delete_give_the_keyboard_back_to_their_row(page, app_server, create_worksheet):
    """Closing Edit or Delete left the focus on the page's body: a keyboard was sent back above the whole list."""
    create_worksheet("Old Title", make_pdf("Old"))
    _admin(page, app_server)
    edit = page.get_by_role("button", name="Edit Old Title")
    edit.focus()
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name="Edit Worksheet")
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(edit).to_be_focused()
    page.keyboard.press("Enter")
    dialog.get_by_label("Title").fill("New Title")
    dialog.get_by_role("button", name="Save Changes").click()
    expect(page.get_by_text("Worksheet Updated")).to_be_visible()
    expect(page.get_by_role("button", name="Edit New Title")).to_be_focused()
    delete = page.get_by_role("button", name="Delete New Title")
    delete.focus()
    page.keyboard.press("Enter")
    page.get_by_role("alertdialog").get_by_role("button", name="Cancel").click()
    expect(page.get_by_role("alertdialog")).to_have_count(0)
    expect(delete).to_be_focused()


def test_the_uploaded_list_pager_keeps_the_keyboard_on_next_at_the_last_page(page, app_server, bulk_worksheets,
                                                                           delete_all_worksheets):
    """Next was disabled on the last page: the keyboard's focus fell to the page's body, and the next Tab went to
    "Skip to content"; the new page number was not said."""
    delete_all_worksheets()
    bulk_worksheets(25)
    _admin(page, app_server)
    shown = page.get_by_text(re.compile(r"^Page \d of 3$"))
    expect(shown).to_have_text("Page 1 of 3")
    expect(shown).to_have_attribute("aria-live", "polite")
    nxt = page.get_by_role("button", name="Next", exact=True)
    nxt.focus()
    for number in (2, 3):
        page.keyboard.press("Enter")
        expect(shown).to_have_text(f"Page {number} of 3")
        expect(nxt).to_be_focused()
    expect(nxt).to_have_attribute("aria-disabled", "true")
    page.keyboard.press("Enter")  # at the end: nothing happens, and the focus stays
    page.wait_for_timeout(300)
    expect(shown).to_have_text("Page 3 of 3")
    expect(nxt).to_be_focused()
    expect(page.get_by_role("button", name="Previous", exact=True)).to_have_attribute("aria-disabled", "false")


def test_non_admin_forged_upload_stores_nothing(page, app_server):
    sign_in(page, app_server, f"user-{secrets.token_hex(4)}@example.com", "user-pass-123", "user")
    expect(page).to_have_url(re.compile(r"/$"))
    wait_hydrated(page)
    before = _count_rows_and_files(app_server)
    status = page.evaluate(
        """async ([handler, pdf]) => {
            const form = new FormData();
            form.append("files", new Blob([pdf], { type: "application/pdf" }), "forged.pdf");
            const response = await fetch("/_upload", {
                method: "POST", body: form,
                headers: { "Reflex-Client-Token": window.sessionStorage.getItem("token"),
                           "Reflex-Event-Handler": handler },
            });
            return response.status;
        }""",
        [UPLOAD_HANDLER, make_pdf("Forged").decode("latin-1")],
    )
    assert status in (202, 400)
    # the handler ran and refused: to the admin login, which says the account is not an administrator's
    page.wait_for_url(re.compile(r"/login/admin\?next=/admin/dashboard$"))
    expect(page.get_by_text("which is not an administrator account")).to_be_visible()
    page.wait_for_timeout(1000)
    assert _count_rows_and_files(app_server) == before


def test_dropzone_is_reachable_by_keyboard(page, app_server):
    _admin(page, app_server)
    expect(page.get_by_text("No worksheets uploaded yet.")).to_be_visible()  # the panel finished loading
    zone = page.get_by_label(re.compile("Upload PDF: drop a PDF file here"))
    zone.focus()
    expect(zone).to_be_focused()
    with page.expect_file_chooser() as chooser:
        zone.press("Enter")
    chooser.value.set_files(files=[{"name": "keyed.pdf", "mimeType": "application/pdf", "buffer": make_pdf()}])
    expect(page.get_by_text("Selected: keyed.pdf")).to_be_visible()


def _fill_the_form(page, title: str) -> None:
    page.locator(f"{ZONE} input[type=file]").set_input_files(
        files=[{"name": f"{title}.pdf", "mimeType": "application/pdf", "buffer": make_pdf(title)}])
    page.get_by_label("Title").fill(title)
    page.get_by_label("Description").fill("Colour the shapes.")
    _choose(page, "Category", "Color by Number")
    _choose(page, "Subject", "Art")
    _choose(page, "Skill Type", "Fine Motor")


def _form_is_kept(page, title: str) -> None:
    expect(page.get_by_text(f"Selected: {title}.pdf")).to_be_visible()
    expect(page.get_by_label("Title")).to_have_value(title)
    expect(page.get_by_label("Description")).to_have_value("Colour the shapes.")
    expect(page.get_by_role("combobox", name="Category")).to_have_text("Color by Number")
    expect(page.get_by_role("combobox", name="Subject")).to_have_text("Art")
    expect(page.get_by_role("combobox", name="Skill Type")).to_have_text("Fine Motor")


def test_a_failed_upload_request_is_said_the_form_is_kept_and_a_second_press_uploads(page, app_server):
    """A resilience review: when the network or the server went away during an upload, Reflex's helper only
    logged it to the console; the button turned busy only once the server had the request."""
    _admin(page, app_server)
    before = _count_rows_and_files(app_server)
    _fill_the_form(page, "Shape Colours")
    held = hold_requests(page, "**/_upload")
    page.get_by_role("button", name="Create Worksheet").click()
    wait_held(page, held)
    busy = page.get_by_role("button", name="Uploading Worksheet...")
    expect(busy).to_be_disabled()  # from the press, while the server has nothing yet
    held[0].abort("internetdisconnected")
    expect(toast(page, f"{UPLOAD_FAILED} for Shape Colours.pdf")).to_be_visible()  # the spec's title
    expect(page.get_by_text(UNREACHABLE)).to_be_visible()
    expect(page.get_by_role("button", name="Create Worksheet")).to_be_enabled()
    _form_is_kept(page, "Shape Colours")
    assert _count_rows_and_files(app_server) == before

    page.unroute("**/_upload")
    page.route("**/_upload", lambda route: route.fulfill(status=502, body="Bad Gateway"))
    page.get_by_role("button", name="Create Worksheet").click()
    expect(page.get_by_text(SERVER_TROUBLE)).to_be_visible()
    expect(page.get_by_role("button", name="Create Worksheet")).to_be_enabled()
    _form_is_kept(page, "Shape Colours")

    page.unroute("**/_upload")
    page.get_by_role("button", name="Create Worksheet").click()
    expect(page.get_by_text('"Shape Colours" has been successfully uploaded and created.')).to_be_visible()
    expect(page.get_by_role("link", name="Shape Colours")).to_be_visible()
    expect(page.get_by_label("Title")).to_have_value("")
    expect(page.get_by_text("Selected: Shape Colours.pdf")).to_have_count(0)
    expect(page.get_by_role("button", name="Create Worksheet")).to_be_enabled()
    assert _count_rows_and_files(app_server) == (before[0] + 1, before[1] + 1)


def test_an_upload_pressed_offline_is_said_at_once(page, app_server):
    _admin(page, app_server)
    _fill_the_form(page, "Offline Sheet")
    page.context.set_offline(True)
    page.get_by_role("button", name="Create Worksheet").click()
    expect(toast(page, f"{UPLOAD_FAILED} for Offline Sheet.pdf")).to_be_visible()
    expect(page.get_by_text(OFFLINE)).to_be_visible()
    expect(page.get_by_role("button", name="Create Worksheet")).to_be_enabled()
    page.context.set_offline(False)
    _form_is_kept(page, "Offline Sheet")
    page.get_by_role("button", name="Create Worksheet").click()
    expect(page.get_by_text('"Offline Sheet" has been successfully uploaded and created.')).to_be_visible()
