"""A counter: one page, one state var, one event. Nothing else."""

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


app = rx.App()
app.add_page(index, route="/", title="Counter")
