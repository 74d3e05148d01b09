"""Faults: kill one of two backends while clients chat (see bench/b_soak.py for the method)."""

from bench.b_soak import run_faults as run  # noqa: F401
