"""A game's little sounds (assets/js/game_sounds.js): a chime going up for a right answer, two soft notes going down
for a hint, a fanfare at the finish, and a Sounds switch a grown-up can turn off, kept on the device.

The page's AudioContext is replaced by a recorder of the notes it is asked to play (pitch and start time), as
the speech tests replace the voices: what is checked is what the script asked the browser to sound.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from learnsite.games.content.pictures import ANIMAL_SOUNDS
from learnsite.games.session import CHEERS
from learnsite.pages.game_parts import CALM_SAYS
from tests.browser.fake_speech import LOCAL, install_fake_speech, speech
from tests.conftest import toast
from tests.browser.test_games import board, click_round, finished, keyboard_round, open_game, option_names, \
    play_to_the_end, round_key, snapshot, start, wait_change

RECORDER = """
(() => {
  window.__notes = [];
  const param = (v) => ({ value: v, setValueAtTime() {}, linearRampToValueAtTime() {},
                          exponentialRampToValueAtTime() {} });
  class FakeAudioContext {
    constructor() { this.state = "suspended"; this.destination = {}; }
    get currentTime() { return performance.now() / 1000; }
    resume() { this.state = "running"; return Promise.resolve(); }
    createGain() { return { gain: param(1), connect() {} }; }
    createOscillator() {
      const ctx = this;
      const osc = { type: "sine", frequency: param(440), connect() {}, stop() {}, start(at) {
        window.__notes.push({ hz: osc.frequency.value, at, running: ctx.state === "running" }); } };
      return osc;
    }
  }
  window.AudioContext = FakeAudioContext;
  window.webkitAudioContext = FakeAudioContext;
})();
"""


def notes(page) -> list[dict]:
    return page.evaluate("window.__notes")


def new_notes(page, since: int, count: int) -> list[float]:
    """The pitches of the next `count` notes after the first `since`, in the order they sound."""
    page.wait_for_function(f"window.__notes.length >= {since + count}", timeout=5000)
    played = notes(page)[since:]
    assert len(played) == count, played
    assert all(n["running"] for n in played)  # opened inside the child's own tap
    return [n["hz"] for n in sorted(played, key=lambda n: n["at"])]


def rising(hz: list[float]) -> bool:
    return all(a < b for a, b in zip(hz, hz[1:]))


def answers(page):
    return page.get_by_role("group", name="Answers")


def animal_answers(page) -> tuple[str, str]:
    """(a wrong animal, the right one) for the Animal Sounds question on screen."""
    sound = re.search(r"Who says (\w+)\?", board(page).get_attribute("data-say") or "").group(1)
    names = option_names(page, "Answers")
    says = {n: ANIMAL_SOUNDS[n][0] == sound for n in names}
    return next(n for n in names if not says[n]), next(n for n in names if says[n])


def test_a_right_answer_chimes_a_hint_sounds_softly_and_the_finish_has_a_fanfare(page):
    page.add_init_script(RECORDER)
    start(page, "animal-sounds")
    assert notes(page) == []  # nothing sounds by itself
    wrong, right = animal_answers(page)

    answers(page).get_by_role("button", name=wrong, exact=True).click()
    hint = new_notes(page, 0, 2)
    assert hint[0] > hint[1]  # two notes going down: a gentle "hmm"

    answers(page).get_by_role("button", name=right, exact=True).click()
    expect(page.get_by_text("Round 2 of 6")).to_be_visible()
    cheer = new_notes(page, 2, 3)
    assert rising(cheer) and min(cheer) > max(hint)  # a bright chime going up, above the hint

    play_to_the_end(page, click_round)
    expect(page.get_by_role("heading", name="You did it!")).to_be_visible()
    page.wait_for_timeout(300)
    played = notes(page)
    finish = [n["hz"] for n in sorted(played[-4:], key=lambda n: n["at"])]
    assert rising(finish) and finish[-1] > max(cheer)  # the fanfare ends higher than any chime


def test_a_grown_up_can_turn_the_sounds_off_and_they_stay_off_on_this_device(page):
    page.add_init_script(RECORDER)
    start(page, "animal-sounds")
    toggle = page.get_by_role("button", name="Sounds", exact=True)
    expect(toggle).to_have_attribute("aria-pressed", "true")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    wrong, _ = animal_answers(page)
    before = snapshot(page)
    answers(page).get_by_role("button", name=wrong, exact=True).click()
    wait_change(page, before)
    expect(board(page).locator(".game-feedback.is-hint")).to_be_visible()
    keyboard_round(page)
    page.wait_for_timeout(300)
    assert notes(page) == []  # neither the hint nor the next move sounded

    page.reload()
    start(page, "science-facts")  # the choice holds for every game on this device
    toggle = page.get_by_role("button", name="Sounds", exact=True)
    expect(toggle).to_have_attribute("aria-pressed", "false")
    keyboard_round(page)
    page.wait_for_timeout(300)
    assert notes(page) == []
    toggle.click()  # on again: a chime says so at once
    expect(toggle).to_have_attribute("aria-pressed", "true")
    assert rising(new_notes(page, 0, 3))


def test_counting_climbs_a_scale_a_step_for_each_thing_tapped(page):
    page.add_init_script(RECORDER)
    start(page, "number-counting")
    things = board(page).locator(".game-count-object")
    steps = []
    for i in range(things.count()):
        things.nth(i).click()
        steps += new_notes(page, i, 1)
    assert len(steps) >= 1 and rising(steps)
    things.first.click()  # counted already: it keeps its number, and no note
    page.wait_for_timeout(300)
    assert len(notes(page)) == len(steps)


def test_a_cheer_a_first_tap_brings_back_does_not_chime_again(page):
    """"First tap one on the left..." covers the cheer for a pair; a tap on the left brings the cheer back, with no
    answer given: it comes back quietly."""
    page.add_init_script(RECORDER)
    start(page, "color-matching")
    page.wait_for_selector("#game-board:not([data-settling])")
    things = page.get_by_role("group", name="Things to match").get_by_role("button")
    partners = page.get_by_role("group", name="Partners").get_by_role("button")
    colour = (things.first.get_attribute("aria-label") or "").split()[0]
    things.first.click()
    page.get_by_role("group", name="Partners").get_by_role("button", name=f"{colour} T-shirt", exact=True).click()
    cheer_text = board(page).locator(".game-feedback.is-cheer")
    expect(cheer_text).to_have_count(1)
    new_notes(page, 0, 3)  # the chime for the pair
    other = next(b for b in partners.all() if b.get_attribute("aria-label") != f"{colour} T-shirt")
    other.click()  # a partner first: told what comes first, a soft hint
    expect(board(page).locator(".game-feedback.is-hint")).to_have_text(re.compile("^First tap one on the left"))
    new_notes(page, 3, 2)
    things.nth(1).click()  # done: the cheer comes back, silently
    expect(cheer_text).to_have_count(1)
    page.wait_for_timeout(500)
    assert len(notes(page)) == 5


def test_with_calm_on_only_a_round_done_chimes_and_nothing_pops(page):
    """The sensory review: Shape Sorting's 5 rounds played 76 notes, a chime for every shape put away and a
    fanfare at the end, and each star popped. Calm, a grown-up's switch beside Start Playing! and in the game's bar
    (off at first, kept on this device, said on screen), keeps a game quiet: a hint, a shape put in its home and a
    thing counted are silent; a round done chimes once, and so does the finish (no fanfare); no cheer is said
    aloud, though the questions and hints are; the stars do not pop. The words of praise on screen stay."""
    page.add_init_script(RECORDER)
    install_fake_speech(page, voices=(LOCAL,), boundary=False, word_ms=5)
    open_game(page, "shape-sorting")
    switches = page.get_by_role("group", name="Sounds for this game")
    calm = switches.get_by_role("button", name="Calm", exact=True)
    expect(calm).to_have_attribute("aria-pressed", "false")
    expect(calm).to_have_accessible_description(CALM_SAYS)
    expect(switches.get_by_text(CALM_SAYS)).to_be_visible()  # on screen: a tooltip is never seen on a phone
    # off is lively, drawn as sparkles: the same leaf dashed read as "quiet" beside Sounds' crossed-out bell
    expect(calm.locator("svg.lucide-sparkles")).to_be_visible()
    expect(calm.locator("svg.lucide-leaf")).to_be_hidden()
    calm.click()
    expect(calm).to_have_attribute("aria-pressed", "true")
    expect(calm.locator("svg.lucide-leaf")).to_be_visible()
    expect(calm.locator("svg.lucide-sparkles")).to_be_hidden()
    page.get_by_role("button", name="Start Playing!").click()
    ready = toast(page, "Get Ready to Play!")
    expect(ready).to_be_visible()  # it is there at once, without sliding in
    assert ready.evaluate("el => getComputedStyle(el).transitionDuration.split(',').every(d => parseFloat(d) === 0)")
    expect(board(page)).not_to_have_attribute("data-settling", "true")

    shapes = page.get_by_role("group", name="Things to sort")
    shape = option_names(page, "Things to sort")[0]
    shapes.get_by_role("button", name=shape, exact=True).first.click()
    homes = page.get_by_role("button", name=re.compile(r" home(, \d+ inside)?$", re.I))
    kind = shape.split()[-1].lower()
    wrong = next(h for h in homes.all() if kind not in (h.get_attribute("aria-label") or "").lower())
    before = snapshot(page)
    wrong.click()
    wait_change(page, before)
    expect(board(page).locator(".game-feedback.is-hint")).to_be_visible()
    page.wait_for_timeout(300)
    assert notes(page) == []  # the hint: silent

    def right_home():  # the shape picked before the hint stays picked: its own home takes it
        before = snapshot(page)
        page.get_by_role("button", name=re.compile(rf"^{shape.split()[-1]} home(, \d+ inside)?$", re.I)).click()
        wait_change(page, before)

    put_away = rounds_done = 0
    move = right_home
    while not finished(page):
        was, heard = round_key(page), len(notes(page))
        move()
        move = lambda: click_round(page)
        if finished(page):
            break
        if round_key(page) == was:  # a shape put away within the round: its words, no sound
            expect(board(page).locator(".game-feedback.is-cheer")).to_be_visible()
            page.wait_for_timeout(300)
            assert len(notes(page)) == heard
            put_away += 1
        else:  # a round done: one chime
            assert rising(new_notes(page, heard, 3))
            rounds_done += 1
    assert put_away >= 1 and rounds_done == 4
    expect(page.get_by_role("heading", name="You did it!")).to_be_visible()
    page.wait_for_function(f"window.__notes.length >= {3 * rounds_done + 3}")
    page.wait_for_timeout(300)
    assert len(notes(page)) == 3 * rounds_done + 3  # the finish: the same one chime, no fanfare
    star = board(page).locator(".game-star.is-earned").first
    expect(star).to_be_visible()
    assert star.evaluate("s => getComputedStyle(s).animationName") == "none"
    said = [s["text"] for s in speech(page)["spoken"]]
    assert any("home" in text for text in said)  # the questions and hints were read
    assert not [text for text in said if any(cheer in text for cheer in CHEERS)], said
    in_bar = board(page).get_by_role("button", name="Calm", exact=True)  # and in the game's own bar
    expect(in_bar).to_have_attribute("aria-pressed", "true")

    open_game(page, "number-counting")  # kept on this device: counting is silent too
    expect(page.get_by_role("group", name="Sounds for this game").get_by_role(
        "button", name="Calm", exact=True)).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="Start Playing!").click()
    expect(board(page)).not_to_have_attribute("data-settling", "true")
    heard = len(notes(page))
    board(page).locator(".game-count-object").first.click()
    expect(board(page).locator(".game-count-object[data-counted]")).to_have_count(1)
    page.wait_for_timeout(300)
    assert len(notes(page)) == heard
