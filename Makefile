# The two commands: `make run` (set up and start on embedded defaults) and `make test`.
SHELL := /bin/bash
.DEFAULT_GOAL := help
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
NPM := npm --prefix frontend
PORT ?= 8000
HOST ?= 127.0.0.1
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1

.PHONY: help setup build run test test-backend test-frontend test-browser test-e2e lint bench lock clean \
	messages compilemessages api-types check-api-types

help:
	@echo "make run    set up everything and start web + workers + beat on http://$(HOST):$(PORT)"
	@echo "make test   set up and run every test (ruff, pytest, tsc, eslint, vitest, playwright)"
	@echo "make bench  measure throughput and latency against the bare-view ceiling"

## setup: idempotent install of Python and Node dependencies (re-runs only when a lock changes)
setup: $(VENV)/.installed frontend/node_modules/.installed

$(VENV)/.installed: requirements.lock pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.lock
	touch $@

frontend/node_modules/.installed: frontend/package-lock.json
	$(NPM) ci --no-audit --no-fund
	touch $@

build: setup compilemessages
	$(NPM) run build
	$(PY) -m whitenoise.compress -q frontend/dist  # .br and .gz siblings, served when accepted
	$(PY) manage.py collectstatic --noinput -v0

# `make run` is the demo: DJANGO_DEBUG on, so the association's details may be demo values (marked
# "demo, not a real account" wherever a payer reads them; production refuses to start on them).
# The public forms' bot challenge stays on, as in production. Every process gets the web's own
# address as FRONTEND_URL: honcho hands each process its own PORT (the worker's is PORT+100), so
# links the worker writes into e-mails must not come from PORT.
run: export DJANGO_DEBUG = 1
run: export PUBLIC_FORM_CHALLENGE ?= 1
run: export FRONTEND_URL ?= http://$(HOST):$(PORT)
run: build
	$(PY) manage.py migrate --noinput -v1
	$(PY) manage.py setup_periodic_tasks
	$(PY) manage.py seed_demo
	@echo "Starting web, workers (default and mail queues) and beat on $(FRONTEND_URL) (Ctrl-C stops them all)"
	@echo "Workers, queues, beat and failed e-mails: $(FRONTEND_URL)/dashboard/system (Flower is not started here: on the embedded folder broker a stopped Flower leaves an event queue that grows for ever; compose/ runs it with Redis)"
	@# honcho answers Ctrl-C by stopping them all and exiting 130: a clean stop, not an error.
	PATH="$(CURDIR)/$(BIN):$$PATH" HOST=$(HOST) PORT=$(PORT) $(PY) -m worker.run_all start -f Procfile \
	  || [ $$? -eq 130 ]

lint: setup check-api-types
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports  # the module graph's direction: [tool.importlinter] in pyproject.toml

## The frontend's API types come from the server's OpenAPI document (frontend/README.md):
## `api-types` writes the document (frontend/openapi.json) and the TypeScript generated from it
## (frontend/src/lib/api-schema.d.ts), both checked in; `check-api-types` (part of lint, so of
## `make test` and CI) fails when they differ from a fresh generation: a server change that the
## frontend does not follow yet.
API_DOC := frontend/openapi.json
API_TYPES := frontend/src/lib/api-schema.d.ts

api-types: setup
	DJANGO_DEBUG=1 $(PY) manage.py export_openapi > $(API_DOC)
	cd frontend && npx --no-install openapi-typescript openapi.json -o src/lib/api-schema.d.ts

check-api-types: setup
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT \
	 && DJANGO_DEBUG=1 $(PY) manage.py export_openapi > "$$tmp/openapi.json" \
	 && (cd frontend && npx --no-install openapi-typescript "$$tmp/openapi.json" -o "$$tmp/api-schema.d.ts" --silent) \
	 && if ! cmp -s $(API_DOC) "$$tmp/openapi.json" || ! cmp -s $(API_TYPES) "$$tmp/api-schema.d.ts"; then \
	      diff -u $(API_DOC) "$$tmp/openapi.json" | head -60; \
	      echo "The checked-in API types differ from the server's OpenAPI document: run 'make api-types'" \
	           "and commit $(API_DOC) and $(API_TYPES) (then fix what tsc finds in the frontend)."; \
	      exit 1; \
	    fi

