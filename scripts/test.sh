#!/usr/bin/env bash
# Lint, the whole test suite, and a short self-play (random legal games, invariants checked).
source "$(dirname "$0")/env.sh"
ruff check .
python -m pytest "$@"
helvetia selfplay --games 240 --players 2,3,4 --seed 2026
