"""First-page thumbnails, rendered in a short-lived child process.

pdfium holds the page's images and the full-size decoded bitmap while it renders: for a 20 MB
scanned worksheet that is about three times the file size. Rendered in the server, that peak would
stay in the process that serves everyone (freed C memory is not always handed back). In a child it
goes back to the system when the child exits, and pdfium crashing on a hostile file only ends the child.

The server calls render_thumbnail(); the child runs
`python -m learnsite.services.thumbnail <pdf path> <png path> [width]`.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from functools import cache
from pathlib import Path

import learnsite
from learnsite.services.pdf import THUMBNAIL_WIDTH

TIMEOUT_SECONDS = 30.0
# The child's last stderr line, so the caller can see what rendering cost (nothing hidden).
PEAK_PREFIX = "peak-rss-kib "
_PACKAGE_ROOT = str(Path(learnsite.__file__).resolve().parent.parent)


class ThumbnailFailed(Exception):
    """The renderer failed, crashed or ran out of time; str(exc) says which, for the log."""


def _command(pdf_path: Path, out_path: Path, width: int) -> list[str]:
    return [sys.executable, "-m", __name__, str(pdf_path), str(out_path), str(width)]


def _child_env() -> dict[str, str]:
    # The child must import this very checkout of learnsite, whatever the server's cwd.
    paths = [_PACKAGE_ROOT, *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}


@cache
def _renderer_slots() -> tuple[int, threading.BoundedSemaphore]:
    """How many renderers one server process runs at once (each may peak near 3x its PDF): more
    uploads wait their turn, up to the timeout, then go without a thumbnail rather than exhaust memory."""
    from learnsite.config import settings  # here, not at import: the child process never loads settings

    return settings.thumbnail_renderers, threading.BoundedSemaphore(settings.thumbnail_renderers)


def render_thumbnail(pdf_path: Path, out_path: Path, *, width: int = THUMBNAIL_WIDTH,
                     timeout: float = TIMEOUT_SECONDS) -> int:
    """Write page 1 of the PDF as a PNG `width` pixels wide to out_path; return the child's peak RSS in bytes.

    Raises ThumbnailFailed (the child is killed on timeout; out_path may then be partly written).
    """
    count, slots = _renderer_slots()
    if not slots.acquire(timeout=timeout):
        raise ThumbnailFailed(f"{count} thumbnails were rendering for longer than {timeout:g} s")
    try:
        return _render(pdf_path, out_path, width, timeout)
    finally:
        slots.release()


def _render(pdf_path: Path, out_path: Path, width: int, timeout: float) -> int:
    try:
        done = subprocess.run(_command(Path(pdf_path), Path(out_path), width), env=_child_env(),
                              stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        raise ThumbnailFailed(f"Rendering the thumbnail took longer than {timeout:g} s") from None
    except OSError as exc:
        raise ThumbnailFailed(f"The thumbnail renderer could not start: {exc}") from exc
    lines = done.stderr.decode(errors="replace").strip().splitlines()
    if done.returncode < 0:
        raise ThumbnailFailed(f"The thumbnail renderer crashed (signal {-done.returncode})")
    if done.returncode != 0:
        reason = lines[-1] if lines else f"exit status {done.returncode}"
        raise ThumbnailFailed(f"The thumbnail could not be rendered: {reason}")
    if not Path(out_path).is_file() or Path(out_path).stat().st_size == 0:
        raise ThumbnailFailed("The thumbnail renderer wrote no image")
    peak = lines[-1].removeprefix(PEAK_PREFIX) if lines and lines[-1].startswith(PEAK_PREFIX) else ""
    return int(peak) * 1024 if peak.isdigit() else 0


def _peak_rss_kib() -> int:
    with open("/proc/self/status") as f:
        return next((int(line.split()[1]) for line in f if line.startswith("VmHWM:")), 0)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) not in (2, 3) or (len(args) == 3 and not args[2].isdigit()):
        print("usage: python -m learnsite.services.thumbnail <pdf path> <png path> [width]", file=sys.stderr)
        return 2
    from learnsite.services.pdf import first_page_png

    width = int(args[2]) if len(args) == 3 else THUMBNAIL_WIDTH
    try:
        png = first_page_png(Path(args[0]), width)
        Path(args[1]).write_bytes(png)
    except Exception as exc:  # noqa: BLE001 - the parent reads the reason from stderr
        print(f"{exc.__class__.__name__}: {exc}", file=sys.stderr)
        return 1
    try:
        print(f"{PEAK_PREFIX}{_peak_rss_kib()}", file=sys.stderr)
    except OSError:  # no /proc (not Linux): the figure is only informative
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
