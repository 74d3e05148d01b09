"""Home-page data: age groups, learning categories, featured activities."""

from learnsite.catalogue.types import AgeGroup, Category, Featured

AGE_GROUPS: tuple[AgeGroup, ...] = (
    AgeGroup("Ages 3-4", "#f472b6", "Colors, shapes and first counting games", "popup-3-4",
             (("color-matching", "Color Matching"), ("shape-sorting", "Shape Sorting"),
              ("number-counting", "Number Counting"), ("animal-sounds", "Animal Sounds"))),
    AgeGroup("Ages 5-6", "#fb923c", "Letters, sight words and adding up", "popup-5-6",
             (("letter-tracing", "Letter Tracing"), ("sight-words", "Sight Words"),
              ("addition-fun", "Addition Fun"), ("number-friends", "Number Friends"))),
    AgeGroup("Ages 7-8", "#38bdf8", "Reading, maths and science facts", "popup-7-8",
             (("reading-comp", "Reading Comp"), ("math-whiz", "Math Whiz"),
              ("story-starter", "Story Starter"), ("science-facts", "Science Facts"))),
    AgeGroup("Ages 9-10", "#a78bfa", "Times tables, writing and big questions", "popup-9-10",
             (("multi-masters", "Multi Masters"), ("creative-writing", "Creative Writing"),
              ("science-lab", "Science Lab"), ("history-quest", "History Quest"))),
)

CATEGORIES: tuple[Category, ...] = ()
FEATURED: tuple[Featured, ...] = ()
