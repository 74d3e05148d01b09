"""A counter: one page, one state var, one event. Nothing else.

/loaded runs the same event as its on_load: the framework's page-load chain with the least handler.
"""

import reflex as rx


class CounterState(rx.State):
    count: int = 0

    @rx.event
    def increment(self):
        self.count += 1


def index() -> rx.Component:
    return rx.container(
        rx.heading("Counter", size="7"),
        rx.text(CounterState.count, id="count"),
        rx.button("Increment", on_click=CounterState.increment),
        rx.el.span(data_hydrated=rx.State.is_hydrated.to_string(), id="hydration-marker", hidden=True),
    )


def loaded() -> rx.Component:
    return rx.text(CounterState.count, id="count")


app = rx.App()
app.add_page(index, route="/", title="Counter")
app.add_page(loaded, route="/loaded", title="Loaded", on_load=CounterState.increment)
