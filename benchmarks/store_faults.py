"""The store under injected faults (issue 18), per fault kind: trials, trials that lost actions
(and how many actions in all), repaired exactly, fell back and told, changed silently, the
new-game screen shown for a game that was there, and crashes at open.

Kinds: ``db-flip`` (one bit of the database), ``db-overwrite`` (8 bytes of it), ``journal``
(one bit of a game's journal), ``both-copies`` (one of the last actions changed in the
database and in its journal alike, and no backup holding it), ``wal-flip`` (one bit of the WAL
a killed companion left), ``wal-lost`` (the WAL and its index deleted after undos back past a
round end), ``counter-lost`` (the files beside the store that only count: deleted),
``two-writers`` (a second companion started on the same store, each going its own way), and
``slow-fsync`` (every fsync takes 1 s: how long the screen thread is held, how long a round
end's "Saving..." lasts).

``--single [PER]``: every single fault at every place (``tests/store_probe.py``), every bit
(or ``PER`` sampled bits a place), against the oracle of what was committed: the table of
``tests/store/test_store_single_faults.py``, in full (all eight templates, ``SCENARIOS``: each
game at the table, the other finished; the test runs four; run from the code's tree; for the
code before,
``PYTHONPATH=<old tree> python tests/store_probe.py [PER]`` prints the same table; PER 0 is
every bit).

Works on any version of the store with ``Store.open`` and ``Session`` (to measure the code
before this issue: ``git archive 656a946 | tar -x -C /tmp/old`` and run with
``PYTHONPATH=/tmp/old``). ``python -m benchmarks.store_faults [TRIALS [KIND...]]``; prints a table;
asserts nothing. ``tests/store/test_store_fault_suite.py`` runs a few trials of each in CI.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.engine import HelvetiaError
from companion.session import Session
from companion.store import Store
from tests.store.test_store_faults import round_ends

TESTS = Path(__file__).resolve().parent.parent / "tests"
RECORD = (TESTS / "data" / "game-4p.jsonl").read_text().splitlines()
RECORD_2P = (TESTS / "data" / "game-2p.jsonl").read_text().splitlines()
KINDS = ("db-flip", "db-overwrite", "journal", "wal-flip", "wal-lost", "counter-lost",
         "both-copies", "two-writers")
COLUMNS = ("trials", "lost", "actions lost", "repaired exactly", "unharmed", "fell back, told",
           "silent", "new-game screen", "crash")


def _play(path: Path, upto: int, undo: int = 0) -> None:
    """A finished 2-player game, then the 4-player game up to ``upto`` actions (and ``undo``
    of them undone at the end), as the table would."""
    store, _ = Store.open(path)
    s2 = Session.start(store, json.loads(RECORD_2P[0]))
    for line in RECORD_2P[1:]:
        s2.apply(json.loads(line))
    session = Session.start(store, json.loads(RECORD[0]))
    for line in RECORD[1:upto + 1]:
        session.apply(json.loads(line))
    for _ in range(undo):
        session.undo()
    thread = getattr(store, "backup_thread", None)
    if thread is not None:
        thread.join()
    store.close()


def _killed(path: Path, upto: int, undo: int = 0, after: int = 0) -> None:
    """As ``_play``, in a process killed at the end: its WAL is left as it is, holding the
    last ``after`` actions and the ``undo`` undos (done once the backups are written, so that
    no checkpoint comes after them)."""
    pid = os.fork()
    if pid == 0:
        try:
            store, _ = Store.open(path)
            s2 = Session.start(store, json.loads(RECORD_2P[0]))
            for line in RECORD_2P[1:]:
                s2.apply(json.loads(line))
            session = Session.start(store, json.loads(RECORD[0]))
            for line in RECORD[1:upto - after + 1]:
                session.apply(json.loads(line))
            thread = getattr(store, "backup_thread", None)
            if thread is not None:
                thread.join()
            for line in RECORD[upto - after + 1:upto + 1]:
                session.apply(json.loads(line))
            for _ in range(undo):
                session.undo()
        finally:
            os.kill(os.getpid(), signal.SIGKILL)
    os.waitpid(pid, 0)


def judge(path: Path, truth: list[str]) -> dict[str, Any]:
    """Open the store as a restart would and compare with what the table had."""
    try:
        store, notice = Store.open(path)
    except Exception as exc:
        return {"crash": True, "why": f"{type(exc).__name__}: {exc}"}
    try:
        current = store.unfinished()
        got: list[str] | None = None
        if current is not None:
            got = store.record_lines(current)
            try:
                Session.resume(store)
            except Exception:
                got = None
        finished = [store.record_lines(g.id) for g in store.games() if g.ended_at]
    finally:
        store.close()
    told = bool(notice)
    other_ok = RECORD_2P in finished
    if got == truth and other_ok:
        return {"exact": True, "told": told}
    prefix = got is not None and got == truth[:len(got)]
    same = 0  # the actions both have, from the first: the rest of the table's are lost
    for a, b in zip(got or [], truth[:1] if got is None else truth, strict=False):
        if a != b:
            break
        same += 1
    lost = len(truth) - max(same, 1)
    return {"exact": False, "told": told, "lost": max(lost, 0), "prefix": prefix,
            "newgame": got is None, "other_ok": other_ok}


def _flip(file: Path, rng: random.Random, overwrite: bool = False, skip: int = 0) -> None:
    data = bytearray(file.read_bytes())
    if len(data) <= skip:
        return
    at = rng.randrange(skip, len(data))
    if overwrite:
        for i in range(at, min(at + 8, len(data))):
            data[i] = rng.randrange(256)
    else:
        data[at] ^= 1 << rng.randrange(8)
    file.write_bytes(bytes(data))


def _two_writers(work: Path, upto: int, seed: int) -> dict[str, Any]:
    """Two companions on one store: A goes on with the game, B (started by hand) takes the
    last action back and plays other legal ones. The store must end as A's game or B's."""
    path = work / "helvetia.db"
    _play(path, upto)
    rng = random.Random(seed)
    out_a, out_b = work / "a.json", work / "b.json"
    pids = []
    for who in ("a", "b"):
        pid = os.fork()
        if pid == 0:
            code = 0
            try:
                time.sleep(rng.random() * 0.01 if who == "b" else 0)
                _writer(path, who, work / f"{who}.json", seed)
            except BaseException:
                code = 1
            os._exit(code)
        pids.append(pid)
    for pid in pids:
        os.waitpid(pid, 0)
    games = [json.loads(p.read_text()) for p in (out_a, out_b) if p.exists()]
    try:
        store, notice = Store.open(path)
    except Exception as exc:
        return {"crash": True, "why": str(exc)}
    try:
        current = store.unfinished()
        got = store.record_lines(current) if current is not None else None
        replays = True
        try:
            Session.resume(store)
        except Exception:
            replays = False
    finally:
        store.close()
    if got is not None and replays and any(got == g for g in games):
        return {"exact": True, "told": bool(notice)}
    return {"exact": False, "told": bool(notice), "lost": 0, "prefix": False,
            "newgame": not replays or got is None, "other_ok": True}


def _writer(path: Path, who: str, out: Path, seed: int) -> None:
    """One companion: it takes actions back and plays legal ones of its own choosing, as a
    table would; a save that fails is said and the companion goes on (as the app does)."""
    from companion.store import StoreError

    if str(TESTS.parent) not in sys.path:
        sys.path.append(str(TESTS.parent))  # after the code measured (PYTHONPATH)
    from tests.gamegen import Bot

    store, _ = Store.open(path)
    session = Session.resume(store)
    assert session is not None
    rng = random.Random(seed + (7 if who == "b" else 0))
    bot = Bot(seed + (7 if who == "b" else 0))
    for _ in range(20):
        try:
            if rng.random() < 0.4 and session.game.actions:
                session.undo()
            elif session.state.phase == "play":
                for action in bot.turn(session.state):  # a turn of its own choosing
                    session.apply(action)
            else:
                session.apply(bot.round_end_action(session.state))
        except (StoreError, HelvetiaError):  # said at the table; it goes on
            pass
        out.write_text(json.dumps(session.game.record_lines()))
        time.sleep(rng.random() * 0.005)
    store.close()


def trial(kind: str, work: Path, rng: random.Random, template: Path, truth: list[str],
          upto: int) -> dict[str, Any]:
    if kind == "two-writers":
        return _two_writers(work, upto, rng.randrange(1 << 30))
    shutil.copytree(template, work, dirs_exist_ok=True)
    path = work / "helvetia.db"
    if kind == "db-flip":
        _flip(path, rng)
    elif kind == "db-overwrite":
        _flip(path, rng, overwrite=True)
    elif kind == "journal":
        journals = sorted(Path(f"{path}.journal").glob("*.log"))
        if not journals:
            return {"na": True}
        _flip(rng.choice(journals), rng)
    elif kind == "wal-flip":
        _flip(Path(f"{path}-wal"), rng, skip=32)
    elif kind == "wal-lost":
        for s in ("-wal", "-shm"):
            Path(f"{path}{s}").unlink(missing_ok=True)
    elif kind == "counter-lost":
        Path(f"{path}.commits").unlink(missing_ok=True)
    elif kind == "both-copies":  # one action changed in the database and in its journal
        _both(path, rng.randrange(upto - 4, upto + 1), rng)
        for backup in work.glob("helvetia.db.backup-*"):
            backup.unlink()
    return judge(path, truth)


def _both(path: Path, seq: int, rng: random.Random) -> None:
    """One letter of action ``seq`` changed (its case bit flipped), in the database's row and
    in the journal's line alike."""
    import sqlite3

    with sqlite3.connect(path, isolation_level=None) as db:
        game, line = db.execute("SELECT game_id, line FROM actions WHERE game_id=(SELECT "
                                "MAX(id) FROM games) AND seq=?", (seq,)).fetchone()
        letters = [i for i, ch in enumerate(line) if ch.isascii() and ch.isalpha()]
        at = rng.choice(letters)
        changed = line[:at] + line[at].swapcase() + line[at + 1:]
        db.execute("UPDATE actions SET line=? WHERE game_id=? AND seq=?", (changed, game, seq))
    db.close()
    journal = Path(f"{path}.journal") / f"game-{game}.log"
    if journal.exists():
        old, new = json.dumps(line, ensure_ascii=False), json.dumps(changed, ensure_ascii=False)
        journal.write_bytes(journal.read_bytes().replace(old.encode(), new.encode()))


