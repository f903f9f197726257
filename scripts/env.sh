# Sourced by the run and test scripts: a project virtual environment in .venv, created and
# brought up to date with pyproject.toml (and the translations, compiled on install) when needed.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/.venv"
stamp="$venv/.installed"

need() {  # a prerequisite of a fresh machine that is missing: say which and how to get it
  echo "helvetia: $1" >&2
  exit 1
}

if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -m pip --version >/dev/null 2>&1; then
  command -v python3 >/dev/null ||
    need "python3 is not installed (Debian/Ubuntu/Raspberry Pi OS: sudo apt install python3 python3-venv)"
  python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' ||
    need "Python 3.11 or newer is needed, python3 is $(python3 -V 2>&1 | cut -d' ' -f2)"
  # Debian and Ubuntu ship venv's pip bootstrap (ensurepip) in a package of its own.
  python3 -c 'import ensurepip, venv; ensurepip.version()' >/dev/null 2>&1 ||
    need "python3 cannot create virtual environments: install python3-venv (sudo apt install python3-venv)"
  rm -rf "$venv"  # a half-made one from an earlier failed try
  python3 -m venv "$venv" || { rm -rf "$venv"; need "could not create $venv"; }
fi
# pip and setuptools print pages of notices and warnings on a good install (a newer pip, an
# editable install's advice, deprecations of the build): their output is kept in a log and
# shown only when the step fails, so that a real error is never hidden.
export PIP_DISABLE_PIP_VERSION_CHECK=1
helvetia_quietly() {
  local log="$venv/.install.log"
  if "$@" >"$log" 2>&1; then
    return 0
  fi
  cat "$log" >&2
  echo "helvetia: this step failed (its output above, kept in $log): $*" >&2
  return 1
}
# Reinstall when the project's metadata or a translation changed: the editable install is what
# compiles the .po catalogues into the .mo the app reads (setup.py).
if [ ! -f "$stamp" ] || [ -n "$(find "$root/pyproject.toml" "$root/setup.py" \
    "$root/companion/display/locale" -type f -newer "$stamp" \
    \( -name '*.po' -o -name pyproject.toml -o -name setup.py \) | head -n 1)" ]; then
  [ -f "$stamp" ] || echo "helvetia: installing the companion's packages into $venv (once)..." >&2
  helvetia_quietly "$venv/bin/python" -m pip install --quiet --upgrade pip
  helvetia_quietly "$venv/bin/python" -m pip install --quiet -e "$root[dev]"
  touch "$stamp"
fi
# On a Raspberry Pi the real seat buttons need lgpio (gpiozero's pin library), which this venv
# cannot see from apt: ready-built from PyPI instead.
if [ -e /proc/device-tree/model ] && ! "$venv/bin/python" -c 'import lgpio' 2>/dev/null; then
  helvetia_quietly "$venv/bin/python" -m pip install --quiet lgpio ||
    echo "helvetia: lgpio could not be installed: the seat buttons fall back to the keys" >&2
fi
export PATH="$venv/bin:$PATH"
cd "$root"
