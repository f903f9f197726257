#!/usr/bin/env bash
# Runs the companion. Until the touchscreen app exists: replays the sample game and prints it.
source "$(dirname "$0")/env.sh"
if [ "$#" -eq 0 ]; then
  set -- replay examples/sample-game.jsonl
fi
exec helvetia "$@"
