"""What the Pi gets: the wheel, built from the sources as a clone has them, installed into a
fresh virtual environment (not editable, no access to this checkout), and run from there in
German: the catalogues are in the wheel, the app starts headless and draws its first frame in
German, `helvetia run` tells systemd it is ready, and `helvetia replay` replays a record.

Slow (an install from the package index, about a minute with pip's cache, and a wheel build
unless ``scripts/test.sh`` hands one over in ``HELVETIA_TEST_WHEEL``): marked ``wheel``, skip
it locally with ``-m "not wheel"``; CI runs it (``./scripts/test.sh``). One worker runs them all
(``xdist_group``), so the fresh environment is made once.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import socket
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from companion.engine import Game, summary
from tests import sandbox
from tests.wheel import build as build_wheel

pytestmark = [pytest.mark.wheel, pytest.mark.xdist_group("wheel")]

ROOT = Path(__file__).resolve().parent.parent.parent
LOCALE = ROOT / "companion" / "display" / "locale"
UNIT = ROOT / "systemd" / "helvetia.service"
TITLE = "Start the game"  # the first screen's start button (no game stored yet)


def german(msgid: str) -> str:
    """The German of ``msgid`` as the checkout's .po has it."""
    with (LOCALE / "de/LC_MESSAGES/helvetia.po").open("rb") as f:
        entry = read_po(f).get(msgid)
    assert entry is not None and entry.string and entry.string != msgid, msgid
    return str(entry.string)


def run(args: list[str | Path], **kw: object) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([str(a) for a in args], capture_output=True, text=True,
                          timeout=600, **kw)  # type: ignore[call-overload]
    assert done.returncode == 0, f"{args}:\n{done.stdout}\n{done.stderr}"
    return done


@pytest.fixture(scope="module")
def wheel(built_wheel: Path | None, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel ``scripts/test.sh`` built (``HELVETIA_TEST_WHEEL``), else one built here."""
    return built_wheel or build_wheel(tmp_path_factory.mktemp("dist"))


@pytest.fixture(scope="module")
def venv(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with the wheel (and its dependencies) installed."""
    where = tmp_path_factory.mktemp("pi") / "venv"
    run([sys.executable, "-m", "venv", where])
    run([where / "bin" / "python", "-m", "pip", "install", "--quiet",
         "--disable-pip-version-check", wheel])
    return where


def headless_env(tmp: Path) -> dict[str, str]:
    """No access to this checkout; the dummy video driver; a config in German."""
    config = tmp / "config.toml"
    config.write_text(textwrap.dedent(f"""\
        language = "de"
        data_dir = "{tmp / 'data'}"
        [buttons]
        backend = "none"
        [leds]
        backend = "none"
        """))
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "VIRTUAL_ENV", "NOTIFY_SOCKET", "WATCHDOG_USEC")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", HELVETIA_CONFIG=str(config),
               HOME=str(tmp), PYGAME_HIDE_SUPPORT_PROMPT="1")
    return env


