import re, os, secrets
from tests.browser.worksheets.conftest import sign_in, drop_files
from tests.conftest import wait_hydrated
from tests.worksheet_pdfs import make_pdf
EMAIL = f"shot-{secrets.token_hex(3)}@example.com"
OUT = "/tmp/shots-worksheets"
os.makedirs(OUT, exist_ok=True)

def test_admin_shots(browser, app_server, create_worksheet):
    create_worksheet("Counting Apples", make_pdf("Counting Apples"), description="Count them")
    email = EMAIL
    first = True
    for w, h, tag in [(1280, 1400, "desktop"), (375, 1600, "phone")]:
        ctx = browser.new_context(base_url=app_server.url, viewport={"width": w, "height": h})
        p = ctx.new_page()
        if first:
            sign_in(p, app_server, email, "pass-123456", "admin"); first = False
        else:
            p.goto("/login/admin"); wait_hydrated(p)
            p.locator("#main").get_by_label("Email").fill(email); p.locator("#main").get_by_label("Password").fill("pass-123456")
            p.locator("#main").get_by_role("button", name="Login").click()
        p.get_by_role("heading", name="Create New Worksheet").wait_for()
        drop_files(p, ".ws-dropzone", [("a.pdf", "application/pdf", make_pdf()), ("b.pdf", "application/pdf", make_pdf())])
        p.get_by_text("Only the first file").wait_for()
        p.wait_for_timeout(5500)
        p.screenshot(path=f"{OUT}/admin-{tag}.png", full_page=True)
        ctx.close()

def test_overflow(browser, app_server):
    ctx = browser.new_context(base_url=app_server.url, viewport={"width": 375, "height": 800})
    p = ctx.new_page()
    p.goto("/login/admin"); wait_hydrated(p)
    p.locator("#main").get_by_label("Email").fill(EMAIL); p.locator("#main").get_by_label("Password").fill("pass-123456")
    p.locator("#main").get_by_role("button", name="Login").click()
    p.get_by_role("heading", name="Create New Worksheet").wait_for()
    print(p.evaluate("""() => [...document.querySelectorAll('*')].filter(e => e.getBoundingClientRect().right > 376).slice(0, 15).map(e => e.tagName + '.' + e.className.toString().slice(0,60) + ' ' + Math.round(e.getBoundingClientRect().right))"""))
    ctx.close()
