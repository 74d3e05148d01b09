"""The built-in catalogue, declarative data in one place. Pictures are local assets under assets/art/.

types.py: the entry shapes and slugify(); home.py: age groups, categories, featured;
library.py: the content items behind /activity, /powerpoint, /storybook, ... routes.
"""

from learnsite.catalogue.home import AGE_GROUPS, CATEGORIES, FEATURED  # noqa: F401
from learnsite.catalogue.library import (  # noqa: F401
    ACTIVITIES, AUDIOBOOKS, FLIPBOOKS, PRESENTATIONS, SONGS, STORYBOOKS, VIDEOS, WORKSHEETS,
)
from learnsite.catalogue.types import *  # noqa: F401,F403
from learnsite.catalogue.types import slugify  # noqa: F401
