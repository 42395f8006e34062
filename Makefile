# The two entry points of the README: `make run` and `make test`; `make quick` for developers.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: run test quick install dev lint bench clean compile clean-core

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
run: install compile
	$(BIN)/spieltisch serve --host $(SPIELTISCH_HOST)

## Install and run every check: lint, types, tests.
test: dev compile
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

## The rules core compiled with mypyc, in place beside its sources (for `run` and `test`).
## An edited rule module makes it stale: pure Python runs until the next `make compile`
## (docs/testing.md). Without a C compiler, or with SPIELTISCH_PURE=1, pure Python runs.
compile: $(BIN)/python
	$(BIN)/pip install --quiet 'setuptools>=77' 'mypy>=1.10'
	$(BIN)/python setup.py --quiet build_ext --inplace

clean-core:
	rm -rf build src/spieltisch/rulescore.json
	find src -name '*.so' -delete

clean: clean-core
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache .hypothesis
