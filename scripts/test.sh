#!/usr/bin/env bash
# Lint and the whole test suite.
source "$(dirname "$0")/env.sh"
ruff check .
python -m pytest "$@"
