"""/worksheet/[id]: the worksheet viewer (embedded PDF, download, print) and its not-found state."""

from __future__ import annotations

import reflex as rx

from learnsite.backend_url import absolute, download_function
from learnsite.layout import item_page_title, page
from learnsite.pages.content_parts import back_home_link
from learnsite.state.worksheets import WorksheetPageState as S

# Local files have root-relative URLs; resolve them against the backend (a different port in dev).
_absolute = absolute


_download_function = download_function
DOWNLOAD_FAILED = "There was a problem downloading the worksheet. Please try again."


# Print the PDF itself when the browser allows it (same origin), else the page: print CSS
# (assets/css/worksheets.css) hides everything but the PDF container.
_PRINT_JS = """(() => {
  const frame = document.getElementById("worksheet-pdf");
  try { frame.contentWindow.focus(); frame.contentWindow.print(); return; } catch (e) {}
  window.print();
})()"""


def _viewer() -> rx.Component:
    file_url = _absolute(S.ws_file_url)
    return rx.vstack(
        back_home_link(),  # as every content page: the browser's Back alone led home with the list closed
        rx.heading(S.ws_title, size="8", as_="h1", class_name="worksheet-title"),
        rx.cond(S.ws_description != "", rx.text(S.ws_description, size="4", class_name="worksheet-description"),
                rx.fragment()),
        rx.flex(
            rx.button(
                rx.icon("download"), "Download PDF",
                on_click=rx.call_function(_download_function(file_url, S.ws_download_name, DOWNLOAD_FAILED)),
                size="3",
            ),
            rx.button(rx.icon("printer"), "Print Worksheet", on_click=rx.call_script(_PRINT_JS), size="3",
                      variant="outline"),
            spacing="3",
            wrap="wrap",
            class_name="worksheet-actions",
        ),
        rx.box(
            rx.el.iframe(
                src=file_url + "#toolbar=0&navpanes=0",
                title=S.ws_title,
                id="worksheet-pdf",
                class_name="worksheet-pdf",
            ),
            class_name="worksheet-pdf-container",
        ),
        width="100%",
        spacing="4",
        class_name="worksheet-viewer",
    )


def _not_found() -> rx.Component:
    return rx.center(
        rx.vstack(
            rx.icon("file-question", size=56, class_name="worksheet-missing-icon"),
            rx.heading("Worksheet Not Found", size="7", as_="h1"),
            rx.text("We couldn't find the worksheet you're looking for.", size="4"),
            rx.button("Go Back to Home", size="3", on_click=rx.redirect("/")),
            align="center",
            spacing="4",
            class_name="worksheet-missing",
        ),
    )


@page(route="/worksheet/[id]", on_load=S.load_worksheet,
      title=item_page_title("Worksheet", S.ws_title, S.ws_status != "loading", S.ws_status == "found"))
def worksheet() -> rx.Component:
    return rx.box(
        rx.match(
            S.ws_status,
            ("found", _viewer()),
            ("missing", _not_found()),
            rx.center(rx.spinner(size="3"), rx.text("Loading worksheet..."), role="status", spacing="3",
                      class_name="worksheet-loading"),
        ),
        class_name="worksheet-page",
    )
