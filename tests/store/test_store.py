"""The game store: power cuts, damaged files, resuming, export and import."""

from __future__ import annotations

import json
import os
import random
import shutil
import sqlite3
from pathlib import Path

import pytest

from companion.engine import IllegalAction, RecordError, action_to_json, summary
from companion.session import Session
from companion.store import SCHEMA_VERSION, Store
from tests.sigkill import killed_after

DATA = Path(__file__).parent.parent / "data"
RECORD = (DATA / "game-4p.jsonl").read_text().splitlines()


def open_store(path: Path) -> Store:
    store, notice = Store.open(path)
    assert notice is None, notice
    return store


def child(path: Path, report: int) -> None:
    """Continues the game where the store has it, reporting each committed action."""
    store = open_store(path)
    session = Session.resume(store) or Session.start(store, json.loads(RECORD[0]))
    for line in RECORD[1 + len(session.game.actions):]:
        session.apply(json.loads(line))
        os.write(report, f"{len(session.game.actions)}\n".encode())
    os._exit(0)


def test_power_cuts_lose_no_committed_action(tmp_path: Path) -> None:
    rng = random.Random(11)
    path = tmp_path / "helvetia.db"
    committed = 0
    kills = 0
    while kills < 200:
        reports = killed_after(lambda write: child(path, write), rng.uniform(0.0, 0.06))
        kills += 1
        done = [int(x) for x in reports.split()]
        if done:
            assert done == list(range(done[0], done[0] + len(done)))  # one by one, in order
            committed = done[-1]
        store = open_store(path)  # opens cleanly: no damaged-store notice
        if not store.games():  # killed before the game was even created
            assert committed == 0
            store.close()
            continue
        game_id = store.unfinished() or store.games()[-1].id
        lines = store.record_lines(game_id)
        assert len(lines) - 1 >= committed
        assert lines[1:] == RECORD[1:len(lines)]  # every stored action, in order
        store.load(game_id)  # and it replays
        store.close()
        if len(lines) == len(RECORD):  # the whole game is in: begin again
            for p in tmp_path.iterdir():
                shutil.rmtree(p) if p.is_dir() else p.unlink()
            committed = 0


@pytest.mark.parametrize("damage", ["truncated", "garbage"])
def test_a_damaged_store_is_moved_aside_and_a_new_one_started(tmp_path: Path,
                                                               damage: str) -> None:
    path = tmp_path / "helvetia.db"
    store = open_store(path)
    store.import_record(RECORD)
    store.close()
    data = path.read_bytes()
    path.write_bytes(data[:3000] if damage == "truncated" else b"\x13\x37" * 4096)
    store, notice = Store.open(path, clock=lambda: 1_790_000_000)
    assert notice is not None and [m.code for m in notice] == ["store.repaired"]
    kept = [p.name for p in tmp_path.iterdir() if ".damaged-" in p.name]
    assert kept and kept[0].startswith("helvetia.db.damaged-2026")
    assert store.record_lines(1) == RECORD  # the game came back from its journal, whole
    store.close()
    shutil.rmtree(f"{path}.journal")  # the second copy lost too: a new store, said
    path.write_bytes(b"\x13\x37" * 4096)
    store, notice = Store.open(path, clock=lambda: 1_790_000_000)
    assert notice is not None and str(notice).startswith("The saved games could not be read")
    assert "kept aside" in str(notice)
    assert store.games() == []  # a fresh store, working
    store.new_game(json.loads(RECORD[0]))
    assert len(store.games()) == 1


def test_resume_after_a_stop_continues_identically(tmp_path: Path) -> None:
    path = tmp_path / "helvetia.db"
    store = open_store(path)
    session = Session.start(store, json.loads(RECORD[0]))
    for line in RECORD[1:120]:
        session.apply(json.loads(line))
    before = summary(session.state)
    store.close()
    store = open_store(path)
    again = Session.resume(store)
    assert again is not None and summary(again.state) == before
    for line in RECORD[120:]:
        again.apply(json.loads(line))
    assert again.state.game_over and Session.resume(store) is None
    assert store.games()[0].result == {"winners": ["white"], "tie_break": None,
                                       "scores": again.state.track}


def test_a_refused_action_stores_nothing_and_undo_removes_the_last(tmp_path: Path) -> None:
    store = open_store(tmp_path / "helvetia.db")
    session = Session.start(store, json.loads(RECORD[0]))
    for line in RECORD[1:40]:
        session.apply(json.loads(line))
    with pytest.raises(IllegalAction):
        session.apply({"type": "end_turn", "player": "nobody"})
    assert len(store.record_lines(session.game_id)) == 40
    undone = session.undo()
    assert action_to_json(undone) == json.loads(RECORD[39])
    assert store.record_lines(session.game_id) == RECORD[:39]


def test_costs_read_off_the_tiles_are_remembered_for_the_next_game(tmp_path: Path) -> None:
    record = (DATA / "game-2p.jsonl").read_text().splitlines()  # costs come in build lines
    store = open_store(tmp_path / "helvetia.db")
    session = Session.start(store, json.loads(record[0]))
    for line in record[1:]:
        session.apply(json.loads(line))
    learned = store.costs()
    assert learned["cow_shed"] == {"grain": 1, "wood": 1}
    nxt = Session.start(store, json.loads(record[0]))
    assert nxt.game.header["catalogue"]["buildings"]["cow_shed"]["cost"] == \
        {"grain": 1, "wood": 1}
    assert nxt.state.known_cost("cow_shed") == (("grain", 1), ("wood", 1))


def test_export_and_import(tmp_path: Path) -> None:
    store = open_store(tmp_path / "helvetia.db")
    game_id = store.import_record(RECORD)
    assert store.record_lines(game_id) == RECORD
    bad = [*RECORD[:30], '{"type": "end_turn", "player": "nobody"}']
    with pytest.raises(RecordError):
        store.import_record(bad)
    assert len(store.games()) == 1  # nothing stored from the bad record
    assert store.games()[0].result is not None


def test_the_store_is_wal_with_full_sync(tmp_path: Path) -> None:
    store = open_store(tmp_path / "helvetia.db")
    assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    store.close()
    with sqlite3.connect(tmp_path / "helvetia.db") as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
