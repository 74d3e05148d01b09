"""Building blocks shared by the account pages: card, labelled fields, submit button, error line."""

from __future__ import annotations

from typing import NamedTuple

import reflex as rx


class FormError(NamedTuple):
    """Why a form was refused (the state's var, "" when it was not), the id of the line that shows it, and the
    names of the fields it is about (the state's list var: a wrong password is not the email's fault)."""

    message: rx.Var
    id: str
    fields: rx.Var


def auth_card(title: str, subtitle: str, *children: rx.Component, icon: str = "sparkles") -> rx.Component:
    return rx.center(
        rx.card(
            rx.vstack(
                rx.center(rx.icon(icon, size=32), class_name="auth-card-icon"),
                rx.heading(title, size="7", as_="h1", class_name="auth-card-title"),
                rx.text(subtitle, class_name="auth-card-subtitle"),
                *children,
                spacing="4",
                width="100%",
                align="stretch",
            ),
            class_name="auth-card",
        ),
        class_name="auth-page",
    )


def field(label: str, name: str, *, type_: str = "text", placeholder: str = "", auto_complete: str = "",
          field_id: str | None = None, min_length: int | None = None, error: FormError | None = None,
          hint_id: str = "", hint_text: str = "") -> rx.Component:
    """A labelled input. With its form's `error`, a refusal about this field marks it invalid and ties the reason
    to it, so a screen reader says why on the way back into the field;
    `hint_id` ties a hint (`hint_text`, "At least 6 characters.") to it always, shown right under the input."""
    field_id = field_id or f"field-{name}"
    props = {}
    if min_length:
        props["min_length"] = min_length
    if error is not None:
        at_fault = error.fields.contains(name)
        props["aria_invalid"] = rx.cond(at_fault, "true", "false")
        props["aria_describedby"] = rx.cond(at_fault, f"{hint_id} {error.id}".strip(), hint_id or None)
    elif hint_id:
        props["aria_describedby"] = hint_id
    return rx.vstack(
        rx.el.label(label, html_for=field_id, class_name="auth-label"),
        rx.input(
            id=field_id,
            name=name,
            type=type_,
            placeholder=placeholder,
            auto_complete=auto_complete,
            required=True,
            size="3",
            width="100%",
            **props,
        ),
        hint(hint_text, hint_id) if hint_text else rx.fragment(),
        show_password(field_id) if type_ == "password" else rx.fragment(),
        spacing="1",
        width="100%",
        align="stretch",
    )


def show_password(field_id: str) -> rx.Component:
    """A box that shows the password as typed, so a typo can be seen before it is sent (a grandparent's review:
    a mistyped new password was locked in). The page alone turns the field's type; nothing goes to the server,
    and the box has neither name nor id, so the form never sends it (an id would make it a form field, a bool
    where the handlers take text)."""
    turn = (f"(() => {{ const box = document.querySelector('[data-shows=\"{field_id}\"]'),"
            f" input = document.getElementById('{field_id}');"
            " if (box && input) input.type = box.checked ? 'text' : 'password'; })()")
    return rx.el.label(
        rx.el.input(type="checkbox", custom_attrs={"data-shows": field_id},
                    on_change=lambda _checked: rx.call_script(turn), class_name="auth-show-box"),
        "Show password",
        class_name="auth-show-password",
    )


def submit_button(label: str, busy_label: str, busy) -> rx.Component:
    """Unavailable while busy, and until the page is live: on a slow phone the form showed 14 s before it was, and
    a Login pressed then was the browser's own submit, the password put in the address (and the history)."""
    return rx.button(
        rx.cond(busy, busy_label, label),
        type="submit",
        disabled=busy | ~rx.State.is_hydrated,
        size="3",
        width="100%",
        class_name="auth-submit",
    )


def hint(text: str, hint_id: str) -> rx.Component:
    return rx.text(text, size="2", class_name="auth-hint", id=hint_id)


def error_line(error: FormError) -> rx.Component:
    """Why the form was refused, kept under its fields. Not an alert: the refusal's toast (the spec's) is read
    out already; the fields' aria-describedby reads this again from the field."""
    return rx.cond(
        error.message != "",
        rx.callout(error.message, icon="triangle_alert", color_scheme="red", id=error.id, class_name="auth-error"),
    )


def form(*children: rx.Component, on_submit, reset: bool = False, align: str = "stretch") -> rx.Component:
    """A full-width form whose fields stack; a failed login keeps what was typed (reset=False)."""
    return rx.form(
        rx.vstack(*children, spacing="3", width="100%", align=align),
        on_submit=on_submit,
        reset_on_submit=reset,
        # should the browser ever submit it itself (the page not yet live), never a password in the address
        method="post",
        width="100%",
    )


def other_page_line(prompt: str, link_text: str, href: str) -> rx.Component:
    """'New here? Create an account': the way to the sibling form."""
    return rx.hstack(rx.text(prompt), rx.link(link_text, href=href), spacing="2", wrap="wrap", justify="center")
