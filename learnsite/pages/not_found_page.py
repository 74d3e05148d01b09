"""Any address the site does not have: the site's header and footer, a friendly word, and a way home."""

import reflex as rx

from learnsite.layout import page, page_title
from learnsite.pages.content_parts import back_home_link, not_found


@page(route="404", title=page_title("Page Not Found"))
def page_not_found() -> rx.Component:
    return not_found("Page Not Found", "We couldn't find the page you're looking for.",
                     back_home_link("Go Back to Home"))
