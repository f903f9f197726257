#!/usr/bin/env bash
# Lint, the whole test suite, a short self-play (random legal games, invariants checked), and
# the systemd unit's security summary.
source "$(dirname "$0")/env.sh"
if ! command -v systemd-analyze >/dev/null && [ "$(id -u)" = 0 ]; then
  apt-get update -qq && apt-get install -y -qq systemd >/dev/null
fi
ruff check .
python -m pytest "$@"
helvetia selfplay --games 240 --players 2,3,4 --seed 2026
systemd-analyze security --offline=yes systemd/helvetia.service | tail -n 1
