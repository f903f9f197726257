"""Stores made the store's own way for the store's tests (one home for what several of them
wrote alike): the records played, a game stored through a ``Session``, where the rounds end,
a background check held, the command line's homes."""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.engine import Game
from companion.session import Session
from companion.store import Store, opening

DATA = Path(__file__).parent.parent / "data"
RECORD = (DATA / "game-4p.jsonl").read_text().splitlines()
RECORD_2P = (DATA / "game-2p.jsonl").read_text().splitlines()


def play(path: Path, upto: int, record: list[str] = RECORD) -> tuple[Store, Session]:
    """The store at ``path`` opened (nothing to say), the table's game played ``upto`` lines
    of ``record`` (its header included), each round end's checkpoint done before the next
    action (as the tests of the WAL expect it)."""
    store, notice = Store.open(path)
    assert notice is None, notice
    session = Session.start(store, json.loads(record[0]))
    for line in record[1:upto]:
        session.apply(json.loads(line))
        if store.backup_thread is not None:
            store.backup_thread.join()
    return store, session


def stored_game(path: Path, upto: int, record: list[str] = RECORD) -> None:
    """``play``, then the store closed cleanly."""
    store, _ = play(path, upto, record)
    store.close()


def round_ends(record: list[str]) -> list[int]:
    """How many actions were stored at each round end (when the store checkpoints)."""
    game = Game.from_record(record[:1])
    out = []
    for n, line in enumerate(record[1:], 1):
        before = game.state.round
        game.apply(json.loads(line))
        if game.state.round != before:
            out.append(n)
    return out


def hold_background_check(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """The check beside the table (``Store.check_in_background``) waits, each game, until the
    event returned is set (up to 30 s): the table goes on meanwhile."""
    hold = threading.Event()
    real = opening.heal_store

    def held(store: Any, *args: Any, background: bool = False, **kw: Any) -> Any:
        if background:
            hold.wait(30)
        return real(store, *args, background=background, **kw)

    monkeypatch.setattr(opening, "heal_store", held)
    return hold


def homes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """The service's directory and a user's home, both in ``tmp_path``, no configuration nor
    XDG directories from the environment: (service, home)."""
    from companion import cli_store

    service = tmp_path / "var-lib-helvetia"
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setattr(cli_store, "SERVICE_DIR", service)
    for name in ("STATE_DIRECTORY", "HELVETIA_CONFIG", "XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(home))
    return service, home


def lock_held(path: Path, exclusive: bool = False) -> Callable[[], None]:
    """Another program (a forked child) holds the database's write lock (``exclusive``:
    readers shut out too) until the function returned is called, which waits for it to end."""
    ready_r, ready_w = os.pipe()
    go_r, go_w = os.pipe()
    pid = os.fork()
    if pid == 0:
        db = sqlite3.connect(path, isolation_level=None)
        if exclusive:
            db.execute("PRAGMA locking_mode=EXCLUSIVE")
        db.execute("BEGIN EXCLUSIVE" if exclusive else "BEGIN IMMEDIATE")
        os.write(ready_w, b"x")
        os.read(go_r, 1)
        db.execute("ROLLBACK")
        os._exit(0)
    os.read(ready_r, 1)

    def release() -> None:
        os.write(go_w, b"x")
        os.waitpid(pid, 0)

    return release