# Each test run gets its own DATA_DIR (SQLite test database, broker folder, mail) unless given one.
# Three lanes side by side: pytest (half of it waiting on its worker and server processes), the
# frontend's checks (CPU) and the browser journeys (mostly waiting on their server, worker and
# browser; their own DATA_DIR, and their own Redis db when REDIS_URL is set, see .ci/e2e): what
# one lane waits on, another computes in. Each lane's output is printed whole when it ends. The
# runners write JUnit reports to $(REPORTS) and the last lines add them up, failures named last
# (whatever lane failed), so that the tail of a CI log says what broke.
test: build
	@export TEST_DATA_DIR=$$(mktemp -d /tmp/portal-test.XXXXXX); \
	 vars="DATA_DIR=$$TEST_DATA_DIR REPORTS=$$TEST_DATA_DIR/reports BUILT=1"; \
	 $(MAKE) --no-print-directory lint $$vars \
	 && $(MAKE) --no-print-directory -j3 --output-sync=target test-backend test-frontend test-browser $$vars; \
	 status=$$?; \
	 $(PY) .ci/summary.py $$TEST_DATA_DIR/reports || status=1; \
	 rm -rf $$TEST_DATA_DIR; exit $$status

# The journeys in a browser, on a DATA_DIR of their own (inside `make test`).
test-browser:
	$(MAKE) --no-print-directory test-e2e DATA_DIR=$(DATA_DIR)/e2e

REPORTS ?= $(CURDIR)/var/reports
# pytest's processes (pytest-xdist): half of a test's time is spent waiting on the worker and web
# processes it starts, so two share two cores well; each has its own data folder, Redis db and
# test database (services/core/tests/parallel.py).
PYTEST_PROCESSES ?= 2

test-backend: setup
	mkdir -p $(REPORTS)
	# The test client speaks plain HTTP and the fuzz test reads the OpenAPI document anonymously,
	# also under the production settings that CI's DATABASE_URL selects.
	DATA_DIR=$${DATA_DIR:-$$(mktemp -d)} SECRET_KEY=test-only-secret-key-of-at-least-32-bytes \
	  SECURE_SSL_REDIRECT=0 API_DOCS_PUBLIC=1 $(PY) -m pytest -p services.core.tests.parallel -n $(PYTEST_PROCESSES) --junitxml=$(REPORTS)/pytest.xml

test-frontend: setup
	mkdir -p $(REPORTS)
	$(NPM) run typecheck
	$(NPM) run lint
	$(NPM) run test -- --reporter=default --reporter=junit --outputFile.junit=$(REPORTS)/vitest.xml

# Inside `make test` the app was just built (BUILT=1); alone, test-e2e builds it first.
test-e2e: $(if $(BUILT),setup,build)
	mkdir -p $(REPORTS)
	DATA_DIR=$${DATA_DIR:-$$(mktemp -d)} PLAYWRIGHT_JUNIT_OUTPUT_FILE=$(REPORTS)/playwright.xml bash .ci/e2e

bench: build
	bash .ci/bench

## Translations (docs/translations.md). `messages` brings every catalogue up to date with the code
## (the server's .po files: needs gettext's xgettext; the frontend's JSON: texts English has and a
## language lacks are added empty) and lists what is left to translate. `compilemessages` builds
## the server's .mo files from the .po files, in pure Python (build, run and test do it).
messages: setup
	$(PY) manage.py messages_extract
	node frontend/scripts/catalogues.mjs --sync || true  # the list of what is left is the point

compilemessages: setup
	$(PY) manage.py messages_compile -v0

lock:
	$(BIN)/pip-compile -q --extra dev --strip-extras --no-emit-index-url --no-emit-find-links -o requirements.lock pyproject.toml

clean:
	rm -rf $(VENV) frontend/node_modules frontend/dist var