def templates(root: Path) -> dict[str, tuple[Path, list[str], int]]:
    """One store per kind of fault, as the table left it, and the game it holds."""
    ends = round_ends(RECORD)
    upto = ends[2] + 7
    out = {}
    closed = root / "closed"
    closed.mkdir()
    _play(closed / "helvetia.db", upto)
    killed = root / "killed"
    killed.mkdir()
    _killed(killed / "helvetia.db", upto, after=7)
    undone = root / "undone"
    undone.mkdir()
    _killed(undone / "helvetia.db", ends[2] + 3, undo=6)  # undos back past a round end
    for kind in ("db-flip", "db-overwrite", "journal", "counter-lost", "both-copies",
                 "two-writers"):
        out[kind] = (closed, _truth(closed, upto), upto)
    out["wal-flip"] = (killed, _truth(killed, upto), upto)
    out["wal-lost"] = (undone, _truth(undone, ends[2] + 3 - 6), upto)
    return out


def _truth(template: Path, actions: int) -> list[str]:
    """The table's game as the intact store holds it (its header carries the costs learned
    in the game before), checked against the record it was played from."""
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copytree(template, tmp, dirs_exist_ok=True)
        store, _ = Store.open(Path(tmp) / "helvetia.db")
        try:
            current = store.unfinished()
            assert current is not None
            lines = store.record_lines(current)
        finally:
            store.close()
    assert lines[1:] == RECORD[1:actions + 1], "the template is not the game played"
    return lines


