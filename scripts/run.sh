#!/usr/bin/env bash
# Runs the companion: full screen on a Raspberry Pi, a window on a desktop (keys 1-4 are the
# seat buttons, the LEDs are drawn along the bottom). Other arguments go to `helvetia`.
source "$(dirname "$0")/env.sh"
if [ "$#" -eq 0 ]; then
  set -- run
fi
exec helvetia "$@"
