"""Visitors: All Worksheets (empty, listed, search/filter), the worksheet page, download, print, not found."""

from __future__ import annotations

import re
import urllib.request

from playwright.sync_api import expect

from tests.browser.worksheets.conftest import choose, open_all_worksheets, run_in_app_env
from tests.conftest import phone, wait_hydrated
from tests.worksheet_pdfs import make_pdf

EMPTY = "No worksheets available yet. Check back soon!"


def _cards(dialog):
    """The worksheet cards: every link of the dialog but its "Make your own worksheet"."""
    return dialog.get_by_role("link").filter(has_not_text="Make your own worksheet")


def test_all_worksheets_empty_state(page, delete_all_worksheets):
    delete_all_worksheets()
    page.goto("/")
    wait_hydrated(page)
    open_all_worksheets(page)
    expect(page.get_by_role("dialog", name="All Worksheets").get_by_text(EMPTY)).to_be_visible()


def test_worksheet_listed_opened_and_downloaded(page, app_server, create_worksheet, delete_all_worksheets, tmp_path):
    delete_all_worksheets()
    pdf = make_pdf("Counting Apples", pages=2)
    ws_id = create_worksheet("Counting Apples & Pears!", pdf, description="Count every apple, then colour it.")

    page.goto("/")
    wait_hydrated(page)
    open_all_worksheets(page)
    dialog = page.get_by_role("dialog", name="All Worksheets")
    card = dialog.get_by_role("link", name=re.compile("Counting Apples & Pears!"))
    expect(card).to_be_visible()
    expect(card.locator("img")).to_have_attribute("src", re.compile(r"/files/thumbnails/.+\.png$"))
    card.click()

    expect(page).to_have_url(re.compile(rf"/worksheet/{ws_id}$"))
    expect(page.get_by_role("heading", name="Counting Apples & Pears!")).to_be_visible()
    expect(page.get_by_text("Count every apple, then colour it.")).to_be_visible()
    frame = page.locator("iframe#worksheet-pdf")
    src = frame.get_attribute("src")
    assert src.endswith("#toolbar=0&navpanes=0") and "/files/worksheets/" in src
    with urllib.request.urlopen(src.split("#")[0], timeout=10) as r:
        assert r.headers["Content-Type"] == "application/pdf" and r.read() == pdf

    with page.expect_download() as info:
        page.get_by_role("button", name="Download PDF").click()
    download = info.value
    assert download.suggested_filename == "counting_apples___pears_.pdf"
    saved = tmp_path / "saved.pdf"
    download.save_as(saved)
    assert saved.read_bytes() == pdf
    expect(page.get_by_text("Download Started!")).to_be_visible()


def test_print_styles_hide_everything_but_the_pdf(page, create_worksheet):
    ws_id = create_worksheet("Shape Hunt", make_pdf("Shapes"))
    page.goto(f"/worksheet/{ws_id}")
    wait_hydrated(page)
    expect(page.get_by_role("heading", name="Shape Hunt")).to_be_visible()
    expect(page).to_have_title("Shape Hunt - Learnsite")
    header, footer = page.locator(".site-shell > header"), page.locator(".site-shell > footer")
    expect(header).to_be_visible()
    back = page.get_by_role("link", name="Back to Home")  # a way home, as on every content page
    expect(back).to_have_attribute("href", "/")
    page.emulate_media(media="print")
    for hidden in (header, footer, back, page.get_by_role("button", name="Download PDF"),
                   page.get_by_role("button", name="Print Worksheet"), page.get_by_role("heading", name="Shape Hunt")):
        expect(hidden).to_be_hidden()
    expect(page.locator(".worksheet-pdf-container")).to_be_visible()
    expect(page.locator("iframe#worksheet-pdf")).to_be_visible()
    page.emulate_media(media="screen")
    expect(header).to_be_visible()


def test_download_failure_shows_the_error_toast(page, app_server, create_worksheet):
    ws_id = create_worksheet("Vanishing Sheet", make_pdf("Gone"))
    run_in_app_env(app_server, f"""
        from learnsite.db import session_scope
        from learnsite.models import Content
        from learnsite.services.storage import get_storage
        with session_scope() as s:
            get_storage().delete(s.get(Content, {ws_id}).storage_key)
    """)
    page.goto(f"/worksheet/{ws_id}")
    wait_hydrated(page)
    page.get_by_role("button", name="Download PDF").click()
    expect(page.get_by_text("Uh oh! Download Failed.")).to_be_visible()
    expect(page.get_by_text("There was a problem downloading the worksheet. Please try again.")).to_be_visible()


