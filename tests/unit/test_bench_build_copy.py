"""`make bench` builds each app in a copy: the checkout's .web and tracked files are never written."""

from __future__ import annotations

from bench.common import BARE_ROOT, REPO_ROOT, copy_for_build


def test_the_copy_has_the_sources_and_none_of_the_build_output(tmp_path):
    copy = copy_for_build(REPO_ROOT, tmp_path)
    assert copy.parent == tmp_path
    assert (copy / "rxconfig.py").is_file() and (copy / "learnsite" / "learnsite.py").is_file()
    assert (copy / "assets" / "styles.css").is_file()
    for left_out in (".web", ".git", ".venv", "data"):
        assert not (copy / left_out).exists(), left_out


def test_the_bare_app_copy_carries_its_own_lock(tmp_path):
    copy = copy_for_build(BARE_ROOT, tmp_path)
    assert (copy / "reflex.lock" / "package.json").read_text() == (BARE_ROOT / "reflex.lock" / "package.json").read_text()
    assert not (copy / ".web").exists()
