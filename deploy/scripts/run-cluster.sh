#!/usr/bin/env bash
# Each service as its own process against local NATS and PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/../.."
export NATS_URL=${NATS_URL:-nats://127.0.0.1:4222}
export DATABASE_URL=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/pressroom}
export PRESSROOM_STORAGE=${PRESSROOM_STORAGE:-nats}
export PORT=${PORT:-8080}
node_run=(node --conditions=source --import tsx)

pids=()
trap 'kill "${pids[@]}" 2>/dev/null; wait' EXIT INT TERM
PORT=${IMAGE_PORT:-8081} "${node_run[@]}" services/image/src/main.ts & pids+=($!)
"${node_run[@]}" services/gateway/src/main.ts & pids+=($!)
echo "run-cluster: gateway on http://localhost:$PORT, image service health on http://localhost:${IMAGE_PORT:-8081}/health"
wait -n
