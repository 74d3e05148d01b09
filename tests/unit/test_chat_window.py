"""The live window of a channel: each message once, oldest first, bounded."""

from learnsite.services.chat import merge_window


def rows(*ids):
    return [{"id": i, "content": f"m{i}"} for i in ids]


def test_new_messages_are_appended_in_id_order_each_once():
    window = rows(1, 2, 3)
    merged, trimmed = merge_window(window, rows(5, 4, 3), max_len=10, keep=5)
    assert [m["id"] for m in merged] == [1, 2, 3, 4, 5]
    assert not trimmed


def test_a_late_committed_message_lands_in_its_place():
    merged, _ = merge_window(rows(1, 2, 4), rows(3), max_len=10, keep=5)
    assert [m["id"] for m in merged] == [1, 2, 3, 4]


def test_the_copy_already_shown_is_kept():
    shown = rows(1, 2)
    merged, _ = merge_window(shown, [{"id": 2, "content": "changed"}], max_len=10, keep=5)
    assert merged[1] is shown[1]


def test_past_the_limit_only_the_newest_are_kept():
    merged, trimmed = merge_window(rows(*range(1, 11)), rows(11), max_len=10, keep=4)
    assert [m["id"] for m in merged] == [8, 9, 10, 11]
    assert trimmed
