import pytest

from learnsite import whole_numbers


@pytest.mark.parametrize("text, most, signed, expected", [
    ("7", 2, False, 7),
    ("07", 2, False, 7),
    ("123", 2, False, None),  # more digits than allowed
    ("", 2, False, None),
    ("²", 2, False, None),  # a digit to str.isdigit(), and int() refuses it
    ("٣", 2, False, None),  # a decimal digit to int(), but not ASCII
    (" 5", 2, False, None),
    ("5\n", 2, False, None),  # "$" would let a trailing newline through; fullmatch does not
    ("-5", 2, False, None),
    ("-5", 2, True, -5),
    ("--5", 2, True, None),
    ("+5", 2, True, None),
    ("-", 2, True, None),
    ("2147483647", 10, False, 2147483647),
    ("9" * 5000, 10, False, None),  # never reaches int(), which refuses over 4300 digits
])
def test_parse(text, most, signed, expected):
    assert whole_numbers.parse(text, most, signed=signed) == expected


@pytest.mark.parametrize("value", [5, 5.0, None, b"5", ["5"], True])
def test_parse_refuses_what_is_not_text(value):
    assert whole_numbers.parse(value, 10) is None
