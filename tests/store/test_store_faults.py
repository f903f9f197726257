"""The store under the faults a Pi meets: trouble (a full, read-only or foreign-owned card, a
lock) never moves anything; damage (flipped bytes, a bad WAL, undecodable rows, a foreign
schema, a bad cost) is set aside and said; each table event commits whole or not at all; a
slow card never blocks the caller's thread.

Faults are real: a size-limited or read-only tmpfs where mounting is allowed (else the test
says why it is skipped), another user through ``setuid`` in a forked child (root ignores
permissions), another process holding the lock, triggers that make a write fail, SIGKILL, and
an ``LD_PRELOAD`` shim that slows ``fsync``.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import textwrap
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.session import Session
from companion.store import Store, StoreError, StoreTrouble
from tests.sigkill import killed_after
from tests.store.stored import RECORD, RECORD_2P, play, round_ends

NOBODY = 65534


def files(directory: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(directory.iterdir()) if p.is_file()}


def in_child(fn: Callable[[], Any], uid: int | None = None) -> Any:
    """``fn()`` in a forked child (as ``uid``, if given); its result, or the exception it
    raised, comes back through a pipe."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        try:
            if uid is not None:
                os.setgroups([])
                os.setgid(uid)
                os.setuid(uid)
            out: Any = ("ok", fn())
        except BaseException as exc:
            out = ("error", type(exc).__name__, getattr(exc, "kind", None), str(exc))
        os.write(write, json.dumps(out).encode())
        os._exit(0)
    os.close(write)
    data = b""
    while chunk := os.read(read, 65536):
        data += chunk
    os.close(read)
    os.waitpid(pid, 0)
    return json.loads(data)


def open_kind(path: Path) -> Any:
    """Opening the store: 'ok' with the game's action count, or the trouble's kind."""
    store, notice = Store.open(path, timeout=0.2)
    try:
        game = store.unfinished()
        return [notice, len(store.record_lines(game)) - 1 if game else None]
    finally:
        store.close()


@contextlib.contextmanager
def tmpfs(where: Path, size: str) -> Iterator[Path]:
    where.mkdir()
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}",
                                            "tmpfs", str(where)],
                                           capture_output=True).returncode != 0:
        pytest.skip("cannot mount a tmpfs here (needs root in a system that allows it)")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def root_only() -> None:
    if os.geteuid() != 0:
        pytest.skip("needs root to act as another user and owner")


# --- trouble: nothing moves -----------------------------------------------------------------


def test_a_read_only_card_is_trouble_and_the_game_is_there_after(tmp_path: Path) -> None:
    with tmpfs(tmp_path / "card", "8m") as card:
        store, _ = play(card / "helvetia.db", 60)
        store.close()
        before = files(card)
        subprocess.run(["mount", "-o", "remount,ro", str(card)], check=True)
        with pytest.raises(StoreTrouble) as info:
            Store.open(card / "helvetia.db")
        assert info.value.kind == "read_only" and "read-only" in str(info.value)
        assert files(card) == before  # nothing moved, nothing written
        subprocess.run(["mount", "-o", "remount,rw", str(card)], check=True)
        assert open_kind(card / "helvetia.db") == [None, 59]


@pytest.mark.parametrize("owner", ["root, folder not writable", "another user, folder 0700"])
def test_a_store_of_another_owner_is_trouble(tmp_path: Path, owner: str) -> None:
    root_only()
    data = tmp_path / "data"
    data.mkdir()
    store, _ = play(data / "helvetia.db", 60)
    store.close()
    tmp_path.chmod(0o755)
    if owner.startswith("another"):
        for p in (data, *data.iterdir()):
            os.chown(p, 4321, 4321)
        data.chmod(0o700)
    before = files(data)
    out = in_child(lambda: open_kind(data / "helvetia.db"), uid=NOBODY)
    assert out[:3] == ["error", "StoreTrouble", "permission"], out
    assert files(data) == before
    assert open_kind(data / "helvetia.db") == [None, 59]  # the right user: all there


