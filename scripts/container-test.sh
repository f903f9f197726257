#!/usr/bin/env bash
# The README's install, for real, in a Debian bookworm container booted with systemd as PID 1
# (systemd-nspawn), then what the owner of a Pi meets: no display, READY, a mistake in the
# configuration, kill -9, a hung main loop and the watchdog, `helvetia games` by hand.
#
#   sudo scripts/container-test.sh [ROOT.tar.zst]
#
# Needs root, systemd-nspawn (systemd-container) and, without a root tarball, mmdebstrap (it
# makes one, cached in /var/tmp/helvetia-bookworm.tar.zst). Network: Debian's archive and PyPI,
# as the README's install uses them. The committed HEAD of this checkout is what is installed.
# Not run in CI (a few minutes, and a machine that can boot a container). The container has no
# display: the first start shows the no-display path; then a drop-in sets SDL's dummy driver.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tarball="${1:-/var/tmp/helvetia-bookworm.tar.zst}"
[ "$(id -u)" = 0 ] || { echo "container-test: needs root" >&2; exit 2; }
command -v systemd-nspawn >/dev/null ||
  { echo "container-test: needs systemd-nspawn (apt-get install systemd-container)" >&2; exit 2; }
if [ ! -f "$tarball" ]; then
  command -v mmdebstrap >/dev/null ||
    { echo "container-test: needs mmdebstrap (apt-get install mmdebstrap) or a root tarball" >&2; exit 2; }
  echo "== making a bookworm root ($tarball)"
  mmdebstrap --quiet --variant=important --include=systemd,systemd-sysv,dbus,udev,ca-certificates \
    bookworm "$tarball"
fi

work="$(mktemp -d /var/tmp/helvetia-ct.XXXXXX)"
nspawn=""
cleanup() {
  if [ -n "$nspawn" ] && kill -0 "$nspawn" 2>/dev/null; then
    [ -n "${init:-}" ] && ct systemctl poweroff >/dev/null 2>&1 || true
    for _ in $(seq 100); do kill -0 "$nspawn" 2>/dev/null || break; sleep 0.2; done
    kill -KILL "$nspawn" 2>/dev/null || true
    wait "$nspawn" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

echo "== the root, and the code as a clone has it"
mkdir "$work/root"
tar -C "$work/root" --zstd -xf "$tarball"
git clone --quiet "$here" "$work/src"
git -C "$work/src" log --oneline -1
# This machine reaches the package registries through its own certificate authority.
cp /etc/ssl/certs/ca-certificates.crt "$work/root/etc/ssl/certs/host-ca.crt"

echo "== booting it (systemd-nspawn -b)"
systemd-nspawn --quiet -D "$work/root" -b --register=no --keep-unit --machine=helvetia-ct \
  --bind-ro="$work/src:/media/src" >"$work/console.log" 2>&1 &
nspawn=$!
init=""
for _ in $(seq 100); do
  init="$(ps -o pid= --ppid "$nspawn" 2>/dev/null | head -1 | tr -d ' ' || true)"
  [ -n "$init" ] && [ "$(cat "/proc/$init/comm" 2>/dev/null)" = systemd ] && break
  init=""
  sleep 0.2
done
[ -n "$init" ] || { cat "$work/console.log"; echo "container-test: no systemd in it" >&2; exit 1; }
ct() {  # a command in the container, as root, with a login's plain environment
  nsenter -t "$init" -a env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    HOME=/root LANG=C.UTF-8 PIP_CERT=/etc/ssl/certs/host-ca.crt "$@"
}
for _ in $(seq 150); do
  state="$(ct systemctl is-system-running 2>/dev/null || true)"
  case "$state" in running|degraded) break;; esac
  sleep 0.2
done
echo "system: $state; PID 1: $(ct cat /proc/1/comm)"

wait_for() {  # wait_for SECONDS COMMAND...: until COMMAND succeeds in the container
  local end=$((SECONDS + $1)); shift
  until ct sh -c "$*" >/dev/null 2>&1; do
    [ "$SECONDS" -lt "$end" ] || return 1
    sleep 0.2
  done
}
prop() { ct systemctl show -P "$1" helvetia; }
since() { ct journalctl -u helvetia -o cat --no-pager --since "@$1"; }
fail() { echo "FAILED: $*"; ct journalctl -u helvetia -o cat --no-pager | tail -30; exit 1; }
t0=$(date +%s.%N)
secs() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.2f}')" "$1" "$(date +%s.%N)"; }

echo "== the README's install, as written (but the last line)"
awk '/^## Install on a Raspberry Pi/{s=1} s&&/^```sh/{c=1;next} c&&/^```/{exit} c' \
  "$here/README.md" | sed 's|<this repository>|/media/src|' >"$work/root/root/install.sh"
grep -v '^systemctl daemon-reload && systemctl enable --now helvetia$' \
  "$work/root/root/install.sh" >"$work/root/root/install-but-start.sh"
ct bash -c 'set -eo pipefail; cd /root; bash -e install-but-start.sh >install.log 2>&1 ||
            { tail -40 install.log; exit 1; }'
