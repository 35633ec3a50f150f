#!/usr/bin/env bash
# The image's build stage (deploy/docker/Dockerfile), in one place: the container-build test
# (deploy/embedded/test/container-build.test.ts) runs this same script on a copy of the tree and
# starts the result with plain `node`, as the image's runtime stage does.
set -euo pipefail
cd "$(dirname "$0")/../.."
pnpm install --frozen-lockfile --prefer-offline --reporter=silent
node deploy/scripts/build-dashboard.mjs --quiet
node deploy/scripts/build-services.mjs
# Development dependencies out: `install --prod` relinks every package without them, `prune --prod`
# then empties them from pnpm's virtual store (install alone leaves them on disk; prune alone drops
# the workspace packages' own links). CI=true: pnpm asks before it purges node_modules, and a build
# has no TTY to answer.
CI=true pnpm install --frozen-lockfile --prod --offline --reporter=silent
CI=true pnpm prune --prod --reporter=silent
rm -rf .git apps/dashboard/node_modules apps/dashboard/src bench docs
