# splendor_nb: make app | make test | make bench | make clean
# Needs only Python 3.11+ on a fresh clone; pip's index comes from the machine's config.

# The interpreter: Debian's python3.11 when it can make a venv, else python3. Debian builds it
# with profile-guided and link-time optimisation; pyenv's default build has neither and runs
# the engine about 15% slower; the test suite took 275 s against 173 s (docs/performance.md).
# Choose another with `make app PYTHON=...`; an existing .venv keeps its interpreter.
DEBIAN_PYTHON := /usr/bin/python3.11
PYTHON ?= $(shell $(DEBIAN_PYTHON) -c 'import ensurepip, venv' >/dev/null 2>&1 \
                  && echo $(DEBIAN_PYTHON) || echo python3)
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 8866

# voila for `make app` reads voila.json from the repository root (the test servers start from
# here too): two pre-heated kernels, so that visitors arriving one after another find the app
# already run, and idle kernels of closed pages culled. Pooled kernels are never culled; one
# handed to a visitor after waiting longer than the idle timeout could be culled before the
# page connects (seen with short timeouts), so keep the timeout long.
# Extra options: `make app VOILA_FLAGS=...`.
VOILA_FLAGS ?=

# nbval runs the notebooks (it only collects .ipynb files); pytest's other settings are in
# pyproject.toml. On a failing browser test, playwright keeps a screenshot in test-results/.
PYTEST_FLAGS ?= --nbval-lax --nbval-current-env --screenshot=only-on-failure

.PHONY: app test lint layers typecheck bench clean distclean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Reinstall only when pyproject.toml changes (or the venv is new).
$(VENV)/.installed-app: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -e '.[test]'
	touch $@

app: $(VENV)/.installed-app
	$(BIN)/voila notebooks/app.ipynb --no-browser --Voila.ip=127.0.0.1 --port=$(PORT) $(VOILA_FLAGS)

lint: $(VENV)/.installed-test
	$(BIN)/ruff check splendor_nb support tests benchmarks scripts

# The layers contract of pyproject.toml ([tool.importlinter]): each layer imports only the ones
# below it. --no-cache: the graph takes a second, and no cache folder is left in the tree.
layers: $(VENV)/.installed-test
	$(BIN)/lint-imports --no-cache

typecheck: $(VENV)/.installed-test
	$(BIN)/mypy

test: $(VENV)/.installed-test
	scripts/ensure-chromium
	$(BIN)/ruff check splendor_nb support tests benchmarks scripts
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache
	$(BIN)/pytest $(PYTEST_FLAGS)

bench: $(VENV)/.installed-test
	$(BIN)/python -m benchmarks

clean:
	rm -rf .pytest_cache .mypy_cache .ruff_cache build dist test-results screenshots *.egg-info
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV)
