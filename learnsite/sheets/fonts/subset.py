"""Remake the shipped font subsets from Debian's fonts-dejavu-core (run by hand when a sheet needs a new character):

    .venv/bin/python -m learnsite.sheets.fonts.subset

Parsing the full 750 KB DejaVu Sans took half the time of making a sheet; the subsets hold only what
the generators draw (ASCII, Latin-1, the arrows, minus and times signs, the middle dot). DejaVu's
changes are public domain on top of the Bitstream Vera licence, which allows modified copies whose
names contain neither "Bitstream" nor "Vera" (see LICENSE-DejaVu.txt).
"""

from __future__ import annotations

from pathlib import Path

from fontTools import subset

SOURCE = Path("/usr/share/fonts/truetype/dejavu")
HERE = Path(__file__).parent
UNICODES = "U+0020-007E,U+00A0-00FF,U+00B7,U+2212,U+00D7,U+2190-2199,U+2026,U+2013,U+2014,U+2018-201D"


def main() -> None:
    for name in ("DejaVuSans", "DejaVuSans-Bold"):
        subset.main([str(SOURCE / f"{name}.ttf"), f"--unicodes={UNICODES}", "--no-hinting",
                     "--layout-features=kern", f"--output-file={HERE / f'{name}-sheets.ttf'}"])


if __name__ == "__main__":
    main()
