"""The worksheet panel of /admin/dashboard ("Create New Worksheet" and the uploaded list).

The worksheets feature owns this module; the accounts feature places dashboard_panel() on the
admin dashboard page.
"""

import reflex as rx


def dashboard_panel() -> rx.Component:
    return rx.card(rx.heading("Create New Worksheet", size="5"))
