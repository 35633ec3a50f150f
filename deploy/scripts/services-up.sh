#!/usr/bin/env bash
# Starts the local PostgreSQL and NATS (JetStream) servers when they are not
# listening, and creates the `pressroom` database. Used by run-cluster and CI.
set -euo pipefail

listening() { (exec 3<>/dev/tcp/127.0.0.1/"$1") 2>/dev/null; }

if ! listening 5432; then
  version=$(ls /etc/postgresql | head -n1)
  pg_ctlcluster --skip-systemctl-redirect "$version" main start
  for _ in $(seq 50); do listening 5432 && break; sleep 0.2; done
fi
if ! listening 4222; then
  mkdir -p /var/lib/nats-server
  start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- \
    -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log
  for _ in $(seq 50); do listening 4222 && break; sleep 0.2; done
fi
listening 5432 || { echo "PostgreSQL is not listening on 127.0.0.1:5432" >&2; exit 1; }
listening 4222 || { echo "NATS is not listening on 127.0.0.1:4222" >&2; exit 1; }

if ! psql -h 127.0.0.1 -U postgres -tAc "SELECT 1 FROM pg_database WHERE datname='pressroom'" | grep -q 1; then
  psql -h 127.0.0.1 -U postgres -qc "CREATE DATABASE pressroom"
fi
