import asyncio
import gc
import subprocess
import sys

import pytest

from learnsite import gc_tuning


def test_tune_sets_the_thresholds():
    before = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)  # CPython's defaults
        assert gc_tuning.tune() == (10_000, 20, 100)
        assert gc.get_threshold() == (10_000, 20, 100)
    finally:
        gc.set_threshold(*before)


@pytest.fixture(scope="module")
def app_process() -> list[str]:
    """What a fresh process that imports the app reports: its thresholds, and whether the timer is registered."""
    code = ("import gc, learnsite.learnsite as m, learnsite.gc_tuning as g; print(gc.get_threshold()); "
            "print(g.collect_periodically in m.app.get_lifespan_tasks())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=True)
    return out.stdout.strip().splitlines()[-2:]


def test_the_app_module_tunes_the_collector_of_the_process_that_imports_it(app_process):
    assert app_process[0] == "(10000, 20, 100)"


def test_a_full_collection_runs_on_a_timer(monkeypatch):
    collected = []
    monkeypatch.setattr(gc_tuning, "FULL_EVERY_S", 0.01)
    monkeypatch.setattr(gc_tuning.gc, "collect", lambda *args: collected.append(args))

    async def run_a_while():
        task = asyncio.create_task(gc_tuning.collect_periodically())
        await asyncio.sleep(0.2)
        task.cancel()

    asyncio.run(run_a_while())
    assert len(collected) >= 3
    assert all(args == () for args in collected)  # full collections: no generation given


def test_the_app_registers_the_timer_as_a_lifespan_task(app_process):
    assert app_process[1] == "True"
