"""The systemd unit: it verifies, its exposure is low, and it asks for what the app needs."""

from __future__ import annotations

import errno
import re
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from companion.sdnotify import Watchdog, notify
from tests import sandbox

UNIT = Path(__file__).resolve().parent.parent.parent / "systemd" / "helvetia.service"
needs_systemd = pytest.mark.skipif(shutil.which("systemd-analyze") is None,
                                   reason="systemd-analyze is not installed")


@needs_systemd
def test_the_unit_verifies(tmp_path: Path) -> None:
    # The unit names the Pi's install path; verify it as written, but for that path.
    helvetia = Path(sys.executable).with_name("helvetia")
    text = UNIT.read_text().replace("/opt/helvetia/venv/bin/helvetia", str(helvetia))
    copy = tmp_path / "helvetia.service"
    copy.write_text(text)
    done = subprocess.run(["systemd-analyze", "verify", str(copy)], capture_output=True,
                          text=True, cwd=tmp_path, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""


@needs_systemd
def test_the_units_exposure_is_at_most_5() -> None:
    done = subprocess.run(["systemd-analyze", "security", "--offline=yes", str(UNIT)],
                          capture_output=True, text=True, timeout=60)
    found = re.search(r"Overall exposure level for helvetia.service: ([0-9.]+)", done.stdout)
    assert found, done.stdout + done.stderr
    assert float(found.group(1)) <= 5.0


def test_the_unit_asks_for_what_the_app_needs() -> None:
    text = UNIT.read_text()
    for line in ("Type=notify", "Restart=always", "StateDirectory=helvetia",
                 "SupplementaryGroups=gpio dialout video input render",
                 "Environment=SDL_VIDEODRIVER=kmsdrm",
                 "DeviceAllow=char-gpiochip rw", "DeviceAllow=char-ttyUSB rw",
                 "DeviceAllow=char-ttyACM rw", "DeviceAllow=char-drm rw",
                 "DeviceAllow=char-input rw", "NoNewPrivileges=yes", "ProtectSystem=strict",
                 "ProtectHome=yes", "PrivateTmp=yes"):
        assert line in text.splitlines(), line
    assert re.search(r"^WatchdogSec=\d+", text, re.M)
    assert re.search(r"^StartLimitBurst=\d+", text, re.M)


# Every socket family the unit allows, and why the app (through SDL, libudev, systemd) needs
# it. A family missing from the unit breaks that feature on the Pi; one missing from this table
# is exposure without a reason.
NEEDED_FAMILIES = {
    "AF_UNIX": "systemd's notify socket: READY=1 after the first frame, the watchdog pings "
               "(companion/sdnotify.py)",
    "AF_NETLINK": "touch: SDL's evdev input, KMSDRM's only input, starts with a udev monitor "
                  "(SDL_UDEV_Init: udev_monitor_new_from_netlink, a NETLINK_KOBJECT_UEVENT "
                  "socket); without it SDL_EVDEV_Init gives up and opens no input device",
}
# Families nothing in the app makes: refused, so a compromise cannot reach a network.
REFUSED_FAMILIES = {"AF_INET": "no network", "AF_INET6": "no network",
                    "AF_PACKET": "no raw network access", "AF_BLUETOOTH": "no radio"}


def test_each_socket_family_of_the_unit_has_its_reason() -> None:
    settings = sandbox.unit_settings(UNIT)
    families = sandbox.address_families(settings)
    assert sorted(families) == sorted(NEEDED_FAMILIES), families
    assert not set(families) & set(REFUSED_FAMILIES)
    # The reason is written next to the setting, where a reader of the unit looks.
    comments = UNIT.read_text().split("RestrictAddressFamilies=")[0].rsplit("\n\n", 1)[-1]
    for family in families:
        assert f"# {family}:" in comments, family


def test_udev_events_reach_the_service() -> None:
    # PrivateNetwork=yes would put the service in a network namespace of its own, where
    # systemd-udevd's device events never arrive (systemd.exec(5)): SDL would not see a
    # touchscreen that appears after the start.
    settings = sandbox.unit_settings(UNIT)
    assert settings.get("PrivateNetwork", ["no"])[-1] in ("no", "false", "0")
    assert settings.get("IPAddressDeny") == ["any"]


SDL_INPUT = """
import os, socket
os.environ["SDL_VIDEODRIVER"] = "evdev"  # the dummy display with SDL's evdev input: KMSDRM's
import pygame                            # input path, without a display device
from tests.sandbox import uevent_sockets
try:
    socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    print("AF_INET allowed")
except OSError as exc:
    print("AF_INET", exc.errno)
pygame.display.init()
print(pygame.display.get_driver(), uevent_sockets())
"""


@pytest.mark.skipif(sandbox.supported() is not None, reason=str(sandbox.supported()))
@pytest.mark.parametrize("families", ["unit", "AF_UNIX"])
def test_sdl_gets_its_udev_monitor_under_the_units_families(families: str,
                                                             tmp_path: Path) -> None:
    """SDL's input under the unit's sandbox (its address families as a seccomp filter, its
    user, read-only system, private tmp): with the unit's families SDL holds udev's monitor
    socket; with AF_UNIX alone (the unit before) it does not, and touch would be dead."""
    unit = UNIT
    if families != "unit":
        unit = tmp_path / "helvetia.service"
        unit.write_text(re.sub(r"^RestrictAddressFamilies=.*$",
                               f"RestrictAddressFamilies={families}", UNIT.read_text(),
                               flags=re.M))
    root = UNIT.parent.parent
    cmd = sandbox.command(unit, ["env", f"PYTHONPATH={root}", sys.executable, "-c", SDL_INPUT],
                          keep=[Path(sys.prefix), root])
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    *_, inet, last = done.stdout.strip().splitlines()
    assert inet == f"AF_INET {errno.EAFNOSUPPORT}"  # no network, by the same filter
    driver, groups = last.split(" ", 1)
    assert driver == "evdev"
    assert groups == ("['00000002']" if families == "unit" else "[]"), done.stdout


def test_the_readmes_install_gives_the_unit_what_it_asks_for() -> None:
    readme = (UNIT.parent.parent / "README.md").read_text()
    install = readme.split("## Install on a Raspberry Pi")[1].split("\n## ")[0]
    groups = sandbox.unit_settings(UNIT)["SupplementaryGroups"][0].split()
    assert f"--groups {','.join(groups)} helvetia" in install
    assert "/opt/helvetia/venv/bin/helvetia run" in UNIT.read_text()
    assert "python3 -m venv --system-site-packages /opt/helvetia/venv" in install
    # KMSDRM's EGL on GBM (Mesa), lgpio for gpiozero, the venv.
    for package in ("libgbm1", "libegl1", "libgles2", "libdrm2", "libgl1-mesa-dri",
                    "python3-lgpio", "python3-venv"):
        assert re.search(rf"apt-get install -y[^`]*\b{re.escape(package)}\b", install), package


def test_notify_and_the_watchdog(tmp_path: Path) -> None:
    path = str(tmp_path / "notify")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as server:
        server.bind(path)
        server.settimeout(2)
        assert not notify("READY=1", env={})
        assert notify("READY=1", env={"NOTIFY_SOCKET": path})
        assert server.recv(64) == b"READY=1"
        now = [100.0]
        dog = Watchdog({"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "20000000"}, lambda: now[0])
        assert dog.interval == 10.0
        dog.ready()  # (no ping before READY: tests/system/test_ready_first.py)
        assert server.recv(64) == b"READY=1"
        dog.tick()
        assert server.recv(64) == b"WATCHDOG=1"
        now[0] += 5
        dog.tick()  # too soon: nothing sent
        now[0] += 6
        dog.tick()
        assert server.recv(64) == b"WATCHDOG=1"


def test_the_unit_and_the_install_fit_bookworm() -> None:
    """Issue 19: no deprecated systemd-udev-settle; no restart loop without a display; no
    pygame banner in the journal; the gpio group (and its udev rule) made where plain Debian
    has none; python3-lgpio (Raspberry Pi OS only) in an apt-get line of its own that may
    fail, with lgpio from PyPI as the fallback."""
    from companion.display.app.start import NO_DISPLAY

    settings = sandbox.unit_settings(UNIT)
    assert not [v for values in settings.values() for v in values if "udev-settle" in v]
    assert settings["RestartPreventExitStatus"] == [str(NO_DISPLAY)]
    assert "PYGAME_HIDE_SUPPORT_PROMPT=1" in settings["Environment"]
    readme = (UNIT.parent.parent / "README.md").read_text()
    install = readme.split("## Install on a Raspberry Pi")[1].split("\n## ")[0]
    assert "getent group gpio >/dev/null || groupadd --system gpio" in install
    assert "systemd/60-helvetia-gpio.rules /etc/udev/rules.d/" in install
    assert (UNIT.parent / "60-helvetia-gpio.rules").read_text().count('GROUP="gpio"') == 1
    lgpio = [line for line in install.splitlines() if "python3-lgpio" in line
             and line.startswith("apt-get install")]
    assert lgpio == ['apt-get install -y python3-lgpio || echo "no python3-lgpio here: lgpio '
                     'comes from PyPI"']
    assert "/opt/helvetia/venv/bin/pip install lgpio" in install
