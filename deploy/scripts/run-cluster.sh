#!/usr/bin/env bash
# Each service as its own process against local NATS and PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/../.."
export NATS_URL=${NATS_URL:-nats://127.0.0.1:4222}
export DATABASE_URL=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/pressroom}
export PRESSROOM_STORAGE=${PRESSROOM_STORAGE:-nats}
export PORT=${PORT:-8080}
# Development only: the gateway and the dispatcher must share the key that seals webhook secrets.
export PRESSROOM_SECRET_KEY=${PRESSROOM_SECRET_KEY:-pressroom-run-cluster-development-key}
export PUBLIC_BASE_URL=${PUBLIC_BASE_URL:-http://localhost:$PORT}
node_run=(node --conditions=source --import tsx)

pids=()
trap 'kill "${pids[@]}" 2>/dev/null; wait' EXIT INT TERM
PORT=${IMAGE_PORT:-8081} "${node_run[@]}" services/image/src/main.ts & pids+=($!)
PORT=${DISPATCHER_PORT:-8082} "${node_run[@]}" services/dispatcher/src/main.ts & pids+=($!)
PORT=${SCHEDULER_PORT:-8083} "${node_run[@]}" services/scheduler/src/main.ts & pids+=($!)
PORT=${GIF_PORT:-8084} "${node_run[@]}" services/gif/src/main.ts & pids+=($!)
PORT=${PDF_PORT:-8085} "${node_run[@]}" services/pdf/src/main.ts & pids+=($!)
PORT=${VIDEO_PORT:-8086} "${node_run[@]}" services/video/src/main.ts & pids+=($!)
"${node_run[@]}" services/gateway/src/main.ts & pids+=($!)
echo "run-cluster: gateway on http://localhost:$PORT; health of image, dispatcher, scheduler, gif, pdf, video on ports ${IMAGE_PORT:-8081}, ${DISPATCHER_PORT:-8082}, ${SCHEDULER_PORT:-8083}, ${GIF_PORT:-8084}, ${PDF_PORT:-8085}, ${VIDEO_PORT:-8086}"
wait -n
