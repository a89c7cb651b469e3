# splendor_nb: make app | make demo | make lab | make check | make test | make bench | make clean
# Needs only Python 3.11+ on a fresh clone; pip's index comes from the machine's config.

# The interpreter: Debian's python3.11 when it can make a venv, else python3. Debian builds it
# with profile-guided and link-time optimisation; pyenv's default build has neither and runs
# the engine about 15% slower (docs/performance.md, 29 Nov 2026).
# Choose another with `make app PYTHON=...`; an existing .venv keeps its interpreter.
DEBIAN_PYTHON := /usr/bin/python3.11
PYTHON ?= $(shell $(DEBIAN_PYTHON) -c 'import ensurepip, venv' >/dev/null 2>&1 \
                  && echo $(DEBIAN_PYTHON) || echo python3)
VENV   := .venv
BIN    ?= $(VENV)/bin
PORT   ?= 8866

# `make check BIN=/path/to/venv/bin` runs another venv's tools as they are: nothing is installed
# into it (a shared venv, a worktree's checks; give the tree first with PYTHONPATH=$PWD).
ifeq ($(origin BIN),command line)
TEST_SETUP :=
else
TEST_SETUP := $(VENV)/.installed-test
endif

# `make app` runs voila through splendor_nb.server (voila, with the app's page template: no
# CDN; and a closed page's kernel shut down at once). voila reads voila.json from the repository
# root (the test servers start from here too): two pre-heated kernels, so that visitors arriving
# one after another find the app already run; a longer wait for a cell's output (a loaded
# machine gave blank pages); a websocket that carries a 10 MiB replay; idle kernels of closed
# pages culled after 30 minutes (pooled kernels are never culled).
# `make demo` is the public demo (docs/deploy.md): voila-demo.json on top of voila.json (at
# most 8 pages at once, then a busy page that retries by itself; kernels of closed pages culled
# after a minute), replays read-only. It listens on 127.0.0.1: put a reverse proxy in front.
# Extra options: `make app VOILA_FLAGS=...`, `make demo VOILA_FLAGS=--SplendorVoila.max_visitors=4`.
VOILA_FLAGS ?=
SERVE = $(BIN)/python -m splendor_nb.server notebooks/app.ipynb --no-browser --Voila.ip=127.0.0.1 \
        --port=$(PORT)

# nbval runs the notebooks (it only collects .ipynb files); pytest's other settings are in
# pyproject.toml. On a failing browser test, playwright keeps a screenshot in test-results/.
PYTEST_FLAGS ?= --nbval-lax --nbval-current-env --screenshot=only-on-failure

.PHONY: app demo demo-cluster lab check test lint layers typecheck bench messages clean distclean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Reinstall only when pyproject.toml changes (or the venv is new).
$(VENV)/.installed-app: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -e .
	touch $@

$(VENV)/.installed-notebook: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -e '.[notebook]'
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -e '.[test]'
	touch $@

app: $(VENV)/.installed-app
	$(SERVE) $(VOILA_FLAGS)

demo: $(VENV)/.installed-app
	$(SERVE) --demo $(VOILA_FLAGS)

# `make demo-cluster N=2`: N demo servers behind Debian's nginx on http://127.0.0.1:$(PORT)
# (deploy/nginx-cluster.conf; each page's websockets go to the server holding its kernel, a
# page to the next server when one is full or down). Needs nginx: scripts/ensure-nginx.
N ?= 2
demo-cluster: $(VENV)/.installed-app
	scripts/ensure-nginx
	$(BIN)/python -m support.demo_cluster $(N) --port=$(PORT) $(VOILA_FLAGS)

# `make lab` opens JupyterLab on notebooks/ (the tutorial is notebooks/tutorial.ipynb) at
# http://127.0.0.1:$(LAB_PORT)/lab, with the address and its token printed in the terminal.
# --allow-root: it starts as root too (a container); --no-browser: open the printed address.
LAB_PORT ?= 8888
LAB_FLAGS ?=
lab: $(VENV)/.installed-notebook
	$(BIN)/jupyter lab --notebook-dir=notebooks --ServerApp.ip=127.0.0.1 --port=$(LAB_PORT) \
	    --no-browser --allow-root $(LAB_FLAGS)

lint: $(TEST_SETUP)
	$(BIN)/ruff check splendor_nb support tests benchmarks scripts

# The layers contract of pyproject.toml ([tool.importlinter]): each layer imports only the ones
# below it. --no-cache: the graph takes a second, and no cache folder is left in the tree.
layers: $(TEST_SETUP)
	$(BIN)/lint-imports --no-cache

typecheck: $(TEST_SETUP)
	$(BIN)/mypy

# The contributor's fast loop (CONTRIBUTING.md): ruff, mypy, the layer contract, the doctests and
# the unit tests; no browsers, no notebooks, no tests marked slow. `make test` runs everything.
# -n auto: the tests spread over every core (pytest-xdist).
CHECK_FLAGS ?= -q -n auto
check: $(TEST_SETUP)
	$(BIN)/ruff check splendor_nb support tests benchmarks scripts
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache
	$(BIN)/pytest -m "not browser and not slow" $(CHECK_FLAGS) splendor_nb support tests \
	    --ignore=tests/browser

test: $(TEST_SETUP)
	scripts/ensure-chromium
	scripts/ensure-nginx
	$(BIN)/ruff check splendor_nb support tests benchmarks scripts
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache
	$(BIN)/pytest $(PYTEST_FLAGS)

bench: $(VENV)/.installed-test
	$(BIN)/python -m benchmarks

# The translations (docs/i18n.md): extract every message from the sources (babel.cfg) into a
# template in build/, bring each language's catalogue up to date with it (new messages come in
# empty, changed ones fuzzy: tests/test_i18n_catalogues.py fails until they are translated),
# then compile each catalogue to build/ to check it; the package reads the .po files themselves.
LANGS := fr es ru tr
BABEL_EXTRACT := --project=splendor_nb --version=0.1.0 --copyright-holder="splendor_nb authors" \
                 --add-location=file --sort-by-file
messages: $(VENV)/.installed-app
	mkdir -p build/locale
	$(BIN)/pybabel --quiet extract -F babel.cfg -o build/splendor_nb.pot $(BABEL_EXTRACT) .
	for lang in $(LANGS); do \
	    po=splendor_nb/locale/$$lang/LC_MESSAGES/splendor_nb.po; \
	    $(BIN)/pybabel --quiet update -i build/splendor_nb.pot -o $$po -l $$lang --init-missing \
	        --ignore-pot-creation-date && \
	    $(BIN)/pybabel compile -i $$po -o build/locale/$$lang.mo -l $$lang --statistics \
	        || exit 1; \
	done

clean:
	rm -rf .pytest_cache .mypy_cache .ruff_cache build dist test-results screenshots *.egg-info
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV)
