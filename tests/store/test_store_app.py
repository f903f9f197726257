"""The app with a store in trouble or failing: it starts, says what is wrong, tries again, and
goes on with the game once the trouble is gone; a failed save is said, never a crash."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import sqlite3
import time
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from companion.display.app.loop import App
from companion.display.screens.menu.trouble import StoreTroubleScreen
from companion.sdnotify import Watchdog
from companion.store import StoreTrouble
from tests.app_config import config
from tests.store.stored import RECORD, lock_held, stored_game


def test_a_locked_store_shows_trouble_then_the_game(tmp_path: Path) -> None:
    path = tmp_path / "helvetia.db"
    stored_game(path, 40)
    release = lock_held(path, exclusive=True)  # another program holds it, readers shut out
    try:
        app = App(config(tmp_path))
        assert app.session is None and app.trouble is not None
        assert app.trouble.kind == "locked"
        assert isinstance(app.screen, StoreTroubleScreen)
        app.draw()
        assert [w.id for w in app.widgets] == ["trouble:retry"]
        app.retry_store()  # still locked: still the trouble screen
        assert isinstance(app.screen, StoreTroubleScreen)
        app.step(timeout=0)  # the retry runs in the background: the screen never waits
        # (for the lock, which the open waits up to OPEN_TIMEOUT for: the step came back first)
        assert app.opening is not None and not app.opening.done
        with contextlib.suppress(StoreTrouble):
            app.opening.result()  # (let it finish: still locked)
    finally:
        release()
    end = time.monotonic() + 30  # the loop tries again by itself, in the background
    while app.trouble is not None and time.monotonic() < end:
        app.retry_at = 0.0
        app.step(timeout=0)
        if app.trouble is not None:
            time.sleep(0.02)
    assert app.trouble is None and app.session is not None
    assert len(app.session.game.actions) == 39
    assert not isinstance(app.screen, StoreTroubleScreen)
    app.close()


def test_a_failed_save_is_said_and_the_action_not_done(tmp_path: Path) -> None:
    path = tmp_path / "helvetia.db"
    stored_game(path, 40)
    app = App(config(tmp_path))
    assert app.session is not None
    assert app.store is not None
    app.store.db.execute("CREATE TRIGGER full BEFORE INSERT ON actions BEGIN "
                         "SELECT RAISE(ABORT, 'database or disk is full'); END")
    from companion.engine import parse_action

    action = parse_action(json.loads(RECORD[40]))
    assert app.apply(action) is False
    assert app.banner is not None and "could not be saved" in app.banner
    assert len(app.session.game.actions) == 39
    app.store.db.execute("DROP TRIGGER full")
    app.store.db.execute("CREATE TRIGGER full BEFORE INSERT ON games BEGIN "
                         "SELECT RAISE(ABORT, 'database or disk is full'); END")
    app.new_game()
    app.start_game(json.loads(RECORD[0]))  # not saved: no new game, and said
    assert app.session is None and app.banner is not None
    app.draw()
    app.close()


def test_a_slow_save_shows_saving_and_keeps_the_loop_alive(tmp_path: Path) -> None:
    path = tmp_path / "helvetia.db"
    stored_game(path, 40)
    app = App(config(tmp_path))
    assert app.session is not None
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(tmp_path / "notify"))
    sock.setblocking(False)
    app.watchdog = Watchdog({"NOTIFY_SOCKET": str(tmp_path / "notify"),
                             "WATCHDOG_USEC": "200000"})  # a ping every 0.1 s
    app.watchdog.ready()  # as the first frame did
    ready_r, ready_w = os.pipe()
    pid = os.fork()
    if pid == 0:  # another writer holds the store for a while: the save has to wait
        db = sqlite3.connect(path, isolation_level=None)
        db.execute("BEGIN IMMEDIATE")
        os.write(ready_w, b"x")
        import time

        time.sleep(1.0)
        db.execute("COMMIT")
        os._exit(0)
    os.read(ready_r, 1)
    from companion.engine import parse_action

    action = parse_action(json.loads(RECORD[40]))
    assert app.apply(action) is True  # done only now, after the commit returned
    os.waitpid(pid, 0)
    pings = []
    with contextlib.suppress(BlockingIOError):
        while True:
            pings.append(sock.recv(64))
    sock.close()
    assert app.saving_shown  # "Saving..." was up meanwhile
    assert pings.count(b"WATCHDOG=1") >= 3  # and the watchdog kept being pinged
    assert len(app.session.game.actions) == 40
    assert app.store is not None and len(app.store.record_lines(app.session.game_id)) == 41
    app.step(timeout=0)
    assert not app.saving_shown
    app.close()


def test_a_locked_store_during_a_game_queues_the_actions_and_says_it_waits(
        tmp_path: Path) -> None:
    from companion.engine import parse_action

    path = tmp_path / "helvetia.db"
    stored_game(path, 40)
    app = App(config(tmp_path))
    assert app.session is not None
    release = lock_held(path)  # another program holds the write lock as long as it likes
    try:
        assert app.apply(parse_action(json.loads(RECORD[40]))) is True  # done at the table
        assert app.banner is not None and app.banner.startswith("Waiting for the saved games")
        for line in RECORD[41:45]:  # the next ones queue at once: no wait for the lock (1 s)
            t0 = time.monotonic()
            assert app.apply(parse_action(json.loads(line))) is True
            assert time.monotonic() - t0 < 0.5
        assert len(app.session.queued) == 5 and len(app.session.game.actions) == 44
        for _ in range(5):
            t0 = time.monotonic()
            app.flush_at = 0.0
            app.step(timeout=0)  # a retry in the background: the screen never waits
            assert time.monotonic() - t0 < 0.2
        assert app.session.queued
    finally:
        release()
    for _ in range(300):
        if app.flushing is not None:
            app.flushing.join()
        app.flush_at = 0.0
        app.step(timeout=0)
        if not app.session.queued:
            break
    assert not app.session.queued and app.banner is None
    assert app.store is not None and app.store.record_lines(app.session.game_id) == RECORD[:45]
    app.close()
