#!/usr/bin/env bash
# Installs what Pressroom needs on a Debian machine, skipping what is there:
# Chromium's headless shell and fonts (Latin, CJK, colour emoji), poppler for
# PDF checks, pnpm, and the workspace's npm packages. `--cluster` adds the
# PostgreSQL and NATS servers that `make run-cluster` and `make test` use, and
# Prometheus (its `promtool` checks /metrics and the alert rules in the tests), and Go with
# sprig, which render the Helm chart in the tests (deploy/helm/render; no helm package here).
set -euo pipefail
cd "$(dirname "$0")/../.."

want=(chromium-headless-shell fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji fonts-liberation2 fonts-dejavu-core poppler-utils ca-certificates)
if [[ "${1:-}" == "--cluster" ]]; then want+=(postgresql nats-server prometheus golang-go golang-github-masterminds-sprig-dev golang-gopkg-yaml.v3-dev); fi

missing=()
for pkg in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  SUDO=""; [[ $(id -u) -ne 0 ]] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if ((node_major < 20)); then
  echo "setup: Node.js 20 or newer is required (found: $(node --version 2>/dev/null || echo none))" >&2
  exit 1
fi

if ! command -v pnpm >/dev/null || [[ "$(pnpm --version)" != 9.* ]]; then
  echo "setup: installing pnpm 9"
  npm install -g --silent pnpm@9.15.9 >/dev/null
fi

# Reinstall only when the lockfile changed since the last install.
stamp=node_modules/.pressroom-lock
if [[ ! -f $stamp ]] || ! cmp -s pnpm-lock.yaml "$stamp"; then
  pnpm install --frozen-lockfile --reporter=silent
  cp pnpm-lock.yaml "$stamp"
fi

# The dashboard's static files, rebuilt only when its sources changed.
node deploy/scripts/build-dashboard.mjs
