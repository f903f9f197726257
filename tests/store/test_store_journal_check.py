"""A finished game's damaged journal is found while both copies are there: the round end that
ends a game checks that game's journal against its database once, and every round end checks
one older finished game's in turn (``Upkeep.check_journals``); a start after a clean close
checks neither (it stays as quick however many games are kept). The faults are put in the
journal files (a bit flipped, a cut); the damaged copy is written again from the other, the
damaged one kept, the table told; a database damaged afterwards loses nothing."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.session import Session
from companion.store import Store
from companion.store.journal import journal_dir, journal_file, read

DATA = Path(__file__).parent.parent / "data"
RECORD_2P = (DATA / "game-2p.jsonl").read_text().splitlines()


def flip(file: Path) -> None:
    """One bit flipped in the middle of the journal (inside an action's line)."""
    data = bytearray(file.read_bytes())
    data[len(data) // 2] ^= 0x04
    file.write_bytes(bytes(data))


def cut(file: Path) -> None:
    """The journal cut in the middle of a line (its second half lost)."""
    data = file.read_bytes()
    file.write_bytes(data[:len(data) // 2])


FAULTS: dict[str, Callable[[Path], None]] = {"bit": flip, "cut": cut}


def damaged_kept(path: Path, game_id: int) -> list[Path]:
    return [p for p in journal_dir(path).iterdir()
            if p.name.startswith(f"game-{game_id}.") and p.name != f"game-{game_id}.log"]


def stored(path: Path, game_id: int) -> list[str]:
    with sqlite3.connect(path) as db:
        lines = [r[0] for r in db.execute("SELECT line FROM actions WHERE game_id=? ORDER BY "
                                          "seq", (game_id,))]
    db.close()
    return lines


@pytest.mark.parametrize("fault", FAULTS)
def test_the_journal_of_the_game_just_ended_is_checked_and_repaired(tmp_path: Path,
                                                                     fault: str) -> None:
    path = tmp_path / "helvetia.db"
    store, _ = Store.open(path)
    session = Session.start(store, json.loads(RECORD_2P[0]))
    for line in RECORD_2P[1:-1]:
        session.apply(json.loads(line))
    if store.backup_thread is not None:
        store.backup_thread.join()
    file = journal_file(path, session.game_id)
    FAULTS[fault](file)
    assert store.late_notices == []
    session.apply(json.loads(RECORD_2P[-1]))  # the game ends: its round end beside the table
    assert session.game.state.game_over and store.backup_thread is not None
    store.backup_thread.join()
    assert [(m.code, m.params["game"]) for m in store.late_notices] == [
        ("store.repaired", session.game_id)]
    reading = read(file)
    assert reading is not None and reading.sound and not reading.torn
    assert [line for line, _ in reading.actions] == RECORD_2P[1:]
    assert reading.result is not None
    assert len(damaged_kept(path, session.game_id)) == 1  # the damaged journal, kept
    store.close()
    # later the database loses the game's actions: the journal, whole again, has them all
    with sqlite3.connect(path) as db:
        db.execute("DELETE FROM actions WHERE game_id=?", (session.game_id,))
    db.close()
    store, notice = Store.open(path)
    assert notice is not None and [m.code for m in notice] == ["store.repaired"]
    assert store.record_lines(session.game_id) == RECORD_2P
    assert store.games()[0].ended_at is not None
    store.close()


def test_an_older_finished_game_is_checked_in_turn_by_the_round_ends(tmp_path: Path) -> None:
    path = tmp_path / "helvetia.db"
    store, _ = Store.open(path)
    ids = [store.import_record(RECORD_2P) for _ in range(3)]
    store.close()
    flip(journal_file(path, ids[0]))  # the oldest game's journal, on a card, years later
    store, notice = Store.open(path)
    assert notice is None  # a clean start checks the newest game only
    assert not read(journal_file(path, ids[0])).sound  # type: ignore[union-attr]
    checked = []
    for _ in range(4):  # four round ends
        checked.append(store.check_journals())
        store.summarize_ended()
    assert checked == [[ids[2]], [ids[1]], [ids[0]], [ids[2]]]  # newest first, round again
    assert [(m.code, m.params["game"]) for m in store.late_notices] == [
        ("store.repaired", ids[0])]
    assert read(journal_file(path, ids[0])).sound  # type: ignore[union-attr]
    assert stored(path, ids[0]) == RECORD_2P[1:]
    store.close()
    store, notice = Store.open(path)  # the turn goes on where it was after a restart
    assert notice is None and store.check_journals() == [ids[1]]
    store.close()


def test_a_round_end_in_play_checks_one_older_game_and_the_table_s_game_stays(
        tmp_path: Path) -> None:
    path = tmp_path / "helvetia.db"
    store, _ = Store.open(path)
    old = store.import_record(RECORD_2P)
    store.import_record(RECORD_2P)  # a newer one: a start checks only the newest
    store.close()
    cut(journal_file(path, old))
    store, notice = Store.open(path)
    assert notice is None
    session = Session.start(store, json.loads(RECORD_2P[0]))
    for line in RECORD_2P[1:]:
        session.apply(json.loads(line))
        if store.backup_thread is not None:
            store.backup_thread.join()
    assert store.record_lines(session.game_id) == RECORD_2P
    assert [(m.code, m.params["game"]) for m in store.late_notices] == [("store.repaired", old)]
    assert read(journal_file(path, old)).sound  # type: ignore[union-attr]
    assert stored(path, old) == RECORD_2P[1:]
    store.close()
