import gc
import subprocess
import sys

from learnsite import gc_tuning


def test_tune_sets_the_thresholds():
    before = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)  # CPython's defaults
        assert gc_tuning.tune() == (10_000, 20, 100)
        assert gc.get_threshold() == (10_000, 20, 100)
    finally:
        gc.set_threshold(*before)


def test_the_app_module_tunes_the_collector_of_the_process_that_imports_it():
    code = "import gc, learnsite.learnsite; print(gc.get_threshold())"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=True)
    assert out.stdout.strip().splitlines()[-1] == "(10000, 20, 100)"