def hold_lock(path: Path, mode: str, ready: Any, release: Any) -> None:
    db = sqlite3.connect(path, isolation_level=None)
    if mode == "exclusive":
        db.execute("PRAGMA locking_mode=EXCLUSIVE")
    db.execute("BEGIN EXCLUSIVE" if mode == "exclusive" else "BEGIN IMMEDIATE")
    db.execute("UPDATE settings SET value=value")
    os.write(ready, b"x")
    os.read(release, 1)
    db.execute("COMMIT")
    db.close()


@pytest.mark.parametrize("mode", ["writer", "exclusive"])
def test_a_lock_held_by_another_process_is_trouble_then_goes(tmp_path: Path,
                                                             mode: str) -> None:
    path = tmp_path / "helvetia.db"
    store, session = play(path, 60)
    store.close()
    r1, w1 = os.pipe()
    r2, w2 = os.pipe()
    pid = os.fork()
    if pid == 0:
        hold_lock(path, mode, w1, r2)
        os._exit(0)
    os.read(r1, 1)
    before = files(tmp_path)
    try:
        if mode == "exclusive":  # not even a reader gets in: the app shows trouble
            with pytest.raises(StoreTrouble) as info:
                Store.open(path, timeout=0.2)
            assert info.value.kind == "locked"
        else:  # readers go on; a save waits, then the action is queued and said
            store, notice = Store.open(path, timeout=0.2)
            store.db.execute("PRAGMA busy_timeout=200")  # saves wait 1 s in the app
            assert notice is None
            session = Session.resume(store)
            assert session is not None
            session.apply(json.loads(RECORD[60]))
            assert session.waiting is not None and "another program is using" in str(
                session.waiting)
            assert len(session.game.actions) == 60 and len(session.queued) == 1
            assert session.flush() is False  # still locked: still queued
            assert len(store.record_lines(session.game_id)) == 60  # header and 59
        assert {k for k in files(tmp_path) if "damaged" in k} == set()
        assert files(tmp_path)["helvetia.db"] == before["helvetia.db"]
    finally:
        os.write(w2, b"x")
        os.waitpid(pid, 0)
    if mode == "writer":
        assert session.flush() is True and session.waiting is None  # the lock is gone
        store.close()
    store, notice = Store.open(path)
    again = Session.resume(store)
    n = 60 if mode == "writer" else 59
    assert notice is None and again is not None and len(again.game.actions) == n
    again.apply(json.loads(RECORD[n + 1]))
    store.close()


def fill(directory: Path) -> Path:
    """Fill the file system with one file, up to the last byte."""
    filler = directory / "filler"
    with filler.open("wb", buffering=0) as f:
        for block in (65536, 512):
            with contextlib.suppress(OSError):
                while f.write(b"\0" * block):
                    pass
    return filler


def test_a_full_card_fails_the_save_not_the_game(tmp_path: Path) -> None:
    with tmpfs(tmp_path / "card", "4m") as card:
        path = card / "helvetia.db"
        store, session = play(path, 60)
        filler = fill(card)
        failed = 0
        for line in RECORD[60:160]:  # the WAL has some room left: saves go on, then fail
            try:
                session.apply(json.loads(line))
            except StoreError as exc:
                assert "the memory card is full" in str(exc) and "it was not done" in str(exc)
                failed += 1
                break
        assert failed == 1
        done = len(session.game.actions)
        assert len(store.record_lines(session.game_id)) - 1 == done  # the store agrees
        with pytest.raises(StoreTrouble) as info:  # a new store cannot even begin
            Store.open(card / "new" / "helvetia.db")
        assert info.value.kind == "full"
        store.close()
        for _ in range(3):  # restarts with the card still full: never set aside
            with contextlib.suppress(StoreTrouble):
                assert open_kind(path) == [None, done]
            assert not [n for n in os.listdir(card) if "damaged" in n]
        filler.unlink()
        store, notice = Store.open(path)
        session = Session.resume(store)
        assert notice is None and session is not None and len(session.game.actions) == done
        session.apply(json.loads(RECORD[done + 1]))
        store.close()


