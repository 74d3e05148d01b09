"""What a worksheet is made from: the kind, its options and their bounds, checked before drawing."""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace

from learnsite import whole_numbers
from learnsite.catalogue import worksheet_tags

PAPERS = ("A4", "Letter")
CARRYING = ("any", "none", "only")  # carrying (addition) or borrowing (subtraction)
CASES = ("upper", "lower", "both")
SEED_MAX = 999_999
COUNT_MAX = 100


class SheetOptionError(ValueError):
    """Options a sheet cannot be made from; str(exc) is a message for the person making it, `field` the option it
    is about ("range", "count", "level", "carrying", "seed"...; "" for the sheet as a whole)."""

    def __init__(self, message: str, field: str = ""):
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class KindSpec:
    kind: str
    label: str
    file_stem: str
    ages: str  # "5-10": who the kind is for, said under the maker's choice of kind (the options make it harder)
    low_min: int
    high_max: int
    low: int
    high: int
    range_label: str = "Numbers from"
    range_note: str = ""  # said after the maker's "Use 0 to 12"
    count: int = 0  # 0: the kind has no count option
    count_min: int = 1
    count_max: int = COUNT_MAX
    count_label: str = "Number of problems"
    levels: int = 0  # >0: the kind has a level option 1..levels
    carrying: bool = False
    case: bool = False
    has_key: bool = True
    # the library's category, subject and skill a made sheet starts with (the admin may change them)
    library: tuple[str, str, str] = (worksheet_tags.MATH, "math", "addition-subtraction")


KINDS: dict[str, KindSpec] = {k.kind: k for k in (
    KindSpec("addition", "Addition drill", "addition-drill", "5-10", 0, 999, 0, 10, count=20, carrying=True),
    KindSpec("subtraction", "Subtraction drill", "subtraction-drill", "5-10", 0, 999, 0, 10, count=20, carrying=True),
    KindSpec("multiplication", "Multiplication drill", "multiplication-drill", "7-10", 0, 12, 1, 5, "Times tables from",
             "7 to 7 makes the 7 times table, 7 × 1 to 7 × 12", count=20,
             library=(worksheet_tags.MATH, "math", "problem-solving")),
    KindSpec("division", "Division drill", "division-drill", "8-10", 1, 12, 2, 5, "Times tables from",
             "7 to 7 divides by 7, 7 ÷ 7 to 84 ÷ 7", count=20,
             library=(worksheet_tags.MATH, "math", "problem-solving")),
    KindSpec("number-bonds", "Number bonds", "number-bonds", "5-8", 2, 100, 5, 10, "Whole numbers from", count=12),
    KindSpec("counting", "Counting pictures", "counting-pictures", "3-6", 1, 20, 1, 10, "Objects from", count=6,
             library=(worksheet_tags.MATH, "math", "counting")),
    KindSpec("number-tracing", "Number tracing", "number-tracing", "3-5", 0, 20, 0, 9, has_key=False,
             library=(worksheet_tags.TRACING, "math", "writing")),
    KindSpec("letter-tracing", "Letter tracing", "letter-tracing", "3-6", 1, 26, 1, 5, "Letters from", case=True,
             has_key=False, library=(worksheet_tags.TRACING, "literacy", "writing")),
    KindSpec("word-search", "Sight-word search", "sight-word-search", "5-8", 0, 0, 0, 0, count=8, count_min=3,
             count_max=12, count_label="Number of words", levels=3,
             library=(worksheet_tags.WORD_PUZZLES, "literacy", "reading")),
    KindSpec("colour-by-number", "Colour by number", "colour-by-number", "4-8", 0, 0, 0, 0, levels=3,
             library=(worksheet_tags.COLOURING, "art", "fine-motor")),
)}


