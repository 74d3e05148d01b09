"""/activity/{id}: a built-in activity and its game, played inside the Game Area."""

import reflex as rx

from learnsite.layout import item_page_title, page
from learnsite.pages.content_parts import back_home_link, loaded_switch, not_found, picture
from learnsite.pages.game_parts import game_board, switches_before_start
from learnsite.state.activity import ActivityState
from learnsite.state.game import GameState

from learnsite.stars_badge import stars_badge
from learnsite.state.stars import StarsState

LOST_NOTE = "Sorry, your game stopped while the connection was lost. Press Start Playing! to play it again."


def _fact(fact, i) -> rx.Component:
    """One of games.facts (ages, rounds, reading aloud, sound needed) beside its picture, the two kept on one line: a
    wrapped list starts its next line with a fact (a "·" between facts could start one)."""
    def icon(name: str) -> rx.Component:
        return rx.icon(name, size=18, aria_hidden="true")

    return rx.el.li(rx.match(i, (0, icon("users")), (1, icon("list-ordered")), (2, icon("volume-2")), icon("ear")),
                    fact,
                    class_name="activity-fact")


def activity_body() -> rx.Component:
    return rx.el.article(
        back_home_link(),
        rx.el.div(
            picture(ActivityState.image, ActivityState.title, class_name="content-picture activity-picture"),
            rx.el.div(
                rx.el.h1(ActivityState.title, class_name="content-title"),
                stars_badge(ActivityState.activity_id),
                rx.el.p(ActivityState.description, class_name="content-lead"),
                rx.el.ul(rx.foreach(ActivityState.facts, _fact), class_name="activity-facts",
                         aria_label="About this game"),
                class_name="activity-intro",
            ),
            class_name="activity-top",
        ),
        rx.el.section(
            rx.el.h2("Game Area", class_name="game-area-title"),
            rx.cond(
                GameState.playing,
                game_board(),
                rx.fragment(
                    rx.el.p("Your game will appear here.", class_name="game-area-note"),
                    # filled by games.js when a game went from this page before its end (no children for React)
                    rx.el.p(id="game-lost-note", class_name="game-lost-note", role="status", data_says=LOST_NOTE),
                    rx.el.button(
                        rx.icon("play", size=20, aria_hidden="true"), "Start Playing!",
                        on_click=GameState.start_playing, class_name="content-button content-button-big",
                        type="button",
                    ),
                    rx.cond(ActivityState.found, switches_before_start(ActivityState.reads_by_itself)),
                ),
            ),
            class_name="game-area",
            aria_label="Game Area",
        ),
        # arrow keys between a game's buttons, focus on each new round, reading aloud (on-device voices)
        rx.script(src="/js/games.js"),
        rx.script(src="/js/game_sounds.js"),  # a chime for a right answer, a soft one for a hint
        class_name="content-card activity-page",
        data_activity=ActivityState.activity_id,
    )


ON_LOAD = [ActivityState.load, GameState.reset_game, StarsState.load_stars]


@page(route="/activity/[id]", on_load=ON_LOAD,
      title=item_page_title("Activity", ActivityState.title, ActivityState.loaded, ActivityState.found))
def activity() -> rx.Component:
    return loaded_switch(
        ActivityState.loaded, ActivityState.found, activity_body(),
        not_found("Not Found", "This activity could not be found."),
    )