# --- damage: set aside, said, never overwriting -------------------------------------------------


def corrupt(kind: str, path: Path) -> None:
    with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as db:
        if kind == "invalid UTF-8 in a row":
            db.execute("UPDATE actions SET line = CAST(x'7b22ff22' AS TEXT) WHERE seq = 7")
        elif kind == "a foreign table":
            db.execute("CREATE TABLE photos (id INTEGER, jpeg BLOB)")
        elif kind == "another application's database":
            db.execute("PRAGMA application_id = 1234")
        elif kind == "a bad cost":
            db.execute("INSERT INTO costs VALUES ('mill', '{\"wood\": \"two\"}', 'now')")
        elif kind == "a cost of an unknown good":
            db.execute("INSERT INTO costs VALUES ('mill', '{\"gold\": 1}', 'now')")
        elif kind == "a header that is not JSON":
            db.execute("UPDATE games SET header = '{' WHERE id = 1")
        elif kind == "an integrity check that is not UTF-8":
            db.execute("CREATE TABLE tx (x TEXT)")  # then a name and a rule it breaks
            db.execute("INSERT INTO tx VALUES (NULL)")
            db.execute("PRAGMA writable_schema=ON")
            bad = b"t\xff"
            db.execute("UPDATE sqlite_master SET name=CAST(? AS TEXT), tbl_name=CAST(? AS "
                       "TEXT), sql=CAST(? AS TEXT) WHERE name='tx'",
                       (bad, bad, b'CREATE TABLE "' + bad + b'" (x TEXT NOT NULL)'))
            db.execute("PRAGMA writable_schema=OFF")


@pytest.mark.parametrize("kind", ["invalid UTF-8 in a row", "a foreign table",
                                  "another application's database", "a bad cost",
                                  "a cost of an unknown good", "a header that is not JSON",
                                  "an integrity check that is not UTF-8"])
