"""Which home-page popup is open (SPEC §2 "Popups" and "Popup flow")."""

import reflex as rx


class PopupState(rx.State):
    category_open: str = ""  # the category type whose popup is open, or ""

    @rx.event
    def open_category(self, kind: str):
        self.category_open = kind

    @rx.event
    def close_category(self):
        self.category_open = ""