def test_search_and_filters(page, create_worksheet, delete_all_worksheets):
    delete_all_worksheets()
    create_worksheet("Trace the Letter A", make_pdf("A"), category="Letter Tracing", subject="literacy",
                     skill_type="writing")
    create_worksheet("Colour the Rainbow", make_pdf("Rainbow"), category="Color by Number", subject="art",
                     skill_type="fine-motor")
    page.goto("/")
    wait_hydrated(page)
    open_all_worksheets(page)
    dialog = page.get_by_role("dialog", name="All Worksheets")
    expect(_cards(dialog)).to_have_count(2)
    dialog.get_by_role("searchbox", name="Search worksheets by title").fill("rainbow")
    expect(_cards(dialog)).to_have_count(1)
    expect(dialog.get_by_role("link", name=re.compile("Colour the Rainbow"))).to_be_visible()
    dialog.get_by_role("searchbox", name="Search worksheets by title").fill("")
    expect(_cards(dialog)).to_have_count(2)
    choose(page, "Subjects", "Literacy")
    expect(_cards(dialog)).to_have_count(1)
    expect(dialog.get_by_role("link", name=re.compile("Trace the Letter A"))).to_be_visible()
    choose(page, "Skills", "Fine Motor")
    expect(dialog.get_by_text("No worksheets match your search and filters.")).to_be_visible()
    dialog.get_by_role("button", name="Clear filters").focus()
    page.keyboard.press("Enter")
    expect(_cards(dialog)).to_have_count(2)
    # the button went with the filters: the keyboard is on the search box, not the dialog's frame
    expect(dialog.get_by_role("searchbox", name="Search worksheets by title")).to_be_focused()


def test_a_childs_age_finds_its_sheets_and_each_card_says_its_ages(page, create_worksheet, delete_all_worksheets):
    """A grandparent's review: the age was the end of each description, which a phone cuts at two lines, and no
    filter found a 6-year-old's sheets."""
    delete_all_worksheets()
    create_worksheet("Trace the Numbers", make_pdf("1 2 3"), description="Numbers 0 to 9 to trace. For ages 4-6.")
    create_worksheet("Times Tables", make_pdf("2 x 5"), description="The 2, 5 and 10 times tables. For ages 7-9.")
    page.set_viewport_size({"width": 375, "height": 800})
    page.goto("/")
    wait_hydrated(page)
    open_all_worksheets(page)
    dialog = page.get_by_role("dialog", name="All Worksheets")
    expect(_cards(dialog)).to_have_count(2)
    expect(dialog.get_by_role("link", name=re.compile("Trace the Numbers")).get_by_text("Ages 4-6", exact=True)) \
        .to_be_visible()
    choose(page, "Ages", "Age 8")
    expect(_cards(dialog)).to_have_count(1)
    expect(dialog.get_by_role("link", name=re.compile("Times Tables"))).to_be_visible()
    choose(page, "Ages", "Age 3")
    expect(dialog.get_by_text("No worksheets match your search and filters.")).to_be_visible()
    dialog.get_by_role("button", name="Clear filters").click()
    expect(_cards(dialog)).to_have_count(2)
    expect(dialog.get_by_role("combobox", name="Ages")).to_have_text("All ages")


def test_worksheet_not_found(page):
    for missing in ("/worksheet/987654", "/worksheet/not-a-number"):
        page.goto(missing)
        wait_hydrated(page)
        expect(page.get_by_role("heading", name="Worksheet Not Found")).to_be_visible()
        expect(page).to_have_title("Not Found - Learnsite")
        expect(page.get_by_text("We couldn't find the worksheet you're looking for.")).to_be_visible()
    page.get_by_role("button", name="Go Back to Home").click()
    expect(page).to_have_url(re.compile(r"/$"))


