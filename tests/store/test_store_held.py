"""Never stuck, never dark (issue 30): while another process holds the store, the companion
starts, shows who holds it and takes over when it is free (no exit: no restart loop under
the unit's ``Restart=always``); a write-version flip in the header is mended; a crash while
another program holds the database's lock loses no action shown saved."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from companion.display.app.loop import App
from companion.display.screens.menu.trouble import StoreTroubleScreen, held_text
from companion.store import Held, Store
from tests.app_config import config
from tests.store.stored import RECORD_2P, lock_held, stored_game

RECORD = RECORD_2P
HOLDER = textwrap.dedent("""
    import sys
    from pathlib import Path
    from companion.store.lock import WriterLock
    WriterLock(Path(sys.argv[1])).acquire()
    print("held", flush=True)
    sys.stdin.read()  # held until the test closes our input (or kills us)
""")


def hold(path: Path, tmp: Path, *args: str) -> subprocess.Popen[str]:
    """A real second process holding the store's writer lock, its command line as given
    (``helvetia import ...``: as the command would show in ``/proc``)."""
    script = tmp / "holder.py"
    script.write_text(HOLDER)
    proc = subprocess.Popen(["helvetia", str(script), str(path), *args],
                            executable=sys.executable, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
    return proc


def test_a_held_store_names_the_holder_and_is_taken_over_when_free(tmp_path: Path) -> None:
    path = tmp_path / "helvetia.db"
    stored_game(path, 20, RECORD)
    holder = hold(path, tmp_path, "import")
    try:
        app = App(config(tmp_path))  # no AlreadyRunning: the app starts and waits
        assert isinstance(app.trouble, Held) and app.trouble.pid == holder.pid
        assert app.trouble.command == "helvetia import"
        assert isinstance(app.screen, StoreTroubleScreen)
        what, todo = held_text(app.trouble.pid, app.trouble.command)
        assert "helvetia import" in what and str(holder.pid) in what and "takes over" in todo
        app.step(0)  # drawn, alive
        app.retry_at = 0.0
        for _ in range(20):  # still held: trouble again, no exit
            app.step(0)
            if app.opening is None and app.retry_at > 0:
                break
            time.sleep(0.05)
        assert app.store is None and isinstance(app.trouble, Held)
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(10)
    deadline = time.monotonic() + 20
    while app.store is None and time.monotonic() < deadline:
        app.retry_at = 0.0
        app.step(0)
        time.sleep(0.02)
    assert app.store is not None and app.trouble is None  # taken over
    assert app.session is not None and len(app.session.game.actions) == 19
    app.close()


def test_another_companion_is_named_as_such(tmp_path: Path) -> None:
    path = tmp_path / "helvetia.db"
    stored_game(path, 3, RECORD)
    holder = hold(path, tmp_path, "run")
    try:
        app = App(config(tmp_path))
        assert isinstance(app.trouble, Held) and app.trouble.command is None
        assert held_text(app.trouble.pid, app.trouble.command)[0].startswith("Another companion")
    finally:
        holder.kill()
        holder.wait(10)
    app.close()


def test_a_write_version_flip_is_mended_and_the_store_writes(tmp_path: Path) -> None:
    path = tmp_path / "helvetia.db"
    stored_game(path, 30, RECORD)
    for bit in range(8):
        data = bytearray(path.read_bytes())
        data[18] ^= 1 << bit
        path.write_bytes(bytes(data))
        store, _ = Store.open(path)
        try:
            if data[18] in (1, 2):  # a flip to the other legal value: a legacy store
                continue
            store.set_setting("probe", str(bit))  # not read-only
            gid = store.unfinished()
            assert gid is not None and len(store.record_lines(gid)) == 30
        finally:
            store.close()
        assert path.read_bytes()[18] in (1, 2)


def test_a_crash_while_the_database_is_locked_loses_no_action_shown_kept(
        tmp_path: Path) -> None:
    """Another program holds SQLite's write lock; the table plays three actions (queued: the
    screen says they wait), then the companion is killed. After the lock goes and a
    restart, the three actions are there: they were in the journal before "kept" was said."""
    path = tmp_path / "helvetia.db"
    stored_game(path, 20, RECORD)
    release = lock_held(path)  # another program holds the database's write lock
    done_r, done_w = os.pipe()
    table = os.fork()
    if table == 0:  # the companion: three actions while locked, then killed
        try:
            from companion.engine import parse_action
            app = App(config(tmp_path))
            assert app.session is not None
            for line in RECORD[20:23]:
                assert app.apply(parse_action(json.loads(line))) is True
            assert app.session.queued and app.banner is not None
            os.write(done_w, b"x")
        finally:
            os.kill(os.getpid(), signal.SIGKILL)
    os.read(done_r, 1)
    os.waitpid(table, 0)
    release()
    store, _ = Store.open(path)
    try:
        gid = store.unfinished()
        assert gid is not None and store.record_lines(gid) == RECORD[:23]
    finally:
        store.close()


def test_a_held_store_at_start_is_no_exit_under_the_units_restart_rules(
        tmp_path: Path) -> None:
    """The unit restarts the companion whenever it exits (``Restart=always``), at most
    ``StartLimitBurst`` times a ``StartLimitIntervalSec``, then leaves the panel dark: so a
    held store must not make it exit. ``start`` returns the app (waiting on its trouble
    screen), not an exit status."""
    from companion.display.app import start as start_module

    unit = (Path(__file__).parent.parent.parent / "systemd" / "helvetia.service").read_text()
    assert "Restart=always" in unit and "StartLimitBurst=" in unit
    path = tmp_path / "helvetia.db"
    stored_game(path, 5, RECORD)
    conf = tmp_path / "c.toml"
    conf.write_text(f'data_dir = "{tmp_path}"\n')
    holder = hold(path, tmp_path, "import")
    try:
        app = start_module.start(str(conf))
        assert isinstance(app, App), app  # not ALREADY_RUNNING: no exit, no restart loop
        assert isinstance(app.trouble, Held)
    finally:
        holder.kill()
        holder.wait(10)
    app.close()
