"""READY=1 before any WATCHDOG=1, whatever the start takes: a ``Type=notify`` service is still
starting until it says READY, and the app's work before its first frame (the store opened on
the saver's thread, which keeps the watchdog fed while it waits) must not ping first."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from companion.sdnotify import Watchdog

ROOT = Path(__file__).resolve().parent.parent.parent


def test_the_watchdog_is_not_pinged_before_ready(tmp_path: Path) -> None:
    path = str(tmp_path / "notify")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as server:
        server.bind(path)
        server.setblocking(False)
        dog = Watchdog({"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "2"}, lambda: 100.0)
        dog.tick()  # due, but the service is still starting
        with pytest.raises(BlockingIOError):
            server.recv(64)
        dog.ready()
        dog.tick()
        dog.ready()  # said once
        assert [server.recv(64), server.recv(64)] == [b"READY=1", b"WATCHDOG=1"]
        with pytest.raises(BlockingIOError):
            server.recv(64)


def test_on_a_slow_card_helvetia_run_says_ready_before_the_first_ping(tmp_path: Path) -> None:
    """Every fsync takes 0.3 s (an ``LD_PRELOAD`` shim, ``tests/slowfsync.c``): opening the
    store holds the start for longer than a watchdog interval."""
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        pytest.skip("no C compiler to build the slow-fsync shim")
    lib = tmp_path / "slowfsync.so"
    subprocess.run([cc, "-shared", "-fPIC", "-o", str(lib), str(ROOT / "tests" / "slowfsync.c")],
                   check=True)
    config = tmp_path / "config.toml"
    config.write_text('[buttons]\nbackend = "none"\n[leds]\nbackend = "none"\n')
    notify = str(tmp_path / "notify")
    env = {**os.environ, "LD_PRELOAD": str(lib), "SLOW_FSYNC_MS": "300",
           "NOTIFY_SOCKET": notify, "WATCHDOG_USEC": "100000", "HELVETIA_CONFIG": str(config),
           "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data"),
           "PYTHONPATH": str(ROOT)}
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as server:
        server.bind(notify)
        server.settimeout(60)
        app = subprocess.Popen([sys.executable, "-m", "companion.cli", "run"], cwd=tmp_path,
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True)
        try:
            got = [server.recv(64) for _ in range(2)]
        finally:
            app.kill()  # (a clean stop on this card is not what is tested)
            output = app.communicate(timeout=30)[0]
    assert got == [b"READY=1", b"WATCHDOG=1"], output
