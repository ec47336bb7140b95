# Purrch: `make play` to play, `make test` to run the tests.
# The virtualenv in .venv is (re)filled whenever pyproject.toml (or the set of
# top-level packages) is newer than the stamp of what a target needs.

PYTHON ?= $(shell command -v python3.11 >/dev/null 2>&1 && echo python3.11 || echo python3)
VENV   := .venv
BIN    := $(VENV)/bin
PIP    := $(BIN)/python -m pip --quiet --disable-pip-version-check
# An editable install maps top-level packages by name: a new one needs a reinstall.
PKGS   := $(wildcard */__init__.py)

.DEFAULT_GOAL := help
.PHONY: help play test bench lint fmt screenshots clean

help:
	@echo "make play         install and start purrch"
	@echo "make test         run the test suite (pytest, 2 workers)"
	@echo "make bench        engine speed, LAN latency and tables, SSH start and bytes, TUI start/keys"
	@echo "make lint         ruff check, ruff format --check, mypy engine"
	@echo "make fmt          ruff format + ruff check --fix"
	@echo "make screenshots  regenerate screenshots/*.svg"
	@echo "make clean        remove .venv and caches"

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --upgrade pip

$(VENV)/.stamp-play: pyproject.toml $(PKGS) | $(BIN)/python
	$(PIP) install -e .
	@touch $@

$(VENV)/.stamp-test: pyproject.toml $(PKGS) | $(BIN)/python
	$(PIP) install -e ".[test]"
	@touch $@ $(VENV)/.stamp-play

$(VENV)/.stamp-dev: pyproject.toml $(PKGS) | $(BIN)/python
	$(PIP) install -e ".[dev]"
	@touch $@ $(VENV)/.stamp-play

play: $(VENV)/.stamp-play
	$(BIN)/purrch

test: $(VENV)/.stamp-test
	$(BIN)/python -m pytest -n 2

bench: $(VENV)/.stamp-play
	$(BIN)/python bench/bench_engine.py
	$(BIN)/python bench/bench_net.py
	$(BIN)/python bench/bench_ssh.py
	$(BIN)/python bench/bench_tui.py

lint: $(VENV)/.stamp-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy engine

fmt: $(VENV)/.stamp-dev
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

screenshots: $(VENV)/.stamp-play
	$(BIN)/python -m tui.screenshots

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build *.egg-info