def test_all_worksheets_pages_through_ten_thousand(page, bulk_worksheets, delete_all_worksheets):
    delete_all_worksheets()
    bulk_worksheets(10_000)
    page.goto("/")
    wait_hydrated(page)
    open_all_worksheets(page)
    dialog = page.get_by_role("dialog", name="All Worksheets")
    expect(dialog.get_by_text("10000 worksheets")).to_be_visible()
    expect(_cards(dialog)).to_have_count(12)  # one page in the browser, never the table
    expect(_cards(dialog).first).to_have_text(re.compile("Bulk Sheet 09999"))
    expect(dialog.get_by_text("Page 1 of 834")).to_be_visible()
    expect(dialog.get_by_role("button", name="Previous")).to_be_disabled()
    dialog.get_by_role("button", name="Next").click()
    expect(dialog.get_by_text("Page 2 of 834")).to_be_visible()
    expect(_cards(dialog).first).to_have_text(re.compile("Bulk Sheet 09987"))
    dialog.get_by_role("searchbox", name="Search worksheets by title").fill("sheet 0004")
    expect(dialog.get_by_text("10 worksheets")).to_be_visible()
    expect(dialog.get_by_text("Page 1 of 834")).to_have_count(0)


def test_the_pager_keeps_the_keyboard_on_next_to_the_last_page(page, bulk_worksheets, delete_all_worksheets):
    """Next swapped the list for a spinner, and the pager with it: the focus fell out of the list each time."""
    delete_all_worksheets()
    bulk_worksheets(30)
    page.goto("/")
    wait_hydrated(page)
    open_all_worksheets(page)
    dialog = page.get_by_role("dialog", name="All Worksheets")
    expect(dialog.get_by_text("Page 1 of 3")).to_be_visible()
    expect(dialog.get_by_role("status").filter(has_text="30 worksheets")).to_have_count(1)  # read out once
    nxt = dialog.get_by_role("button", name="Next")
    nxt.focus()
    for shown in ("Page 2 of 3", "Page 3 of 3"):
        page.keyboard.press("Enter")
        expect(dialog.get_by_text(shown)).to_be_visible()
        expect(nxt).to_be_focused()
    expect(nxt).to_have_attribute("aria-disabled", "true")
    page.keyboard.press("Enter")  # at the end: nothing happens, and the focus stays
    expect(dialog.get_by_text("Page 3 of 3")).to_be_visible()
    expect(nxt).to_be_focused()
    expect(_cards(dialog).first).to_have_text(re.compile("Bulk Sheet 00005"))
    dialog.get_by_role("searchbox", name="Search worksheets by title").fill("no such sheet")
    expect(dialog.get_by_role("status").filter(has_text="No worksheets match your search and filters.")).to_be_attached()


def test_a_filter_list_does_not_take_the_focus_away_when_the_popup_closes(page, bulk_worksheets,
                                                                          delete_all_worksheets):
    """A Select's options are drawn outside its popup: the last one picked was remembered as the control to go
    back to, and was gone, so closing All Worksheets left the focus on the page's body."""
    delete_all_worksheets()
    bulk_worksheets(3)
    page.goto("/")
    wait_hydrated(page)
    opener = page.get_by_role("navigation", name="Learning categories").get_by_role("button", name="Worksheets")
    opener.focus()
    page.keyboard.press("Enter")
    page.get_by_role("button", name="Browse Worksheets").first.click()
    dialog = page.get_by_role("dialog", name="All Worksheets")
    expect(dialog.get_by_text("3 worksheets")).to_be_visible()
    skills = dialog.get_by_role("combobox", name=re.compile("Skill"))
    skills.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("listbox")).to_be_visible()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Escape")
    expect(page.get_by_role("listbox")).to_have_count(0)
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(opener).to_be_focused()


def test_a_title_longer_than_the_screen_breaks_and_the_tags_stay_in_their_card(browser, app_server, create_worksheet,
                                                                              delete_all_worksheets):
    """An admin's title of 200 letters without a space made the worksheet page 3,924 px wide on a phone, and ran
    out of its card in All Worksheets, as did the tag "Addition & Subtraction"."""
    delete_all_worksheets()
    title = "T" * 200
    ws_id = create_worksheet(title, make_pdf("Long"), description="D" * 300, subject="math",
                             skill_type="addition-subtraction")
    with phone(browser, app_server) as page:
        page.goto(f"/worksheet/{ws_id}")
        wait_hydrated(page)
        expect(page.get_by_role("heading", name=title)).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        page.goto("/")
        wait_hydrated(page)
        open_all_worksheets(page)
        card = _cards(page.get_by_role("dialog", name="All Worksheets")).first
        expect(card).to_be_visible()
        edge = card.bounding_box()
        for inside in [card.get_by_text(title), card.get_by_text("Addition & Subtraction")]:
            box = inside.bounding_box()
            assert box["x"] >= edge["x"] and box["x"] + box["width"] <= edge["x"] + edge["width"] + 0.5, (box, edge)
