# Two commands for a fresh machine: `make run` (the main job) and `make test` (everything).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test docs lint chromium postgres bench-web bench bench-scoring bench-tournament bench-startup bench-formats clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/dupbridge serve --demo --db sqlite:///dupbridge-demo.db

chromium:
	./tools/install-chromium

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy --strict src
	$(BIN)/lint-imports

# The store tests run on PostgreSQL too: Debian's server, installed when missing.
postgres:
	./tools/install-postgres

# The docs site is built strict before the tests: a broken link or a page outside the nav
# fails the run. It goes to site/ (git-ignored).
test: lint chromium postgres
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet --site-dir site
	$(BIN)/pytest -n auto --maxprocesses=4 --dist loadfile

# The docs site (docs/, mkdocs.yml) served with live reload while you edit it.
docs: $(STAMP)
	$(BIN)/mkdocs serve

bench: $(STAMP)
	$(BIN)/python benchmarks/engine.py

bench-scoring: $(STAMP)
	$(BIN)/python benchmarks/scoring.py

bench-tournament: $(STAMP)
	$(BIN)/python benchmarks/tournament.py

bench-startup: $(STAMP)
	$(BIN)/python benchmarks/startup.py

bench-formats: $(STAMP)
	$(BIN)/python benchmarks/formats.py

bench-web: $(STAMP)
	$(BIN)/python benchmarks/web_load.py

clean:
	rm -rf $(VENV) site test-artifacts .pytest_cache .mypy_cache .ruff_cache .hypothesis
