# Purrch: `make play` to play, `make test` to run the tests.
# The virtualenv in .venv is (re)filled whenever pyproject.toml is newer than the stamp
# of what a target needs.  The install is editable (one .pth line to this folder): code
# changes need no reinstall, new packages neither.

PYTHON ?= $(shell command -v python3.11 >/dev/null 2>&1 && echo python3.11 || echo python3)
VENV   := .venv
BIN    := $(VENV)/bin
# uv installs in seconds where it is on the PATH; pip does the same job everywhere else
# (CI has only Python): the Python's own pip, not upgraded first (one download less).
UV     := $(shell command -v uv 2>/dev/null)
ifneq ($(UV),)
MKVENV := $(UV) venv --quiet --python $(PYTHON) $(VENV)
PIP    := $(UV) pip install --quiet --python $(BIN)/python
else
MKVENV := $(PYTHON) -m venv $(VENV)
PIP    := $(BIN)/python -m pip install --quiet --disable-pip-version-check
endif

.DEFAULT_GOAL := help
.PHONY: help play test test-fast bench lint fmt screenshots clean

help:
	@echo "make play         install and start purrch"
	@echo "make test         run the test suite (pytest, 2 workers)"
	@echo "make test-fast    the suite without the app's pilot, snapshot and SSH tests (inner loop)"
	@echo "make bench        engine speed, Isle geometry, LAN latency and tables, SSH start and bytes, TUI start/keys"
	@echo "make lint         ruff check, ruff format --check, mypy (strict), import contracts"
	@echo "make fmt          ruff format + ruff check --fix"
	@echo "make screenshots  regenerate screenshots/*.svg"
	@echo "make clean        remove .venv and caches"

$(BIN)/python:
	@echo "Making a virtualenv in $(VENV) ($(if $(UV),uv,pip))..."
	@$(MKVENV)

$(VENV)/.stamp-play: pyproject.toml | $(BIN)/python
	@echo "Installing Purrch into $(VENV)..."
	@$(PIP) -e .
	@touch $@

# Where the command is, unless `purrch` already is this one.
play: $(VENV)/.stamp-play
	@if [ "$$(command -v purrch)" != "$(CURDIR)/$(BIN)/purrch" ]; then \
	  echo "The command is $(BIN)/purrch. For plain purrch: export PATH=\"$(CURDIR)/$(BIN):\$$PATH\""; \
	  echo "  (this shell), or $(if $(UV),uv tool,pipx) install . (for good: see the README)."; \
	fi
	@echo "Starting $(BIN)/purrch..."
	@$(BIN)/purrch

$(VENV)/.stamp-test: pyproject.toml | $(BIN)/python
	@echo "Installing Purrch and its test tools into $(VENV)..."
	@$(PIP) -e ".[test]"
	@touch $@ $(VENV)/.stamp-play

$(VENV)/.stamp-dev: pyproject.toml | $(BIN)/python
	@echo "Installing Purrch and its developer tools into $(VENV)..."
	@$(PIP) -e ".[dev]"
	@touch $@ $(VENV)/.stamp-play

test: $(VENV)/.stamp-test
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest -n 2

test-fast: $(VENV)/.stamp-test
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest -n 2 -m "not slow"

bench: $(VENV)/.stamp-play
	$(BIN)/python bench/bench_engine.py
	$(BIN)/python bench/bench_isle_geometry.py
	$(BIN)/python bench/bench_isle.py
	$(BIN)/python bench/bench_net.py
	$(BIN)/python bench/bench_ssh.py
	$(BIN)/python bench/bench_tui.py

lint: $(VENV)/.stamp-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports

fmt: $(VENV)/.stamp-dev
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

screenshots: $(VENV)/.stamp-play
	$(BIN)/python -m tui.screenshots

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build *.egg-info
