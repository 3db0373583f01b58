#!/usr/bin/env bash
# Installs Debian's PostgreSQL server when its binaries are missing, so that the store tests
# run on PostgreSQL as well as SQLite (tests/postgres.py starts a throw-away server).
# Needs root (CI and the development machines run as root); elsewhere it only says so.
set -euo pipefail
if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "install-postgres: not root or no apt-get: the PostgreSQL tests will be skipped" >&2
    exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null || true
apt-get install -y -qq postgresql >/dev/null || \
    echo "install-postgres: apt-get could not install postgresql: the PostgreSQL tests will be skipped" >&2
