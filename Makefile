# Every target sets up .venv on first use (pip from the package index), then runs.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

# Offline defaults: litellm's bundled cost map (no fetch at import) and quiet tau2 logs.
export LITELLM_LOCAL_MODEL_COST_MAP := True
export LOGURU_LEVEL := ERROR

.PHONY: demo test test-fast browser validate bench generate lint clean

$(STAMP): pyproject.toml hatch_build.py
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)          ## oracle + the four scripted baselines on the lite split, offline
	$(BIN)/tau-indian-bank offline --split lite

test: $(STAMP) browser  ## the whole test suite (offline)
	$(BIN)/python -m pytest -q

test-fast: $(STAMP)     ## the development loop: everything but the e2e and slow tests (real tau2 runs, wheel builds, ...)
	$(BIN)/python -m pytest -q -m "not e2e and not slow"

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

validate: $(STAMP)      ## check the task suite against every composition figure and the participants
	$(BIN)/tau-indian-bank validate

bench: $(STAMP)         ## speed, against tau2's stock retail and airline domains, in one run (BENCH_ARGS=--quick: skip end-to-end rows)
	$(BIN)/python -m tau_indian_bank.bench $(BENCH_ARGS)

generate: $(STAMP)      ## regenerate the seed data and the task suite (byte for byte)
	$(BIN)/python -m tau_indian_bank.seeding --out data/seed
	$(BIN)/tau-indian-bank generate-tasks

lint: $(STAMP)
	$(BIN)/ruff check tau_indian_bank tests

clean:
	rm -rf $(VENV) results bench-out .pytest_cache
