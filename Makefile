# Every target sets up .venv on first use (pip from the package index), then runs.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

# Offline defaults: litellm's bundled cost map (no fetch at import) and quiet tau2 logs.
export LITELLM_LOCAL_MODEL_COST_MAP := True
export LOGURU_LEVEL := ERROR

.PHONY: demo test validate bench generate lint clean labelled

$(STAMP): pyproject.toml hatch_build.py
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)          ## oracle + the four scripted baselines on the lite split, offline
	$(BIN)/tau-indian-bank offline --split lite

test: $(STAMP)          ## the whole test suite (offline)
	$(BIN)/python -m pytest -q

validate: $(STAMP)      ## check the task suite against every composition figure and the participants
	$(BIN)/tau-indian-bank validate

bench: $(STAMP)         ## speed, against tau2's stock retail and airline domains, in one run (BENCH_ARGS=--quick: skip end-to-end rows)
	$(BIN)/python -m tau_indian_bank.bench $(BENCH_ARGS)

labelled: $(STAMP)      ## precision and recall of every gate and check on the hand-labelled sets (tests/labelled)
	$(BIN)/python -m tests.labelled.measure

generate: $(STAMP)      ## regenerate the seed data and the task suite (byte for byte)
	$(BIN)/python -m tau_indian_bank.seeding --out data/seed
	$(BIN)/tau-indian-bank generate-tasks

lint: $(STAMP)
	$(BIN)/ruff check tau_indian_bank tests

clean:
	rm -rf $(VENV) results bench-out .pytest_cache
