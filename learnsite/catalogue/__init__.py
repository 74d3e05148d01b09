"""The built-in catalogue, declarative data in one place. Pictures are local assets under assets/art/.

types.py: the entry shapes and slugify(); home.py: age groups, categories, featured (fixed by the product
spec, ../shared/SPEC.md, which the tests that pin them cite as SPEC); library.py: the content items behind
/activity, /powerpoint, /storybook, ... routes (a picture each: an SVG under 4 KB); songs.py: each song's tune
and lyric timing (its id is the song's in library.SONGS); entries.py and filters.py: the list popups' rows and
search rules; worksheet_tags.py: the worksheet library's categories, subjects and skills.
"""

from learnsite.catalogue.home import AGE_GROUPS, CATEGORIES, FEATURED  # noqa: F401
from learnsite.catalogue.library import (  # noqa: F401
    ACTIVITIES, AUDIOBOOKS, FLIPBOOKS, PRESENTATIONS, SONGS, STORYBOOKS, VIDEOS, WORKSHEETS,
)
from learnsite.catalogue.types import *  # noqa: F401,F403
from learnsite.catalogue.types import slugify  # noqa: F401