echo "installed: $(ct /opt/helvetia/venv/bin/pip list 2>/dev/null | grep -iE '^(helvetia|pygame|lgpio|gpiozero)' | tr -s ' ' | paste -sd ';')"
echo "groups of helvetia: $(ct id -nG helvetia)"
ct grep -E 'lgpio' /root/install.log | head -3 || true

echo "== the last line: systemctl enable --now helvetia (no display in a container)"
t=$(date +%s)
if ct sh -c 'systemctl daemon-reload && systemctl enable --now helvetia' 2>"$work/err"; then
  fail "it started without a display"
fi
sleep 6  # long enough for three restarts at RestartSec=2, were there any
echo "exit status: $(prop ExecMainStatus); restarts: $(prop NRestarts); state: $(prop ActiveState)"
[ "$(prop ExecMainStatus)" = 69 ] && [ "$(prop NRestarts)" = 0 ] || fail "no-display exit"
since "$t" | grep '^helvetia:' | tee "$work/j"
[ "$(grep -c '^helvetia: no display:' "$work/j")" = 1 ] || fail "not one no-display line"
if since "$t" | grep -qE 'Traceback|pygame community|udev-settle'; then fail "noise in the journal"; fi

echo "== a game in the service's store, imported by hand (as root)"
ct /opt/helvetia/venv/bin/helvetia import /media/src/tests/data/game-2p.jsonl
echo "owners: $(ct stat -c '%U %n' /var/lib/helvetia/helvetia.db) ($(ct ls -A /var/lib/helvetia | paste -sd ' '))"

echo "== with SDL's dummy driver standing in for the display: READY"
ct mkdir -p /etc/systemd/system/helvetia.service.d
printf '[Service]\nEnvironment=SDL_VIDEODRIVER=dummy\n' \
  >"$work/root/etc/systemd/system/helvetia.service.d/container.conf"
ct systemctl daemon-reload
ct systemctl reset-failed helvetia
t=$(date +%s); s=$(date +%s.%N)
ct systemctl start helvetia || fail "no start with the dummy driver"
echo "READY (systemctl start returned, active) after $(secs "$s") s: $(prop ActiveState)/$(prop SubState)"
since "$t" | grep '^helvetia:'
echo "games by hand (as root, no configuration naming a store):"
ct /opt/helvetia/venv/bin/helvetia games
echo "as the service's user (sudo -u helvetia, HOME=/var/lib/helvetia):"
ct setpriv --reuid=helvetia --regid=helvetia --init-groups env HOME=/var/lib/helvetia \
  /opt/helvetia/venv/bin/helvetia games
[ -z "$(ct find /root /var/lib/helvetia -path '*/.local/share/helvetia*')" ] ||
  fail "a second store was made"

echo "== a mistake in the configuration: language = \"xx\""
echo 'language = "xx"' >"$work/root/etc/helvetia/config.toml"
t=$(date +%s); s=$(date +%s.%N)
ct systemctl restart helvetia || fail "no start with a bad config"
echo "READY after $(secs "$s") s: $(prop ActiveState)/$(prop SubState)"
sleep 6
echo "after 6 s: $(prop ActiveState), restarts: $(prop NRestarts)"
[ "$(prop ActiveState)" = active ] && [ "$(prop NRestarts)" = 0 ] || fail "bad config"
since "$t" | grep '^helvetia: configuration' | tee "$work/j"
[ "$(wc -l <"$work/j")" = 1 ] || fail "not one line for the mistake"
: >"$work/root/etc/helvetia/config.toml"
ct systemctl restart helvetia

echo "== kill -9"
pid=$(prop MainPID)
s=$(date +%s.%N)
ct systemctl kill -s KILL --kill-whom=main helvetia
wait_for 30 "[ \"\$(systemctl show -P MainPID helvetia)\" != $pid ] && [ \"\$(systemctl show -P MainPID helvetia)\" != 0 ] && systemctl is-active helvetia" ||
  fail "not back after kill -9"
echo "back and READY after $(secs "$s") s (pid $pid -> $(prop MainPID)), restarts: $(prop NRestarts)"
ct /opt/helvetia/venv/bin/helvetia games 2>/dev/null | grep -q 'red, blue' || fail "the game is gone"
echo "the game is there: $(ct /opt/helvetia/venv/bin/helvetia games 2>/dev/null)"

echo "== a hung main loop (SIGSTOP): the watchdog (WatchdogSec=$(prop WatchdogUSec))"
pid=$(prop MainPID)
t=$(date +%s); s=$(date +%s.%N)
ct kill -STOP "$pid"
wait_for 90 "[ \"\$(systemctl show -P MainPID helvetia)\" != $pid ] && [ \"\$(systemctl show -P MainPID helvetia)\" != 0 ] && systemctl is-active helvetia" ||
  fail "the watchdog did not restart it"
echo "restarted and READY $(secs "$s") s after the hang (pid $pid -> $(prop MainPID))"
ct journalctl -u helvetia -o cat --no-pager --since "@$t" | grep -iE 'watchdog|abrt|start' | head -5
ct /opt/helvetia/venv/bin/helvetia games 2>/dev/null | grep -q 'red, blue' || fail "the game is gone"

echo "== all checks passed in $(secs "$t0") s"
ct systemctl poweroff >/dev/null 2>&1 || true
wait "$nspawn" 2>/dev/null || true
nspawn=""