def test_damage_is_set_aside_and_repaired_from_the_journal(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "helvetia.db"
    store, _ = play(path, 30)  # before the first round end: no backup to come back from
    store.close()
    assert not Path(f"{path}.backup-1").exists()
    corrupt(kind, path)
    damaged = path.read_bytes()
    store, notice = Store.open(path)
    assert notice is not None and [m.code for m in notice] == ["store.repaired"]
    assert "repaired from their second copy; nothing was lost" in str(notice)
    kept = [p for p in tmp_path.iterdir() if ".damaged-" in p.name and not
            p.name.endswith(("-wal", "-shm"))]
    assert len(kept) == 1 and kept[0].read_bytes() == damaged
    session = Session.resume(store)  # the game, whole, from its second copy
    assert session is not None and session.game.record_lines() == RECORD[:30]
    session.apply(json.loads(RECORD[30]))
    store.close()
    assert open_kind(path) == [None, 30]  # and next time it opens cleanly


def test_two_set_asides_in_the_same_second_never_overwrite(tmp_path: Path) -> None:
    path = tmp_path / "helvetia.db"
    kept = set()
    for i in range(3):
        path.write_bytes(f"not a database {i}".encode() * 300)
        store, notice = Store.open(path, clock=lambda: 1_790_000_000.0)
        assert notice is not None
        store.close()
        kept |= {p.name for p in tmp_path.iterdir() if ".damaged-" in p.name}
    contents = {(tmp_path / n).read_bytes()[:16] for n in kept if not n.endswith(("-wal",
                                                                                  "-shm"))}
    assert contents == {b"not a database 0", b"not a database 1", b"not a database 2"}


def test_byte_flips_in_the_db_never_crash_and_damage_is_said(tmp_path: Path) -> None:
    pristine = tmp_path / "pristine.db"
    store, _ = play(pristine, len(RECORD_2P), RECORD_2P)
    store.close()
    data = pristine.read_bytes()
    rng = random.Random(5)
    said = quiet = 0
    for i in range(24):
        work = tmp_path / f"run{i}"
        work.mkdir()
        flipped = bytearray(data)
        at = rng.randrange(len(data)) if i % 4 else rng.randrange(100)  # headers too
        flipped[at] ^= 1 << rng.randrange(8)
        (work / "helvetia.db").write_bytes(bytes(flipped))
        shutil.copytree(f"{pristine}.journal", work / "helvetia.db.journal")
        store, notice = Store.open(work / "helvetia.db")  # never raises for damage
        if notice:
            said += 1
            assert {m.code for m in notice} <= {"store.repaired"}, notice
        else:
            quiet += 1  # a bit no check needs to see (free space): still opens and loads
        for g in store.games():  # never a silent change: the game is exactly the one played
            assert store.record_lines(g.id) == RECORD_2P
            assert g.ended_at is not None and g.result is not None
        Session.start(store, json.loads(RECORD_2P[0])).apply(json.loads(RECORD_2P[1]))
        store.close()
    assert said + quiet == 24 and said > 0
    print(f"\n24 byte flips in the db: {said} repaired and said, {quiet} harmless")


def write_and_die(path: Path, upto: int, record: list[str] = RECORD) -> None:
    """A process that saves ``upto`` lines, then is killed: the WAL is left as it is."""
    pid = os.fork()
    if pid == 0:
        try:
            play(path, upto, record)
        finally:
            os.kill(os.getpid(), signal.SIGKILL)
    os.waitpid(pid, 0)


def test_a_flipped_bit_in_the_wal_is_kept_aside_and_said(tmp_path: Path) -> None:
    path = tmp_path / "helvetia.db"
    last_round_end = [n for n in round_ends(RECORD) if n < 200][-1]
    write_and_die(path, 200)
    wal = Path(f"{path}-wal")
    size = wal.stat().st_size
    assert size > 32 + 5 * 4120  # frames since the last round end
    data = bytearray(wal.read_bytes())
    data[32 + 4120 + 24 + 100] ^= 0x10  # a bit in the second frame's page
    wal.write_bytes(bytes(data))
    store, notice = Store.open(path)
    assert notice is not None and [m.code for m in notice] == ["store.repaired"]
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("helvetia.db-wal.damaged-")]
    assert len(kept) == 1 and kept[0].read_bytes() == bytes(data)
    session = Session.resume(store)
    assert session is not None and last_round_end < 199
    assert session.game.record_lines() == RECORD[:200]  # nothing lost: the journal had it
    store.close()


def test_a_lost_wal_is_said_and_the_last_round_end_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "helvetia.db"
    ends = [n for n in round_ends(RECORD) if n < 200]
    write_and_die(path, 200)
    Path(f"{path}-wal").unlink()
    Path(f"{path}-shm").unlink()
    store, notice = Store.open(path)
    assert notice is not None and [m.code for m in notice] == ["store.repaired"]
    session = Session.resume(store)
    assert ends[-1] < 199  # the database had only what was checkpointed at a round end
    assert session is not None and session.game.record_lines() == RECORD[:200]
    store.close()


def test_a_damaged_store_comes_back_from_its_backup(tmp_path: Path) -> None:
    path = tmp_path / "helvetia.db"
    ends = round_ends(RECORD)
    store, session = play(path, ends[2] + 5)
    store.close()
    path.write_bytes(b"\x13\x37" * 4096)
    store, notice = Store.open(path)
    assert notice is not None and [m.code for m in notice] == ["store.repaired"]
    session = Session.resume(store)  # the backup, then the journal: nothing lost
    assert session is not None and len(session.game.actions) == ends[2] + 4
    store.close()
    shutil.rmtree(f"{path}.journal")  # without the journal: the backup, said
    path.write_bytes(b"\x13\x37" * 4096)
    store, notice = Store.open(path)
    assert notice is not None and "the last backup was restored" in notice
    session = Session.resume(store)
    assert session is not None and ends[1] <= len(session.game.actions) <= ends[2] + 4
    store.close()


