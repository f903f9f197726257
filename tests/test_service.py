"""The systemd unit: it verifies, its exposure is low, and it asks for what the app needs."""

from __future__ import annotations

import re
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from companion.sdnotify import Watchdog, notify

UNIT = Path(__file__).resolve().parent.parent / "systemd" / "helvetia.service"
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
                 "Environment=SDL_VIDEODRIVER=kmsdrm", "RestrictAddressFamilies=AF_UNIX",
                 "DeviceAllow=char-gpiochip rw", "DeviceAllow=char-ttyUSB rw",
                 "DeviceAllow=char-ttyACM rw", "DeviceAllow=char-drm rw",
                 "DeviceAllow=char-input rw", "NoNewPrivileges=yes", "ProtectSystem=strict",
                 "ProtectHome=yes", "PrivateTmp=yes"):
        assert line in text.splitlines(), line
    assert re.search(r"^WatchdogSec=\d+", text, re.M)
    assert re.search(r"^StartLimitBurst=\d+", text, re.M)


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
        dog.tick()
        assert server.recv(64) == b"WATCHDOG=1"
        now[0] += 5
        dog.tick()  # too soon: nothing sent
        now[0] += 6
        dog.tick()
        assert server.recv(64) == b"WATCHDOG=1"
