"""Home-page data: age groups, learning categories, featured activities."""

from learnsite.catalogue import worksheet_tags
from learnsite.catalogue.library import ACTIVITIES, find
from learnsite.catalogue.types import Activity, AgeGroup, Category, Featured

SITE_TAGLINE = "Fun Learning for Kids Ages 3-10"  # in every page's title


def _titled(*ids: str) -> tuple[tuple[str, str], ...]:
    """(id, title) pairs; each title is written once, in library.ACTIVITIES (an unknown id fails at import)."""
    return tuple((id_, _activity(id_).title) for id_ in ids)


def _activity(id_: str) -> Activity:
    activity = find(ACTIVITIES, id_)
    if activity is None:
        raise LookupError(f"{id_!r} is not in library.ACTIVITIES")
    return activity


AGE_GROUPS: tuple[AgeGroup, ...] = (
    AgeGroup("Ages 3-4", "#f472b6", "Colours, shapes and first counting games", "popup-3-4",
             _titled("color-matching", "shape-sorting", "number-counting", "animal-sounds")),
    AgeGroup("Ages 5-6", "#fb923c", "Letters, sight words and adding up", "popup-5-6",
             _titled("letter-tracing", "sight-words", "addition-fun", "number-friends")),
    AgeGroup("Ages 7-8", "#38bdf8", "Reading, maths and science facts", "popup-7-8",
             _titled("reading-comp", "math-whiz", "story-starter", "science-facts")),
    AgeGroup("Ages 9-10", "#a78bfa", "Times tables, writing and big questions", "popup-9-10",
             _titled("multi-masters", "creative-writing", "science-lab", "history-quest")),
)

CATEGORIES: tuple[Category, ...] = (
    Category("Printable Worksheets", "printer", "#f97316",
             "Trace, colour, count and solve: print a page and learn with a pencil.",
             worksheet_tags.CATEGORIES, "worksheet"),
    Category("Interactive Flipbooks", "book-open", "#0ea5e9",
             "Flip the pages of picture books about the sea, the farm and outer space.",
             ("Ocean Explorers", "Farm Friends", "Space Adventure", "My First Shapes"), "flipbook"),
    Category("Animated Videos", "clapperboard", "#ef4444",
             "Short cartoons that make letters, numbers and nature come alive.",
             ("ABC Adventure", "Counting with Animals", "Colors of the Rainbow", "How Plants Grow"), "video"),
    Category("Phonics Songs", "music", "#22c55e",
             "Sing, clap and dance along while you learn the sounds of letters.",
             ("The Alphabet Song", "Five Little Ducks", "Days of the Week", "Phonics Fun"), "song"),
    Category("Bedtime Storybooks", "moon-star", "#6366f1",
             "Cosy stories about brave knights, magic forests and jungle friends.",
             ("The Magical Forest", "The Brave Knight", "Mystery of the Stars", "Jungle Friends"), "book"),
    Category("Slide Presentations", "presentation", "#eab308",
             "Click through colourful slides about planets, dinosaurs and more.",
             ("Solar System Tour", "Dinosaur Facts", "World of Insects", "Ancient Egypt"), "powerpoint"),
    Category("Listening Audiobooks", "headphones", "#ec4899",
             "Close your eyes and listen to classic fables read aloud.",
             ("The Lion and the Mouse", "The Tortoise and the Hare", "Read Along Fables", "Read Aloud Classics"),
             "audiobook"),
)

FEATURED: tuple[Featured, ...] = (
    Featured("rainbow-math", _activity("rainbow-math").title, "/art/featured/rainbow-math.svg",
             "A rainbow arching over colourful dotted counting blocks",
             "Add and take away along a bright rainbow, one colourful stripe for every sum.", "calculator", "#f97316"),
    Featured("animal-alphabet", _activity("animal-alphabet").title, "/art/featured/animal-alphabet.svg",
             "A friendly lion, a bird and a fish beside big letters",
             "Meet an animal for every letter, from Ant to Zebra, and hear its name.", "paw-print", "#22c55e"),
    Featured("shape-safari", _activity("shape-safari").title, "/art/featured/shape-safari.svg",
             "Circles, triangles and squares hiding in the grass like wild animals",
             "Go on an adventure to spot circles, stars, diamonds and more shapes hiding in the wild.", "shapes", "#0ea5e9"),
)

# Where an item of each category type lives (SPEC §2 routes); worksheets open the All Worksheets list instead.
TYPE_ROUTES: dict[str, str] = {
    "flipbook": "/flipbook",
    "video": "/video",
    "song": "/song",
    "book": "/storybook",
    "powerpoint": "/powerpoint",
    "audiobook": "/audiobook",
}


def age_group_art(group: AgeGroup) -> str:
    return f"/art/agegroup/{group.type}.svg"


def category_art(category: Category) -> str:
    return f"/art/category/{category.type}.svg"
