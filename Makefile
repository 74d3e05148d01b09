# Learnsite: `make run` serves the site, `make test` runs the whole suite.
SHELL := /bin/bash
PYTHON ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 3000
export PATH := $(CURDIR)/$(VENV)/bin:$(CURDIR)/.tools/node_modules/.bin:$(PATH)
export REFLEX_TELEMETRY_ENABLED := false

.PHONY: run dev test bench install lock bun chromium test-tools prestart migration clean

$(VENV)/.installed: pyproject.toml constraints.txt
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -c constraints.txt -e '.[test]'
	@touch $@

# constraints.txt: the newest releases pyproject.toml allows, installed and frozen (review the diff, run make test)
lock:
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade -e '.[test]'
	{ head -n 2 constraints.txt; $(PY) -m pip freeze --exclude-editable; } > constraints.txt.new
	mv constraints.txt.new constraints.txt

install: $(VENV)/.installed bun

# Reflex's own bun installer downloads from the web; take bun from the npm registry instead.
bun:
	@command -v bun >/dev/null 2>&1 || (mkdir -p .tools && npm install --silent --prefix .tools bun)

chromium:
	@test -x /usr/bin/chromium || (apt-get update -q && apt-get install -y -q chromium)

prestart: install
	$(VENV)/bin/learnsite prestart

# the site's own address, unless set: email links on `PORT=8080 make run` pointed at port 3000
run: prestart
	LEARNSITE_PUBLIC_URL="$${LEARNSITE_PUBLIC_URL:-http://localhost:$(PORT)}" \
	$(VENV)/bin/reflex run --env prod --single-port --frontend-port $(PORT) --backend-port $(PORT)

dev: prestart
	$(VENV)/bin/reflex run --env dev

# axe-core and Mozilla's HTTP Observatory for the tests, pinned by tests/tools/package-lock.json;
# --ignore-scripts: the scanner's postinstall would download lists from the web.
TEST_TOOLS := tests/tools/node_modules/.installed
$(TEST_TOOLS): tests/tools/package.json tests/tools/package-lock.json
	npm ci --silent --ignore-scripts --no-audit --no-fund --prefix tests/tools
	@touch $@

test-tools: $(TEST_TOOLS)

test: install chromium test-tools
	$(PY) -m pytest $(PYTEST_ARGS)

# py-spy samples the servers for --profile; only the benchmarks need it.
bench: install chromium
	@$(VENV)/bin/py-spy --version >/dev/null 2>&1 || $(PY) -m pip install -q py-spy
	$(PY) -m bench $(BENCH_ARGS)

# A new migration from what learnsite/models.py has that the migrations do not:
# `make migration MSG="what changed"` (review it, then number it after the last one).
migration: install
	rm -f /tmp/learnsite-migration.db
	$(VENV)/bin/alembic -x url=sqlite:////tmp/learnsite-migration.db upgrade head
	$(VENV)/bin/alembic -x url=sqlite:////tmp/learnsite-migration.db revision --autogenerate -m "$(MSG)"

clean:
	rm -rf .web data