# --- one transaction per table event ---------------------------------------------------------


@pytest.mark.parametrize("fault", ["finish", "learn_costs", "new_game"])
def test_a_failing_write_beside_the_action_undoes_it_all(tmp_path: Path, fault: str) -> None:
    record = RECORD_2P if fault == "learn_costs" else RECORD
    path = tmp_path / "helvetia.db"
    store, session = play(path, 30, record)
    trigger = {"finish": "BEFORE UPDATE OF ended_at ON games",
               "learn_costs": "BEFORE INSERT ON costs",
               "new_game": "BEFORE INSERT ON games"}[fault]
    store.db.execute(f"CREATE TRIGGER fault {trigger} BEGIN SELECT RAISE(ABORT, "
                     f"'database or disk is full'); END")
    if fault == "new_game":
        with pytest.raises(StoreError, match="could not be saved"):
            Session.start(store, json.loads(record[0]))
        assert len(store.games()) == 1 and store.unfinished() == session.game_id
        return
    failed = None
    for line in record[30:]:
        try:
            session.apply(json.loads(line))
        except StoreError as exc:
            failed = exc
            break
    assert failed is not None and "it was not done" in str(failed)
    n = len(session.game.actions)
    assert store.record_lines(session.game_id)[1:] == record[1:n + 1]  # the action is not in
    assert not session.state.game_over and store.unfinished() == session.game_id
    store.db.execute("DROP TRIGGER fault")
    for line in record[n + 1:]:
        session.apply(json.loads(line))
    assert store.record_lines(session.game_id) == record
    store.close()


def undo_redo_forever(path: Path, report: int) -> None:
    store, _ = Store.open(path)
    session = Session.resume(store)
    assert session is not None
    last = json.loads(RECORD[-1])
    while True:
        if session.state.game_over:
            session.undo()
        else:
            session.apply(last)
        os.write(report, b"1" if session.state.game_over else b"0")


def test_sigkill_during_undo_and_the_game_end_keeps_them_together(tmp_path: Path) -> None:
    path = tmp_path / "helvetia.db"
    store, _ = play(path, len(RECORD) - 1)
    store.close()
    rng = random.Random(3)
    kills = 0
    for _ in range(40):
        reports = killed_after(lambda write: undo_redo_forever(path, write),
                               rng.uniform(0.005, 0.05))
        kills += 1
        store, notice = Store.open(path)
        assert notice is None
        [info] = store.games()
        over = info.actions == len(RECORD) - 1
        assert (info.ended_at is not None) == over  # never "won" without its last action
        assert (store.unfinished() is None) == over
        if reports[-1:] == b"1":  # the game's end was reported done: it was kept whole
            assert over or len(reports) >= 1
        store.close()
    assert kills == 40


def test_import_keeps_the_tables_current_game(tmp_path: Path) -> None:
    store, session = play(tmp_path / "helvetia.db", 30)
    store.import_record(RECORD_2P[:50])  # an unfinished record
    assert store.unfinished() == session.game_id
    store.close()


def test_round_end_checkpoints_and_makes_a_backup(tmp_path: Path) -> None:
    path = tmp_path / "helvetia.db"
    ends = round_ends(RECORD)
    store, session = play(path, ends[0] + 1)
    assert store.backup_thread is not None
    store.backup_thread.join()  # in the background, after the commit
    assert Path(f"{path}-wal").stat().st_size == 0  # checkpointed and emptied
    backup = Path(f"{path}.backup-1")
    with contextlib.closing(sqlite3.connect(backup)) as db:
        assert db.execute("SELECT COUNT(*) FROM actions").fetchone()[0] == ends[0]
    for line in RECORD[ends[0] + 1:ends[1] + 1]:
        session.apply(json.loads(line))
    store.backup_thread.join()
    assert Path(f"{path}.backup-2").exists()  # rotating: the older one is replaced
    store.close()


