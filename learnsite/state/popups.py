"""Which home-page popup is open (SPEC §2 "Popups" and "Popup flow")."""

import reflex as rx


class PopupState(rx.State):
    category_open: str = ""  # the category type whose popup is open, or ""
    # MINIMAL STAND-IN from the worksheets branch: the home feature owns this module and
    # defines the same two names (keep the home version at merge).
    all_worksheets_open: bool = False

    @rx.event
    def open_category(self, kind: str):
        self.category_open = kind

    @rx.event
    def close_category(self):
        self.category_open = ""

    @rx.event
    def open_all_worksheets(self):
        self.category_open = ""
        self.all_worksheets_open = True

    @rx.event
    def set_all_worksheets_open(self, value: bool):
        self.all_worksheets_open = bool(value)
