"""A start that does not grow with the history (issue 30): before the first frame only the
table's game (and the newest) is checked; after an unclean shutdown the other games are
checked beside the table, the Games list says which are still being checked, and what the
check finds is said when it is done; after a clean shutdown they are not read at all."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from companion.display.app.loop import App
from companion.session import Session
from companion.store import Store, opening
from tests.app_config import config
from tests.store.stored import hold_background_check
from tests.ui_driver import Driver

DATA = Path(__file__).parent.parent / "data"
RECORD_2P = (DATA / "game-2p.jsonl").read_text().splitlines()
RECORD_4P = (DATA / "game-4p.jsonl").read_text().splitlines()


def make(path: Path, finished: int, killed: bool) -> None:
    """``finished`` imported games, then the table's game 10 actions in; closed or killed."""
    pid = os.fork()
    if pid == 0:
        try:
            store, _ = Store.open(path)
            for _ in range(finished):
                store.import_record(RECORD_2P)
            session = Session.start(store, json.loads(RECORD_4P[0]))
            for line in RECORD_4P[1:11]:
                session.apply(json.loads(line))
            if not killed:
                store.close()
        finally:
            if killed:
                os.kill(os.getpid(), signal.SIGKILL)
            os._exit(0)
    os.waitpid(pid, 0)


def cut_journal(path: Path, gid: int) -> None:
    """The last line of game ``gid``'s journal cut short: damage the database proves."""
    file = Path(f"{path}.journal") / f"game-{gid}.log"
    data = file.read_bytes()
    file.write_bytes(data[:-7])


def test_a_clean_start_reads_only_the_tables_game(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "helvetia.db"
    make(path, 6, killed=False)
    read: list[int] = []
    real = opening.heal_store

    def spy(store: Any, *args: Any, only: set[int] | None = None, **kw: Any) -> Any:
        read.extend(sorted(only or {-1}))
        return real(store, *args, only=only, **kw)

    monkeypatch.setattr(opening, "heal_store", spy)
    store, notice = Store.open(path)
    try:
        assert notice is None and store.check_thread is None and not store.checking
        assert read == [7]  # the table's game, which is also the newest
    finally:
        store.close()


def test_after_a_kill_the_other_games_are_checked_beside_the_table(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "helvetia.db"
    make(path, 6, killed=True)
    cut_journal(path, 2)
    hold = hold_background_check(monkeypatch)  # the check takes its time
    app = App(config(tmp_path))
    try:
        assert app.session is not None and len(app.session.game.actions) == 10
        assert app.store is not None and app.store.checking == frozenset(range(1, 7))
        ticks: list[int] = []
        app.watchdog.tick = lambda: ticks.append(1)  # type: ignore[method-assign]
        d = Driver(app)
        d.open_games()
        assert [r["id"] for r in app.screen.shown] == [6, 5, 4]
        assert all(r.get("checking") for r in app.screen.shown)
        app.step(0)
        assert ticks  # the loop goes on (and pings the watchdog) while the check runs
        hold.set()
        app.store.checked()
        app.step(0)
        assert not app.store.checking
        assert app.banner is not None and "game 2" in app.banner  # repaired, said
        journal = Path(f"{path}.journal") / "game-2.log"
        assert journal.read_bytes().endswith(b"\n")  # written afresh, whole
    finally:
        hold.set()
        app.close()
    store, _ = Store.open(path)
    try:
        assert store.record_lines(2) == RECORD_2P
    finally:
        store.close()


def test_a_check_cut_short_by_a_clean_close_goes_on_at_the_next_start(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "helvetia.db"
    make(path, 4, killed=True)
    cut_journal(path, 1)
    real = opening.heal_store
    hold = hold_background_check(monkeypatch)
    store, _ = Store.open(path)
    assert store.checking == frozenset(range(1, 5))
    store._stop_checking.set()  # closing: the game being checked ends, the rest waits
    hold.set()
    store.close()
    assert not Path(f"{path}-wal").exists()  # a clean close
    monkeypatch.setattr(opening, "heal_store", real)
    store, _ = Store.open(path)
    try:
        assert store.check_thread is not None  # the check goes on, though the close was clean
        store.checked()
        assert store.late_notices and store._meta("unchecked") is None
        assert store.record_lines(1) == RECORD_2P
    finally:
        store.close()