# --- a slow card --------------------------------------------------------------------------------

SHIM = r"""
#define _GNU_SOURCE
#include <stdlib.h>
#include <time.h>
static void slow(void) {
    const char *ms = getenv("SLOW_FSYNC_MS");
    long n = ms ? atol(ms) : 0;
    struct timespec t = {n / 1000, (n % 1000) * 1000000L};
    nanosleep(&t, 0);
}
int fsync(int fd) { (void)fd; slow(); return 0; }
int fdatasync(int fd) { (void)fd; slow(); return 0; }
"""

SLOW_CHILD = r"""
import json, os, socket, sys, threading, time
from companion.sdnotify import Watchdog
from companion.session import Saver, Session
from companion.store import Store
record = open(sys.argv[1]).read().splitlines()
watchdog = Watchdog()
watchdog.ready()  # as the app's first frame does
gaps, last, threads = [], [time.monotonic()], set()
def waiting(seconds):
    now = time.monotonic()
    gaps.append(now - last[0]); last[0] = now
    threads.add(threading.get_ident())
    watchdog.tick()
store, _ = Store.open(sys.argv[2])
last[0] = time.monotonic()
session = Session.start(store, json.loads(record[0]), runner=Saver(waiting))
t0 = time.monotonic()
for line in record[1:3]:
    session.apply(json.loads(line))
print(json.dumps({"seconds": time.monotonic() - t0, "calls": len(gaps),
                  "max_gap": max(gaps), "main_only": threads == {threading.get_ident()},
                  "actions": len(store.record_lines(session.game_id)) - 1}))
"""


def test_a_slow_fsync_never_blocks_the_screen_thread(tmp_path: Path) -> None:
    if shutil.which("gcc") is None:
        pytest.skip("no C compiler to build the slow-fsync shim")
    (tmp_path / "shim.c").write_text(SHIM)
    lib = tmp_path / "slowfsync.so"
    subprocess.run(["gcc", "-shared", "-fPIC", "-o", str(lib), str(tmp_path / "shim.c")],
                   check=True)
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(tmp_path / "notify"))
    pings: list[bytes] = []
    stop = threading.Event()

    def listen() -> None:
        sock.settimeout(0.1)
        while not stop.is_set():
            with contextlib.suppress(TimeoutError):
                pings.append(sock.recv(64))

    listener = threading.Thread(target=listen)
    listener.start()
    env = {**os.environ, "LD_PRELOAD": str(lib), "SLOW_FSYNC_MS": "500",
           "NOTIFY_SOCKET": str(tmp_path / "notify"), "WATCHDOG_USEC": "400000",
           "PYTHONPATH": str(Path(__file__).parent.parent.parent)}
    record = tmp_path / "r.jsonl"
    record.write_text("\n".join(RECORD) + "\n")
    try:
        done = subprocess.run([sys.executable, "-c", textwrap.dedent(SLOW_CHILD), str(record),
                               str(tmp_path / "helvetia.db")], env=env, capture_output=True,
                              text=True, timeout=120)
    finally:
        stop.set()
        listener.join()
        sock.close()
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["actions"] == 2 and out["main_only"]
    assert out["seconds"] >= 2 * 0.5  # the card really was slow: every commit fsyncs
    # The caller's thread was never held by a commit: it was called back all along, and the
    # watchdog (interval 0.2 s) was pinged throughout.
    assert out["calls"] >= out["seconds"] / 0.05 / 3
    assert out["max_gap"] < 0.25  # half an fsync
    assert pings.count(b"WATCHDOG=1") >= out["seconds"] / 0.2 / 3