def test_the_wheel_holds_every_catalogue_and_the_catalogue_data(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    pos = sorted(LOCALE.glob("*/LC_MESSAGES/*.po"))
    assert pos, "no .po catalogue found"
    for po in pos:
        mo = po.relative_to(ROOT).with_suffix(".mo").as_posix()
        assert mo in names, f"{mo} is not in {wheel.name}"
    data = sorted(p.relative_to(ROOT).as_posix()
                  for p in (ROOT / "companion/engine/data").glob("*.json"))
    assert data and all(d in names for d in data), data
    assert not [n for n in names if n.endswith(".po")], "the .po sources do not ship"
    fonts = {"companion/display/kit/fonts/" + f for f in ("Inter-Regular.otf", "Inter-Bold.otf",
                                                      "OFL.txt")}
    assert fonts <= names, fonts - names


def test_the_installed_companion_starts_in_german(venv: Path, tmp_path: Path) -> None:
    """In the installed package (not this checkout): the app draws its first frame with the
    language set to German, and its gettext finds the German catalogue inside the venv."""
    script = textwrap.dedent(f"""\
        import gettext, sys
        from pathlib import Path
        import companion
        from companion.config import load
        from companion.display.words import i18n
        from companion.display.app.loop import App
        assert Path(companion.__file__).is_relative_to(sys.prefix), companion.__file__
        app = App(load())
        app.step(0)
        assert app.frames == 1, app.frames
        from companion.display.kit import widgets as ui
        for face in (ui.REGULAR, ui.BOLD_FACE):  # the typeface, from the installed wheel
            assert Path(face).is_relative_to(sys.prefix), face
            assert ui.font(24, face == ui.BOLD_FACE).size("Jürgen")[0] > 0
        mo = gettext.find(i18n.DOMAIN, i18n.LOCALE, ["de"])
        assert mo and Path(mo).is_relative_to(sys.prefix), mo
        assert i18n._({TITLE!r}) == {german(TITLE)!r}, i18n._({TITLE!r})
        for lang in sorted(p.name for p in Path(i18n.LOCALE).iterdir()):
            gettext.translation(i18n.DOMAIN, i18n.LOCALE, languages=[lang])  # raises if absent
        app.close()
        print("ok", i18n._({TITLE!r}))
        """)
    done = run([venv / "bin" / "python", "-c", script], cwd=tmp_path, env=headless_env(tmp_path))
    assert done.stdout.splitlines()[-1] == f"ok {german(TITLE)}"


def test_helvetia_run_tells_systemd_it_is_ready(venv: Path, tmp_path: Path) -> None:
    """The installed `helvetia run`, as the unit starts it: READY=1 once the first frame is
    drawn, then watchdog pings."""
    path = str(tmp_path / "notify")
    env = headless_env(tmp_path) | {"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "2000000"}
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as server:
        server.bind(path)
        server.settimeout(60)
        app = subprocess.Popen([venv / "bin" / "helvetia", "run"], cwd=tmp_path, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            got = [server.recv(64), server.recv(64)]
        finally:
            app.terminate()
            output = app.communicate(timeout=30)[0]
    assert got == [b"READY=1", b"WATCHDOG=1"], output


@pytest.mark.skipif(sandbox.supported() is not None, reason=str(sandbox.supported()))
def test_helvetia_runs_under_the_units_sandbox(venv: Path, tmp_path: Path) -> None:
    """The installed `helvetia run` under the unit's sandbox as far as this machine can build
    it (tests/sandbox.py says what is and is not reproduced): an unprivileged user, no new
    privileges, no capabilities, the seccomp filters of the unit's address families and
    system calls, a read-only system, the store in its StateDirectory. It draws its first
    frame, tells systemd, and holds udev's monitor socket (touch works). SDL's KMSDRM needs a
    display device; the evdev driver (SDL's dummy display with KMSDRM's input path) stands
    in."""
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o755)
    shared.chmod(0o755)
    (shared / "config.toml").write_text('language = "de"\n[buttons]\nbackend = "none"\n'
                                       '[leds]\nbackend = "none"\n')
    path = shared / "notify"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as server:
        server.bind(str(path))
        path.chmod(0o777)
        server.settimeout(60)
        cmd = sandbox.command(UNIT, ["env", "SDL_VIDEODRIVER=evdev", f"NOTIFY_SOCKET={path}",
                                     f"HELVETIA_CONFIG={shared / 'config.toml'}",
                                     "PYGAME_HIDE_SUPPORT_PROMPT=1", venv / "bin" / "helvetia",
                                     "run"], keep=[venv, shared])
        app = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            ready = server.recv(64)
            status = Path(f"/proc/{app.pid}/status").read_text()
            uevents = sandbox.uevent_sockets(app.pid)
            store = sorted(p.name for p in Path(f"/proc/{app.pid}/root/var/lib/helvetia")
                           .iterdir())
        except (TimeoutError, OSError) as exc:
            app.kill()
            pytest.fail(f"{exc}: {app.communicate(timeout=30)[0]}")
        finally:
            app.terminate()
            output = app.communicate(timeout=30)[0]
    assert ready == b"READY=1", output
    fields = dict(line.split(":\t", 1) for line in status.splitlines() if ":\t" in line)
    assert fields["Uid"].split()[0] == str(sandbox.UNPRIVILEGED)
    assert (fields["NoNewPrivs"], fields["Seccomp"], fields["CapBnd"], fields["CapEff"]) == (
        "1", "2", "0000000000000000", "0000000000000000")
    filters = 1 + (sandbox.allowed_system_calls(sandbox.unit_settings(UNIT)) is not None)
    assert fields.get("Seccomp_filters", str(filters)) == str(filters)
    assert uevents == ["00000002"], "SDL has no udev monitor: touch would be dead"
    assert "helvetia.db" in store, store


def test_the_installed_helvetia_replays_a_record(venv: Path, tmp_path: Path) -> None:
    record = ROOT / "tests/data/game-4p.jsonl"
    done = run([venv / "bin" / "helvetia", "replay", record], cwd=tmp_path,
               env=headless_env(tmp_path))
    expected = summary(Game.from_record(record.read_text(encoding="utf-8").splitlines()).state)
    assert json.loads(done.stdout) == json.loads(json.dumps(expected))


def test_the_installed_helvetia_run_with_a_bad_config(venv: Path, tmp_path: Path) -> None:
    """A mistake in the configuration: the installed `helvetia run` is READY all the same and
    says it once; its start draws the screen that names the key, in the file's language."""
    env = headless_env(tmp_path)
    Path(env["HELVETIA_CONFIG"]).write_text(
        f'language = "de"\ndata_dir = "{tmp_path / "data"}"\n[display]\nrotation = 45\n'
        '[buttons]\nbackend = "none"\n[leds]\nbackend = "none"\n')
    path = str(tmp_path / "notify")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as server:
        server.bind(path)
        server.settimeout(60)
        app = subprocess.Popen([venv / "bin" / "helvetia", "run"], cwd=tmp_path,
                               env=env | {"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "2000000"},
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            got = [server.recv(64), server.recv(64)]
        finally:
            app.terminate()
            output = app.communicate(timeout=30)[0]
    assert got == [b"READY=1", b"WATCHDOG=1"], output
    said = [line for line in output.splitlines() if "display.rotation" in line]
    assert said == [f"helvetia: configuration {env['HELVETIA_CONFIG']}: display.rotation: "
                    f"must be 0, 90, 180 or 270, not 45; its default is used"], output
    title = "The configuration has a mistake"
    script = textwrap.dedent(f"""\
        import pygame
        from companion.display.words.i18n import _
        from companion.display.app.start import start
        app = start()
        app.step(0)
        assert type(app.overlay).__name__ == "ConfigProblem", app.overlay
        assert [w.id for w in app.widgets] == ["config:continue"], app.widgets
        pygame.image.save(app.surface, "screen.png")
        app.close()
        print("ok", _({title!r}))
        """)
    done = run([venv / "bin" / "python", "-c", script], cwd=tmp_path, env=env)
    assert done.stdout.splitlines()[-1] == f"ok {german(title)}"
    assert (tmp_path / "screen.png").stat().st_size > 0


@pytest.mark.skipif(sandbox.supported() is not None, reason=str(sandbox.supported()))
def test_helvetia_games_by_hand_lists_the_services_games(venv: Path, tmp_path: Path) -> None:
    """A root whose /var/lib/helvetia is the service's store (its user's alone, 0700) with a
    game the service stored: `helvetia games` run by hand as root and as the service's user
    (over SSH: no $STATE_DIRECTORY, HOME=/var/lib/helvetia as useradd made it) lists that
    game and creates no store anywhere; a third user is told to use sudo, and gets no store
    either."""
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o755)
    shared.chmod(0o755)
    record = shared / "game.jsonl"
    shutil.copy(ROOT / "tests/data/game-2p.jsonl", record)
    record.chmod(0o644)
    keep = [*dict.fromkeys([Path(sys.base_prefix), Path(sys.prefix), venv, shared])]
    q = shlex.quote
    helvetia = q(str(venv / "bin" / "helvetia"))
    service = "setpriv --reuid=65534 --regid=65534 --clear-groups"
    other = "setpriv --reuid=65533 --regid=65533 --clear-groups"
    script = "\n".join([
        "set -e",
        "mount -t tmpfs -o mode=0755 tmpfs /mnt",
        *[f"mkdir /mnt/{i} && mount --bind {q(str(p))} /mnt/{i}" for i, p in enumerate(keep)],
        # As on the Pi, the interpreter and the venv are anyone's to read: not under /root.
        "mount -t tmpfs -o mode=1777 tmpfs /tmp",
        "[ -d /root ] && mount -t tmpfs -o mode=0755 tmpfs /root",
        *[f"mkdir -p {q(str(p))} && mount --bind /mnt/{i} {q(str(p))}"
          for i, p in enumerate(keep)],
        "mount -t tmpfs -o mode=0755 tmpfs /var/lib",
        "mkdir -m 0700 /var/lib/helvetia && chown 65534:65534 /var/lib/helvetia",
        "mkdir -p /tmp/root /tmp/other && chown 65533:65533 /tmp/other",
        "cd /tmp",
        f"{service} env STATE_DIRECTORY=/var/lib/helvetia HOME=/var/lib/helvetia "
        f"{helvetia} import {q(str(record))} >/dev/null",
        "echo '== files before'; cd /var/lib/helvetia && ls -A && cd /tmp",
        f"echo '== root'; HOME=/tmp/root {helvetia} games 2>&1",
        f"echo '== service'; {service} env HOME=/var/lib/helvetia {helvetia} games 2>&1",
        f"echo '== other'; {other} env HOME=/tmp/other {helvetia} games 2>&1",
        "echo '== files after'; cd /var/lib/helvetia && ls -A && cd /tmp",
        "echo '== owners'; stat -c '%u %n' /var/lib/helvetia/*",
        "echo '== homes'; find /tmp/root /tmp/other /var/lib/helvetia -name '.*' | sort",
    ])
    env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    done = subprocess.run(["unshare", "-m", "--propagation", "private", "sh", "-c", script],
                          capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    parts = dict(p.split("\n", 1) for p in done.stdout.split("== ")[1:])
    store = "helvetia: the store /var/lib/helvetia/helvetia.db: the service's"
    for who in ("root", "service"):
        lines = parts[who].splitlines()
        assert lines[0] == store, parts[who]
        assert len(lines) == 2 and "red, blue" in lines[1], parts[who]
    assert parts["other"].splitlines()[0] == (
        "helvetia: the store /tmp/other/.local/share/helvetia/helvetia.db (there is none yet): "
        "your own: the service's, /var/lib/helvetia, is not readable by you (run the command "
        "with sudo)"), parts["other"]
    assert parts["files after"] == parts["files before"]
    assert {line.split()[0] for line in parts["owners"].splitlines()} == {"65534"}, parts
    assert parts["homes"].strip() == "", parts["homes"]  # no ~/.local/share/helvetia anywhere