def run(trials: int, kinds: tuple[str, ...] = KINDS, seed: int = 18,
        log: Callable[[str], None] | None = None) -> dict[str, Counter[str]]:
    """Figures per kind of fault (``COLUMNS``)."""
    rng = random.Random(seed)
    out: dict[str, Counter[str]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        tpl = templates(root)
        for kind in kinds:
            c: Counter[str] = Counter()
            template, truth, upto = tpl[kind]
            for i in range(trials):
                work = root / f"{kind}-{i}"
                work.mkdir()
                r = trial(kind, work, rng, template, truth, upto)
                shutil.rmtree(work, ignore_errors=True)
                if r.get("na"):
                    continue
                c["trials"] += 1
                if r.get("crash"):
                    c["crash"] += 1
                    if log:
                        log(f"{kind} {i}: crash: {r['why']}")
                    continue
                if r["exact"]:
                    c["repaired exactly" if r["told"] else "unharmed"] += 1
                    continue
                c["lost"] += 1 if r["lost"] else 0
                c["actions lost"] += r["lost"]
                c["new-game screen"] += 1 if r["newgame"] else 0
                if r["told"] and (r["prefix"] or r["newgame"]) and r["other_ok"]:
                    c["fell back, told"] += 1
                else:
                    c["silent"] += 1
            out[kind] = c
    return out


def slow_fsync(ms: int = 1000) -> dict[str, float] | None:
    """The app on a card whose every fsync takes ``ms``: the longest hold of the screen
    thread, the round end's "Saving...", and how long opening took (None without cc)."""
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        lib = Path(tmp) / "slowfsync.so"
        subprocess.run([cc, "-shared", "-fPIC", "-o", str(lib), str(TESTS / "slowfsync.c")],
                       check=True)
        end = round_ends(RECORD)[0]
        store, _ = Store.open(Path(tmp) / "helvetia.db")
        session = Session.start(store, json.loads(RECORD[0]))
        for line in RECORD[1:end - 1]:
            session.apply(json.loads(line))
        store.close()
        env = {**os.environ, "LD_PRELOAD": str(lib), "SLOW_FSYNC_MS": str(ms),
               "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
               "PYTHONPATH": os.pathsep.join([str(TESTS.parent), os.environ.get(
                   "PYTHONPATH", "")])}
        out = subprocess.run([sys.executable, str(TESTS / "slow_card.py"), tmp,
                              str(TESTS / "data" / "game-4p.jsonl"), str(end - 1), "2"],
                             env=env, capture_output=True, text=True, timeout=600)
        if out.returncode != 0:
            return {"error": out.stderr[-300:]}  # type: ignore[dict-item]
        return json.loads(out.stdout.splitlines()[-1])  # type: ignore[no-any-return]


def main(argv: list[str]) -> int:
    import logging

    logging.disable(logging.WARNING)  # the store logs each repair; the table is the figure
    if argv[:1] == ["--single"]:
        from tests import store_probe

        per = int(argv[1]) if len(argv) > 1 else 0
        rng = random.Random(30) if per else None
        print(store_probe.report(store_probe.run(rng, per, log=print)))
        return 0
    trials = int(argv[0]) if argv else 50
    kinds = tuple(k for k in argv[1:] if k in KINDS) if argv[1:] else KINDS
    figures = run(trials, kinds, log=print)
    width = max(len(k) for k in KINDS) + 2
    print("kind".ljust(width) + "".join(f"{c:>{len(c) + 2}}" for c in COLUMNS))
    for kind, c in figures.items():
        print(kind.ljust(width) + "".join(f"{c[col]:>{len(col) + 2}}" for col in COLUMNS))
    if not argv[1:] or "slow-fsync" in argv[1:]:
        print(f"slow-fsync (1 s): {slow_fsync()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
