#!/usr/bin/env bash
# Lint and types, the wheel built once, the whole test suite on every core in a hostile
# environment (with what the Pi gets: the wheel installed into a fresh virtual environment and
# run from there, and the app under the unit's sandbox), a short self-play (random legal games,
# invariants checked), a short arena of virtual players, and the systemd unit's security summary.
# Arguments go to pytest, e.g. `./scripts/test.sh -m "not wheel"` skips the wheel tests, and
# `./scripts/test.sh -m long` runs the long forms of the random runs instead.
source "$(dirname "$0")/env.sh"
if ! command -v systemd-analyze >/dev/null && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "installing systemd for systemd-analyze (the unit's checks)"
  { apt-get update -qq && apt-get install -y -qq systemd >/dev/null; } ||
    echo "could not install systemd: the unit's checks are left out"
fi
start=$SECONDS
step() { echo "== $* ($((SECONDS - start)) s)"; }

step "ruff"
ruff check .
step "mypy (pyproject's [tool.mypy] files, strict)"
mypy
step "the wheel, built from the sources as a clone has them"
dist="$(mktemp -d)"
trap 'rm -rf "$dist"' EXIT
wheel="$(python -m tests.wheel "$dist")"
echo "$wheel"
step "pytest, on every core, in a hostile environment (tests/conftest.py clears it)"
# What a Pi, a desktop or a developer's shell may have exported: the suite must not care.
env GPIOZERO_PIN_FACTORY=mock GPIOZERO_TEST_PIN=17 SDL_VIDEODRIVER=x11 SDL_AUDIODRIVER=alsa \
    SDL_RENDER_DRIVER=opengl XDG_CONFIG_HOME=/nonexistent/config XDG_DATA_HOME=/nonexistent/data \
    XDG_RUNTIME_DIR=/nonexistent/run HELVETIA_CONFIG=/nonexistent/helvetia.toml \
    HELVETIA_STRICT_TEXT=0 HELVETIA_TABLE_GAMES=1 NOTIFY_SOCKET=/nonexistent/notify \
    WATCHDOG_USEC=1 LANGUAGE=de:fr LC_ALL=C HELVETIA_TEST_WHEEL="$wheel" \
  python -m pytest -n auto --dist loadgroup "$@"
step "self-play"
helvetia selfplay --games 100 --players 2,3,4 --seed 2026 --adversarial
step "arena"
helvetia arena --seats strong,normal,random,random --games 4 --seed 2026
step "tap benchmark, short (figures only)"
python -m benchmarks.taps --short  # tap to frame and the longest hold while a virtual player thinks
step "the unit's security summary"
if command -v systemd-analyze >/dev/null; then
  systemd-analyze security --offline=yes systemd/helvetia.service | tail -n 1 ||
    echo "systemd-analyze $(systemd-analyze --version | head -n 1 | cut -d' ' -f2) cannot rate a unit file offline (needs 250 or newer)"
else
  echo "systemd-analyze is not installed: the unit's security summary is left out" \
       "(and the unit's verify tests were skipped). Install systemd to see it."
fi
step "done"
