# Every target sets up .venv on first use (pip from the package index), then runs.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# Upstream tau2-bench lane (make test-upstream): a source checkout and a Python 3.12 environment.
TAU2_UPSTREAM ?=
UPSTREAM_VENV ?= .venv-upstream
PYTHON312     ?= $(shell command -v python3.12 >/dev/null 2>&1 && python3.12 -c '' 2>/dev/null && echo python3.12 \
                   || { p=$$(pyenv prefix 3.12 2>/dev/null) && echo $$p/bin/python; })

# Offline defaults: litellm's bundled cost map (no fetch at import) and quiet tau2 logs.
export LITELLM_LOCAL_MODEL_COST_MAP := True
export LOGURU_LEVEL := ERROR

.PHONY: demo test test-fast test-upstream browser validate bench generate lint format clean labelled

$(STAMP): pyproject.toml hatch_build.py
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[nvidia,dev]'
	touch $(STAMP)

demo: $(STAMP)          ## oracle + the four scripted baselines on the lite split, offline
	$(BIN)/tau-indian-bank offline --split lite

test: $(STAMP) lint browser  ## lint, then the whole test suite (offline)
	$(BIN)/python -m pytest -q

test-fast: $(STAMP)     ## the development loop: everything but the e2e and slow tests (real commands, wheel builds, ...), on every core
	$(BIN)/python -m pytest -q -m "not e2e and not slow" -n auto

# The HTML report's browser test drives Debian's chromium through chromium-driver (never a
# browser download). Installed here when missing; without apt-get and root the test skips
# (outside CI) and says why.
browser:                ## Debian's chromium and chromium-driver for the HTML report's browser test (installed when missing)
	@if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then :; \
	elif command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
		apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium chromium-driver \
		|| echo "make browser: could not install chromium and chromium-driver; the browser test will not run" >&2; \
	elif command -v apt-get >/dev/null 2>&1 && command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then \
		sudo apt-get update -q && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium chromium-driver \
		|| echo "make browser: could not install chromium and chromium-driver; the browser test will not run" >&2; \
	else echo "make browser: chromium and chromium-driver are missing and cannot be installed here (needs apt-get as root); the browser test will not run" >&2; fi

test-upstream:          ## the upstream lane: tau2-bench from the source checkout at $$TAU2_UPSTREAM, Python 3.12
	@if [ -z "$(TAU2_UPSTREAM)" ] || [ ! -f "$(TAU2_UPSTREAM)/src/tau2/registry.py" ]; then \
	  echo "test-upstream skipped: set TAU2_UPSTREAM to a tau2-bench source checkout (git clone https://github.com/sierra-research/tau2-bench; git checkout v1.0.1)"; \
	  exit 0; fi; \
	if [ -z "$(PYTHON312)" ]; then echo "test-upstream skipped: no Python 3.12 found (python3.12 or pyenv)"; exit 0; fi; \
	if [ ! -f $(UPSTREAM_VENV)/.installed ] || [ pyproject.toml -nt $(UPSTREAM_VENV)/.installed ]; then \
	  $(PYTHON312) -m venv $(UPSTREAM_VENV) && \
	  $(UPSTREAM_VENV)/bin/python -m pip install -q --upgrade pip && \
	  $(UPSTREAM_VENV)/bin/python -m pip install -q -e "$(TAU2_UPSTREAM)" && \
	  $(UPSTREAM_VENV)/bin/python -m pip install -q -e '.[test]' && \
	  touch $(UPSTREAM_VENV)/.installed || exit 1; fi; \
	TAU2_UPSTREAM="$(TAU2_UPSTREAM)" $(UPSTREAM_VENV)/bin/python -m pytest -q tests/upstream

validate: $(STAMP)      ## check the task suite against every composition figure and the participants
	$(BIN)/tau-indian-bank validate

bench: $(STAMP)         ## speed, against tau2's stock retail and airline domains, in one run (BENCH_ARGS=--quick: skip end-to-end rows)
	$(BIN)/python -m devtools.bench $(BENCH_ARGS)

labelled: $(STAMP)      ## precision and recall of every gate and check on the hand-labelled sets (tests/labelled)
	$(BIN)/python -m tests.labelled.measure

generate: $(STAMP)      ## regenerate the seed data and the task suite (byte for byte)
	$(BIN)/python -m tau_indian_bank.seeding --out data/seed
	$(BIN)/tau-indian-bank generate-tasks

lint: $(STAMP)          ## ruff's checks, the formatter's check (an unformatted file fails), then mypy (strict; its settings are [tool.mypy] in pyproject.toml)
	$(BIN)/ruff check tau_indian_bank tests devtools
	$(BIN)/ruff format --check tau_indian_bank tests devtools
	$(BIN)/mypy

# The formatter (pyproject's [tool.ruff]: 140 columns, the lint's limit) was applied to the whole tree once,
# in a commit of its own ("ruff format, no other change"); `make lint` fails a file it would change.
format: $(STAMP)        ## ruff's formatter and import order, in place
	$(BIN)/ruff format tau_indian_bank tests devtools
	$(BIN)/ruff check --select I --fix tau_indian_bank tests devtools

clean:
	rm -rf $(VENV) $(UPSTREAM_VENV) results bench-out .pytest_cache
