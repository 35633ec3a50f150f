#!/usr/bin/env bash
# Each service as its own process against local NATS and PostgreSQL, under a
# small supervisor that restarts a dead service (with backoff) while the others keep serving.
set -euo pipefail
cd "$(dirname "$0")/../.."
export NATS_URL=${NATS_URL:-nats://127.0.0.1:4222}
export DATABASE_URL=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/pressroom}
export PRESSROOM_STORAGE=${PRESSROOM_STORAGE:-nats}
export PORT=${PORT:-8080}
# Development only: the gateway and the dispatcher must share the key that seals webhook secrets.
export PRESSROOM_SECRET_KEY=${PRESSROOM_SECRET_KEY:-pressroom-run-cluster-development-key}
export PUBLIC_BASE_URL=${PUBLIC_BASE_URL:-http://localhost:$PORT}

echo "run-cluster: gateway on http://localhost:$PORT; health of image, dispatcher, scheduler, gif, pdf, video on ports ${IMAGE_PORT:-8081}, ${DISPATCHER_PORT:-8082}, ${SCHEDULER_PORT:-8083}, ${GIF_PORT:-8084}, ${PDF_PORT:-8085}, ${VIDEO_PORT:-8086}"
exec node deploy/scripts/supervise-cluster.mjs
