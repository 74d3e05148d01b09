"""What one tab shows of a channel: each message once, oldest first, bounded; a push resends only `live`."""

from learnsite.services.chat import merge_live


def rows(*ids):
    return [{"id": i, "content": f"m{i}"} for i in ids]


def ids(messages):
    return [m["id"] for m in messages]


def merge(window, live, incoming, live_max=5, window_max=10, keep=4):
    return merge_live(window, live, incoming, live_max, window_max, keep)


def test_new_messages_go_to_live_in_id_order_each_once():
    window, live, trimmed = merge(rows(1, 2, 3), [], rows(5, 4, 3))
    assert ids(window) == [1, 2, 3] and ids(live) == [4, 5]
    assert not trimmed


def test_the_window_itself_is_left_alone_so_only_live_is_resent():
    shown = rows(1, 2, 3)
    window, live, _ = merge(shown, rows(4), rows(5))
    assert window is shown
    assert ids(live) == [4, 5]


def test_nothing_new_is_none():
    assert merge(rows(1, 2), rows(3), rows(2, 3)) is None


def test_a_late_committed_message_lands_in_its_place():
    window, live, _ = merge(rows(1, 2, 4), rows(5), rows(3))
    assert ids(window) == [1, 2, 3, 4, 5] and live == []


def test_out_of_order_pushes_are_sorted_in_live():
    _, live, _ = merge(rows(1), rows(3), rows(2))
    assert ids(live) == [2, 3]


def test_the_copy_already_shown_is_kept():
    shown = rows(1, 2)
    window, live, _ = merge(shown, [], [{"id": 2, "content": "changed"}, *rows(3)])
    assert window[1] is shown[1] and ids(live) == [3]


def test_past_live_max_live_folds_into_the_window():
    window, live, trimmed = merge(rows(1, 2), rows(3, 4, 5, 6, 7), rows(8))
    assert ids(window) == [1, 2, 3, 4, 5, 6, 7, 8] and live == []
    assert not trimmed


def test_past_window_max_only_the_newest_are_kept():
    window, live, trimmed = merge(rows(*range(1, 6)), rows(6, 7, 8, 9, 10), rows(11))
    assert ids(window) == [8, 9, 10, 11] and live == []
    assert trimmed


def test_an_empty_window_takes_messages_into_live():
    window, live, _ = merge([], [], rows(1))
    assert window == [] and ids(live) == [1]
