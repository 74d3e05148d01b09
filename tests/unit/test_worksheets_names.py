"""The download file name rule of SPEC §7."""

import pytest

from learnsite.state.worksheets import download_name


@pytest.mark.parametrize("title, expected", [
    ("Counting Apples", "counting_apples.pdf"),
    ("Counting Apples & Pears!", "counting_apples___pears_.pdf"),
    ("ABC 123", "abc_123.pdf"),
    ("Élan", "_lan.pdf"),
    ("", ".pdf"),
])
def test_download_name(title, expected):
    assert download_name(title) == expected
