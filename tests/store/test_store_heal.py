"""The store heals itself: every action kept twice (the database's row and the game's
journal), damage in one copy repaired exactly and said in one sentence, damage in both said
exactly (where the game went back to, how many actions are gone); one writer (an OS lock), so a
second companion or a writing command is refused and a reader still works; appends follow the
chain head, so two connections cannot interleave."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion.engine import Game
from companion.session import Session
from companion.store import AlreadyRunning, Store, StoreError
from companion.store.journal import journal_file, read
from tests.store.stored import RECORD, RECORD_2P, play, round_ends


def db_set(path: Path, sql: str, *args: object) -> None:
    with sqlite3.connect(path, isolation_level=None) as db:
        db.execute(sql, args)
    db.close()


# --- every action kept twice --------------------------------------------------------------------


def test_a_flipped_bit_in_an_action_is_repaired_exactly_and_said(tmp_path: Path) -> None:
    path = tmp_path / "helvetia.db"
    store, _ = play(path, 168)
    store.close()
    seq = next(i for i, line in enumerate(RECORD[1:168], 1) if '"build"' in line)
    db_set(path, "UPDATE actions SET line = replace(line, '\"build\"', '\"builf\"') "
                 "WHERE seq = ?", seq)
    store, notice = Store.open(path)
    assert notice is not None and [m.code for m in notice] == ["store.repaired"]
    assert str(notice) == ("The saves of game 1 were damaged and have been repaired from their "
                           "second copy; nothing was lost.")
    assert store.record_lines(1) == RECORD[:168]  # exactly the game played
    kept = [p for p in tmp_path.iterdir() if ".damaged-" in p.name]
    assert kept, "what was damaged is kept"
    store.close()
    store, notice = Store.open(path)  # healed for good: the next start says nothing
    assert notice is None and store.record_lines(1) == RECORD[:168]
    store.close()


def test_a_changed_result_or_header_is_found_and_repaired(tmp_path: Path) -> None:
    path = tmp_path / "helvetia.db"
    store, _ = play(path, len(RECORD_2P), RECORD_2P)
    truth = store.games()[0]
    store.close()
    db_set(path, "UPDATE games SET result = replace(result, '\"red\"', '\"blue\"')")
    db_set(path, "UPDATE games SET header = replace(header, 'Anna', 'Anne')")
    store, notice = Store.open(path)
    assert notice is not None and "store.repaired" in {m.code for m in notice}
    assert store.games()[0] == truth and store.record_lines(1) == RECORD_2P
    store.close()


def test_a_damaged_journal_is_repaired_from_the_database(tmp_path: Path) -> None:
    path = tmp_path / "helvetia.db"
    store, _ = play(path, 80)
    store.close()
    file = journal_file(path, 1)
    data = bytearray(file.read_bytes())
    data[len(data) // 2] ^= 0x04
    file.write_bytes(bytes(data))
    store, notice = Store.open(path)
    assert notice is not None and [m.code for m in notice] == ["store.repaired"]
    assert store.record_lines(1) == RECORD[:80]
    assert read(file).sound  # type: ignore[union-attr]
    assert [p for p in file.parent.iterdir() if ".damaged-" in p.name]  # the damaged kept
    store.close()


def test_both_copies_damaged_at_one_action_go_back_and_say_exactly(tmp_path: Path) -> None:
    path = tmp_path / "helvetia.db"
    store, _ = play(path, 150)
    store.close()
    for b in tmp_path.glob("helvetia.db.backup-*"):
        b.unlink()  # no backup holds action 140 either
    db_set(path, "UPDATE actions SET line = line || ' ' WHERE seq = 140")
    file = journal_file(path, 1)
    lines = file.read_bytes().split(b"\n")
    n = next(i for i, ln in enumerate(lines) if b'["a",140,' in ln)
    lines[n] = lines[n].replace(b'["a",140,', b'["a",140 ,')
    file.write_bytes(b"\n".join(lines))
    store, notice = Store.open(path)
    assert notice is not None and [m.code for m in notice] == ["store.went_back"]
    session = Session.resume(store)  # never the new-game screen: the game goes on
    assert session is not None and session.game.record_lines() == RECORD[:140]
    game = Game.from_record(RECORD[:140])
    [m] = notice
    assert dict(m.params) | {"seats": None} == {
        "game": 1, "round": game.state.round, "player": game.state.active, "n": 10,
        "seats": None}
    assert sum(n for _, n in m.params["seats"]) == 10
    assert "actions are gone" in str(notice) and "0 fewer" not in str(notice)
    store.close()


def test_a_backup_fills_what_both_copies_lost(tmp_path: Path) -> None:
    path = tmp_path / "helvetia.db"
    store, _ = play(path, 200)
    store.round_end()  # a backup with the first 199 actions
    store.close()
    db_set(path, "UPDATE actions SET line = line || ' ' WHERE seq = 100")
    file = journal_file(path, 1)
    text = file.read_bytes().replace(b'["a",100,', b'["a",100 ,')
    file.write_bytes(text)
    store, notice = Store.open(path)
    assert notice is not None and [m.code for m in notice] == ["store.repaired"]
    assert store.record_lines(1) == RECORD[:200]
    store.close()


def test_a_lost_wal_after_undos_past_the_round_end_brings_nothing_back(tmp_path: Path) -> None:
    path = tmp_path / "helvetia.db"
    upto = round_ends(RECORD)[1] + 3
    pid = os.fork()
    if pid == 0:  # a process that plays, undoes back past the round end, and is killed
        try:
            store, session = play(path, upto + 1)
            store.checkpoint()
            for _ in range(6):
                session.undo()
        finally:
            os.kill(os.getpid(), signal.SIGKILL)
    os.waitpid(pid, 0)
    Path(f"{path}-wal").unlink()
    Path(f"{path}-shm").unlink()
    store, notice = Store.open(path)
    session = Session.resume(store)
    assert session is not None and session.game.record_lines() == RECORD[:upto - 5]
    assert notice is not None and [m.code for m in notice] == ["store.repaired"]
    store.close()


def test_a_reader_sees_the_healed_game_and_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "helvetia.db"
    store, _ = play(path, 60)
    store.close()
    db_set(path, "UPDATE actions SET line = line || ' ' WHERE seq = 20")
    before = path.read_bytes()
    reader, _ = Store.open(path, writer=False)
    assert reader.record_lines(1) == RECORD[:60]  # what export writes: the game as played
    reader.close()
    assert path.read_bytes() == before


# --- one writer ---------------------------------------------------------------------------------


def test_a_second_writer_is_refused_with_the_holders_process(tmp_path: Path) -> None:
    path = tmp_path / "helvetia.db"
    store, _ = play(path, 10)
    code = ("import sys\nfrom companion.store import Store, AlreadyRunning\n"
            "try:\n    Store.open(sys.argv[1])\nexcept AlreadyRunning as e:\n"
            "    print(e.pid, e); sys.exit(3)\n")
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 3
    assert out.stdout.strip() == (f"{os.getpid()} The companion is already running "
                                  f"(process {os.getpid()}).")
    with pytest.raises(AlreadyRunning):
        Store.open(path)  # another connection of the same process too
    reader, _ = Store.open(path, writer=False)  # reading still works
    assert reader.record_lines(1) == RECORD[:10]
    reader.close()
    store.close()
    again, _ = Store.open(path)  # released with the store (or by the kernel at death)
    again.close()


def test_the_cli_writing_commands_refuse_and_reading_ones_work(tmp_path: Path) -> None:
    conf = tmp_path / "helvetia.toml"
    conf.write_text(f'data_dir = "{tmp_path}"\n')
    record = tmp_path / "game.jsonl"
    record.write_text("\n".join(RECORD_2P) + "\n")
    store, _ = play(tmp_path / "helvetia.db", 10)
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "companion.cli", *args, "--config",
                               str(conf)], capture_output=True, text=True, env=env,
                              timeout=120)

    imported = cli("import", str(record))
    assert imported.returncode != 0
    assert f"The companion is already running (process {os.getpid()})" in imported.stderr
    # A second companion does not exit (the unit would restart it in a loop): it starts, says
    # who holds the store on its screen and waits to take over (tests/test_store_held.py).
    run = subprocess.Popen([sys.executable, "-m", "companion.cli", "run", "--config",
                            str(conf)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           env=env)
    try:
        with pytest.raises(subprocess.TimeoutExpired):
            run.wait(timeout=3)
    finally:
        run.kill()
        run.wait()
    games = cli("games")
    assert games.returncode == 0 and "10 actions" not in games.stdout and "9 actions" in \
        games.stdout
    exported = cli("export", "1")
    assert exported.returncode == 0 and exported.stdout.splitlines() == RECORD[:10]
    store.close()
    assert cli("import", str(record)).returncode == 0


def test_two_connections_in_one_process_cannot_interleave(tmp_path: Path) -> None:
    path = tmp_path / "helvetia.db"
    store, one = play(path, 40)
    other = Store._connect(path, store.clock, lock=store.lock)  # a second connection
    two = Session(other, one.game_id, other.load(one.game_id))
    one.undo()
    with pytest.raises(StoreError):
        two.undo()  # its idea of the last action is no longer the stored one
    journal = journal_file(path, one.game_id).read_bytes()
    seq = len(one.game.actions) + 1
    with pytest.raises(StoreError):  # the right number, but after another history: refused
        store.commit_action(one.game_id, seq, RECORD[seq], after="0" * 16)
    assert journal_file(path, one.game_id).read_bytes() == journal  # cut back: nothing kept
    assert store.record_lines(one.game_id) == RECORD[:39]
    one.apply(json.loads(RECORD[39]))
    assert store.record_lines(one.game_id) == RECORD[:40]
    other.db.close()
    store.close()


def test_backups_rotate_by_their_counter_whatever_the_clock_says(tmp_path: Path) -> None:
    from companion.store.files import backup_number

    path = tmp_path / "helvetia.db"
    store, _ = play(path, 5)
    slots = [Path(f"{path}.backup-1"), Path(f"{path}.backup-2")]
    written = []
    for n in range(5):
        written.append(store.backup())
        for p in slots:  # a clock that jumps back: the times on the files say nothing
            if p.exists():
                os.utime(p, (1e9 + (n if p == written[-1] else 10 * n),) * 2)
    assert written == [slots[0], slots[1], slots[0], slots[1], slots[0]]
    assert [backup_number(p) for p in slots] == [5, 4]
    store.close()
