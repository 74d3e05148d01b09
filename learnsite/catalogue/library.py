"""The library: activities, videos, songs, presentations, storybooks, audiobooks, flipbooks."""

from learnsite.catalogue.types import (
    Activity, Audiobook, BuiltinWorksheet, Flipbook, Page, Presentation, Song, Storybook, Video,
)

ACTIVITIES: tuple[Activity, ...] = ()
VIDEOS: tuple[Video, ...] = ()
SONGS: tuple[Song, ...] = ()
PRESENTATIONS: tuple[Presentation, ...] = ()
STORYBOOKS: tuple[Storybook, ...] = ()
AUDIOBOOKS: tuple[Audiobook, ...] = ()
FLIPBOOKS: tuple[Flipbook, ...] = ()
WORKSHEETS: tuple[BuiltinWorksheet, ...] = ()
