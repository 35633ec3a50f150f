# Pressroom: `make run` serves the API on http://localhost:8080; `make test` runs every suite.
SHELL := /bin/bash
# The Node.js every target runs on: .node-version, unpacked into .tools/ by `make setup` when the machine's
# node is another major version (docs/adr/0039). Exported, so child processes and scripts get it too.
NODE_VERSION := $(shell tr -d '[:space:]' < .node-version)
export PATH := $(CURDIR)/.tools/node-$(NODE_VERSION)/bin:$(PATH)
NODE_RUN := node --conditions=source --import tsx
ACCOUNT ?= local
PLAN ?=
PORT ?= 8080

.DEFAULT_GOAL := help
.PHONY: help setup setup-cluster run run-cluster key migrate test typecheck lint format proto proto-check sdk sdk-check k8s build bench bench-chromium-cpu soak clean

help: ## List the targets
	@grep -E '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-18s %s\n", $$1, $$2}'

setup: ## Install Chromium, fonts, pnpm and the npm packages (skips what is there)
	@bash deploy/scripts/setup.sh

setup-cluster: ## setup, plus PostgreSQL and NATS servers, started
	@bash deploy/scripts/setup.sh --cluster
	@bash deploy/scripts/services-up.sh

run: setup ## Every service in one process (in-process bus, PGlite, local disk) on PORT (8080 unless set)
	@PORT=$(PORT) $(NODE_RUN) deploy/embedded/src/main.ts

run-cluster: setup-cluster ## Each service as its own process against local NATS and PostgreSQL; a dead one is restarted with backoff
	@PORT=$(PORT) bash deploy/scripts/run-cluster.sh

# key and migrate run beside running servers: setup installs only what is missing (never reinstalls node_modules nor
# rebuilds the dashboard under them) and says what it did on stderr, so `$(make -s key)` captures the key alone.
key: ## Print a new API key for ACCOUNT=<name> (created if missing; PLAN=<plan>); only the key on stdout
	@bash deploy/scripts/setup.sh --keep-installed
	@$(NODE_RUN) services/gateway/src/admin-cli/main.ts key --account "$(ACCOUNT)" $(if $(PLAN),--plan "$(PLAN)")

migrate: ## Apply pending database migrations once (DATABASE_URL, else the embedded PGlite): the step before services run with PRESSROOM_MIGRATE=off
	@bash deploy/scripts/setup.sh --keep-installed
	@$(NODE_RUN) services/gateway/src/admin-cli/main.ts migrate

test: setup-cluster ## Typecheck, lint, proto drift check and every test suite; ends with "N passed, N failed"
	@$(MAKE) --no-print-directory typecheck lint proto-check
	@mkdir -p .data; rc=0; \
	  node --experimental-vm-modules --no-warnings node_modules/jest/bin/jest.js --json --outputFile=.data/jest-results.json $(JEST_ARGS) || rc=$$?; \
	  node deploy/scripts/test-summary.mjs .data/jest-results.json; exit $$rc

typecheck: ## TypeScript strict check of the whole workspace (the dashboard's browser code has its own tsconfig: DOM, JSX, bundler)
	@node_modules/.bin/tsc -p tsconfig.json --noEmit
	@node_modules/.bin/tsc -p apps/dashboard/tsconfig.json --noEmit

lint: ## ESLint (type-aware), the dead-code check (knip) and prettier --check
	@node_modules/.bin/eslint --max-warnings 0 .
	@node_modules/.bin/knip --no-progress --no-config-hints
	@node_modules/.bin/prettier --check --log-level warn .

format: ## Rewrite every file in the Prettier style (.prettierrc.json)
	@node_modules/.bin/prettier --write --log-level warn .

proto: ## Regenerate proto/ (JSON Schema of every bus message) from libs/contracts
	@$(NODE_RUN) libs/contracts/scripts/generate-proto.ts

proto-check: ## Fail when proto/ drifted from libs/contracts
	@$(NODE_RUN) libs/contracts/scripts/generate-proto.ts --check

sdk: ## Regenerate the SDK's types (libs/client/src/generated) from the OpenAPI document of libs/contracts
	@$(NODE_RUN) libs/client/scripts/generate-types.ts

sdk-check: ## Fail when the SDK's generated types drifted from the OpenAPI document
	@$(NODE_RUN) libs/client/scripts/generate-types.ts --check

k8s: ## Regenerate deploy/k8s/pressroom.yaml and the Helm chart's values.yaml from deploy/embedded/scripts/k8s-manifests.ts
	@$(NODE_RUN) deploy/embedded/scripts/k8s-manifests.ts

build: ## Compile every service to <package>/dist (plain node, as the container runs it: node services/<name>/dist/main.js)
	@node deploy/scripts/build-services.mjs

bench: setup ## POST /image, /gif, /pdf/*, /video renders vs raw puppeteer-core and Remotion loops, the PDF profile, API CPU per render, URL-render cache hits, PNG encoder candidates, Chromium's own CPU per capture and browserless (the peer); writes docs/benchmarks.md and bench/results.json
	@$(NODE_RUN) bench/src/image-bench.ts
	@$(NODE_RUN) bench/src/gif-bench.ts
	@$(NODE_RUN) bench/src/pdf-bench.ts
	@$(NODE_RUN) bench/src/pdf-profile-bench.ts
	@$(NODE_RUN) bench/src/api-cpu-bench.ts
	@$(NODE_RUN) bench/src/url-cache-bench.ts
	@$(NODE_RUN) bench/src/video-bench.ts
	@$(NODE_RUN) bench/src/png-bench.ts
	@$(NODE_RUN) bench/src/chromium-cpu-bench.ts
	@$(NODE_RUN) bench/src/peer-bench.ts

bench-chromium-cpu: setup ## Only the Chromium CPU section of make bench: its CPU per capture by process, the developer's flags against Pressroom's (~5 min)
	@$(NODE_RUN) bench/src/chromium-cpu-bench.ts

soak: setup ## 10,000 POST /image renders at concurrency 4, relaunch disabled: API and Chromium RSS every 500 renders into docs/benchmarks.md (takes ~40 min)
	@nice $(NODE_RUN) bench/src/soak.ts

clean: ## Remove local data (PGlite database, rendered files)
	rm -rf .data
