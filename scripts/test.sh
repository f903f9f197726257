#!/usr/bin/env bash
# Lint, the whole test suite (with what the Pi gets: the wheel built, installed into a fresh
# virtual environment and run from there, and the app under the unit's sandbox), a short
# self-play (random legal games, invariants checked), a short arena of virtual players, and the
# systemd unit's security summary.
# Arguments go to pytest, e.g. `./scripts/test.sh -m "not wheel"` skips the wheel tests (~30 s).
source "$(dirname "$0")/env.sh"
if ! command -v systemd-analyze >/dev/null && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "installing systemd for systemd-analyze (the unit's checks)"
  { apt-get update -qq && apt-get install -y -qq systemd >/dev/null; } ||
    echo "could not install systemd: the unit's checks are left out"
fi
ruff check .
mypy companion/engine
python -m pytest "$@"
helvetia selfplay --games 100 --players 2,3,4 --seed 2026 --adversarial
helvetia arena --seats strong,normal,random,random --games 4 --seed 2026
python -m benchmarks.taps --short  # tap to frame and the longest hold while a virtual player thinks (figures only)
if command -v systemd-analyze >/dev/null; then
  systemd-analyze security --offline=yes systemd/helvetia.service | tail -n 1 ||
    echo "systemd-analyze $(systemd-analyze --version | head -n 1 | cut -d' ' -f2) cannot rate a unit file offline (needs 250 or newer)"
else
  echo "systemd-analyze is not installed: the unit's security summary is left out" \
       "(and the unit's verify tests were skipped). Install systemd to see it."
fi
