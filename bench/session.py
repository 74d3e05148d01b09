"""One benchmark run: the apps it started (each built once, shared by the benchmarks), cleaned up at the end."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

from bench.common import APP_VERSION, BARE_ROOT, App, app_version, log, start_backend, start_reflex_prod
from bench.recorder import record_hydrates

BARE_COUNTER = "reflex___state____state.bare_app___bare_app____counter_state"


class Bench:
    def __init__(self, app_root: Path, quick: bool = False, soak_seconds: float = 600,
                 postgres_url: str = "", redis_url: str = "", profile: bool = False,
                 soak_chat: bool = True, chat_viewers: int = 100):
        self.app_root = app_root.resolve()
        APP_VERSION["text"] = app_version(self.app_root)
        self.quick = quick
        self.soak_seconds = soak_seconds
        self.postgres_url = postgres_url
        self.redis_url = redis_url
        self.profile = profile
        self.soak_chat = soak_chat
        self.chat_viewers = chat_viewers
        self.tmp = Path(tempfile.mkdtemp(prefix="learnsite-bench-"))
        self.site_data = self.tmp / "site-data"
        self.site_data.mkdir()
        self._apps: dict[str, App] = {}
        self._extra: list[App] = []
        self._hydrates: dict[tuple, dict] = {}
        self._cleanups: list = []
        # The benchmark process uses Learnsite's services (seeding users, worksheets) on the site's data.
        os.environ["LEARNSITE_DATA_DIR"] = str(self.site_data)
        for name in ("LEARNSITE_DATABASE_URL", "REFLEX_REDIS_URL", "LEARNSITE_REDIS_URL"):
            os.environ.pop(name, None)
        if str(self.app_root) not in sys.path:
            sys.path.insert(0, str(self.app_root))

    # ------------------------------------------------------------ apps

    def bare(self) -> App:
        if "bare" not in self._apps:
            self._apps["bare"] = start_reflex_prod("bare", BARE_ROOT)
        return self._apps["bare"]

    def site(self) -> App:
        """Learnsite's production build on SQLite, with its own data folder."""
        if "site" not in self._apps:
            self._apps["site"] = start_reflex_prod("learnsite", self.app_root, data_dir=self.site_data, prestart=True)
        return self._apps["site"]

    def backend(self, name: str, env_extra: dict) -> App:
        """One more backend process of the built site (e.g. on PostgreSQL or Redis); stopped at the end."""
        app = start_backend(name, self.site(), env_extra)
        self._extra.append(app)
        return app

    def pg_database(self) -> str:
        """A new PostgreSQL database of this run (migrated and seeded by prestart), dropped at the end."""
        from learnsite.migrate import prestart
        from tests.databases import fresh_postgres_database

        db_url, drop = fresh_postgres_database(self.postgres_url, prefix="learnsite_bench")
        self.on_close(drop)
        prestart(db_url, starter_library=False)  # no starter files in the checkout's storage
        return db_url

    def stop_app(self, app: App) -> None:
        app.stop()
        if app in self._extra:
            self._extra.remove(app)

    def on_close(self, fn) -> None:
        self._cleanups.append(fn)

    # ------------------------------------------------------------ recorded hydrates

    def hydrate(self, app: App, path: str = "/", storage: dict | None = None, key: str = "") -> dict:
        cache_key = (app.name, path, key)
        if cache_key not in self._hydrates:
            self._hydrates[cache_key] = record_hydrates(app.url, [path], storage)[path]
        return self._hydrates[cache_key]

    def close(self) -> None:
        for fn in reversed(self._cleanups):
            try:
                fn()
            except Exception as exc:  # noqa: BLE001
                log(f"cleanup failed: {exc!r}")
        for app in [*self._extra, *self._apps.values()]:
            app.stop()
        shutil.rmtree(self.tmp, ignore_errors=True)
