# The two entry points of the README: `make run` and `make test`; `make quick` for developers.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: run test quick install dev lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

## The core and the web server (the extra `server`); `pip install .` alone is the light core.
install: $(BIN)/python
	$(BIN)/pip install --quiet -e '.[server]'

dev: $(BIN)/python
	$(BIN)/pip install --quiet -e '.[server,dev]'

## Where `make run` listens: every interface, so friends on the network can join.
## SPIELTISCH_HOST=127.0.0.1 keeps the table to this computer.
SPIELTISCH_HOST ?= 0.0.0.0

## Install and start the main job: the games table on port 8000.
run: install
	$(BIN)/spieltisch serve --host $(SPIELTISCH_HOST)

## Install and run every check: lint, types, tests.
test: dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/pytest

## Lint, types and every test not marked slow (over about 10 s): a few minutes.
quick: dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/pytest -m "not slow"

bench: install
	$(BIN)/spieltisch bench

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache .hypothesis
