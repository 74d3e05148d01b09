"""FlipbookState's Next follows the book's layout: a spread (the spec's rule, page count minus 2) or one page at a
time on a narrow screen, where the last page, "The End", is one more turn away."""

from __future__ import annotations

from learnsite.state.flipbook import FlipbookState
from tests.unit.auth_fixtures import opened, run


async def _book(book_id: str = "my-first-shapes"):
    return await opened(FlipbookState, f"/flipbook/{book_id}", flipbook_id=book_id, loaded=True)


async def test_a_spread_stops_next_at_the_last_spread_as_the_spec_says():
    book = await _book()  # 10 pages
    await run(FlipbookState.oriented, book, "landscape")
    await run(FlipbookState.flipped, book, 7)
    assert book.next_disabled is False
    await run(FlipbookState.flipped, book, 8)
    assert book.next_disabled is True
    assert await run(FlipbookState.key_pressed, book, "ArrowRight") == []


async def test_one_page_at_a_time_reaches_the_last_page():
    book = await _book()
    await run(FlipbookState.oriented, book, "portrait")
    await run(FlipbookState.flipped, book, 8)
    assert book.next_disabled is False  # page 9 of 10 showing: "The End" is next
    assert await run(FlipbookState.key_pressed, book, "ArrowRight") != []  # the book turns
    assert await run(FlipbookState.key_pressed, book, "PageDown") != []  # as a classroom clicker turns it
    assert await run(FlipbookState.key_pressed, book, "PageUp") != []
    await run(FlipbookState.flipped, book, 9)
    assert book.next_disabled is True


async def test_an_odd_orientation_counts_as_a_spread():
    book = await _book()
    await run(FlipbookState.flipped, book, 8)
    for odd in ("", "PORTRAIT", "{portrait}", "landscape"):
        await run(FlipbookState.oriented, book, odd)
        assert book.portrait is False and book.next_disabled is True