@dataclass(frozen=True)
class SheetOptions:
    kind: str
    seed: int = 1
    low: int = 0
    high: int = 10
    count: int = 20
    paper: str = "A4"
    name_line: bool = True
    answer_key: bool = True
    carrying: str = "any"
    case: str = "both"
    level: int = 1

    def to_dict(self) -> dict:
        return asdict(self)

    @property
    def spec(self) -> KindSpec:
        return KINDS[self.kind]

    def file_name(self) -> str:
        return f"{self.spec.file_stem}-sheet-{self.seed}.pdf"


def defaults(kind: str, **overrides) -> SheetOptions:
    """The options a kind starts with in the maker, with any overrides (still unchecked)."""
    spec = KINDS[kind]
    base = SheetOptions(kind=kind, low=spec.low, high=spec.high, count=spec.count or 1, level=1,
                        answer_key=spec.has_key)
    return replace(base, **overrides)


def _int(value, name: str, field: str) -> int:
    if isinstance(value, bool):
        raise SheetOptionError(f"{name} must be a whole number.", field)
    if isinstance(value, int):
        return value
    number = whole_numbers.parse(value.strip(), 9, signed=True) if isinstance(value, str) else None
    if number is None:
        raise SheetOptionError(f"{name} must be a whole number.", field)
    return number


def _bool(value, name: str) -> bool:
    if isinstance(value, bool):
        return value
    if value in ("1", "true", "on", "yes"):
        return True
    if value in ("0", "false", "off", "no", ""):
        return False
    raise SheetOptionError(f"{name} must be on or off.")


def checked(raw: dict) -> SheetOptions:
    """SheetOptions from untrusted values (query strings, event payloads); SheetOptionError if out of bounds."""
    kind = raw.get("kind")
    if kind not in KINDS:
        raise SheetOptionError("Please choose a kind of worksheet.")
    spec = KINDS[kind]
    seed = _int(raw.get("seed", 1), "The sheet number", "seed")
    if not 0 <= seed <= SEED_MAX:
        raise SheetOptionError(f"The sheet number must be between 0 and {SEED_MAX}.", "seed")
    paper = raw.get("paper", "A4")
    if paper not in PAPERS:
        raise SheetOptionError("Paper size must be A4 or Letter.", "paper")
    opts = dict(kind=kind, seed=seed, paper=paper, name_line=_bool(raw.get("name_line", True), "Name line"),
                answer_key=_bool(raw.get("answer_key", True), "Answer key") and spec.has_key)
    if spec.high_max:
        low, high = _int(raw.get("low", spec.low), "From", "range"), _int(raw.get("high", spec.high), "To", "range")
        if not spec.low_min <= low <= spec.high_max or not spec.low_min <= high <= spec.high_max:
            raise SheetOptionError(f"{spec.range_label}: use numbers between {spec.low_min} and {spec.high_max}.",
                                   "range")
        if low > high:
            raise SheetOptionError(f"{spec.range_label}: the first number must not be larger than the second.",
                                   "range")
        opts.update(low=low, high=high)
    else:
        opts.update(low=0, high=0)
    if spec.count:
        count = _int(raw.get("count", spec.count), spec.count_label, "count")
        if not spec.count_min <= count <= spec.count_max:
            raise SheetOptionError(f"{spec.count_label}: choose between {spec.count_min} and {spec.count_max}.",
                                   "count")
        opts["count"] = count
    else:
        opts["count"] = 1
    if spec.levels:
        level = _int(raw.get("level", 1), "Level", "level")
        if not 1 <= level <= spec.levels:
            raise SheetOptionError(f"Level must be between 1 and {spec.levels}.", "level")
        opts["level"] = level
    if spec.carrying:
        carrying = raw.get("carrying", "any")
        if carrying not in CARRYING:
            raise SheetOptionError("Carrying must be any, none or only.", "carrying")
        opts["carrying"] = carrying
    if spec.case:
        case = raw.get("case", "both")
        if case not in CASES:
            raise SheetOptionError("Letter case must be upper, lower or both.", "case")
        opts["case"] = case
    return SheetOptions(**opts)
