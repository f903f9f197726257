"""Every single fault at every place that matters, against an oracle that knows what was
committed (issue 30). Shared by ``tests/store/test_store_single_faults.py`` (a sample of bits,
every kind and place) and ``benchmarks/store_faults.py --exhaustive`` (every bit).

A template store is made the store's own way (``Session``): a finished game of one kind, then
the table's game of the other kind (Helvetia's 4-player game, or a Drunter & Drüber game of
seeded self-play; its kind found by the game registry, ``companion.games``), closed cleanly or
killed with its last commits in the WAL, with and without a turn undone before the fault. The
child that made it writes down what each commit returned (the oracle). Then one fault is put
in a copy and the store is opened as a restart would; the verdict per trial is one of
``OUTCOMES``.

It runs against any version of the store with ``Store.open``, ``Session`` and
``history.table`` / ``store.summaries`` (``PYTHONPATH`` picks the code measured; the Drunter
scenarios need the game registry).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import sqlite3
import sys
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.session import Session
from companion.store import Store
from tests.store.stored import round_ends

try:  # where the summaries live (the store owns them since issue 29)
    from companion.store.summaries import summaries as _summaries
except ImportError:  # pragma: no cover - the code before
    from companion.history.table import summaries as _summaries  # type: ignore[no-redef]

DATA = Path(__file__).resolve().parent / "data"
RECORD = (DATA / "game-4p.jsonl").read_text().splitlines()
RECORD_2P = (DATA / "game-2p.jsonl").read_text().splitlines()
LOUD = ("store.went_back", "store.went_back_setup", "store.game_lost", "store.restored",
        "store.started_new")
"""Notices that say something was lost: false after a single fault when nothing was."""

OUTCOMES = ("trials", "unharmed", "repaired, told", "lost, told exactly", "lost, told wrongly",
            "lost silently", "changed, told falsely", "changed silently", "summary changed",
            "false loss notice", "stuck", "crash")
BAD = OUTCOMES[4:]


# --- the templates --------------------------------------------------------------------------


def drunter_record(seed: int) -> list[str]:
    """A whole Drunter & Drüber game of seeded self-play on a made-up map, as its record,
    replayed through the game registry (the kind its header names) to check it."""
    from companion.drunter.selfplay import play
    from companion.games import kind_of_record

    game, result = play(seed, 2)
    assert not result.violations, result.violations
    lines = game.record_lines()
    assert kind_of_record(lines).replay(lines).record_lines() == lines
    return lines


@dataclass(frozen=True)
class Kind:
    """What a template plays of one game: its finished game's record, its table game's
    record, where the table's turn that is undone begins, and that other turn."""

    finished: Callable[[], list[str]]
    table: Callable[[], list[str]]
    start: Callable[[list[str]], int]
    other: Callable[[Session, str], list[Any]]


def _helvetia_other(session: Session, next_line: str) -> list[Any]:
    from tests.gamegen import Bot  # a virtual player's other turn
    return list(Bot(3).turn(session.state)[:2])


def _drunter_other(session: Session, next_line: str) -> list[Any]:
    from companion.drunter.selfplay import random_action
    for seed in range(100):  # a legal action other than the one the record has next
        action = random_action(session.game, random.Random(seed))
        if session.kind.action_line(session.game, action) != next_line:
            return [action]
    raise AssertionError("no other action")


KINDS = {
    "helvetia": Kind(lambda: RECORD_2P, lambda: RECORD, lambda _: round_ends(RECORD)[0] + 4,
                     _helvetia_other),
    "drunter": Kind(lambda: drunter_record(3), lambda: drunter_record(1),
                    lambda lines: len(lines) - 10, _drunter_other),
}
SCENARIOS = ("closed", "closed-undo", "killed", "killed-undo", "drunter-closed",
             "drunter-closed-undo", "drunter-killed", "drunter-killed-undo")
"""The table's game (Helvetia's, or Drunter's when named), the finished game of the other
kind; the store closed or killed; a turn undone or not."""
SAMPLED = ("closed", "killed-undo", "drunter-closed-undo", "drunter-killed")
"""The scenarios the test runs (both kinds at the table and finished, closed and killed,
undone or not): the benchmark runs them all."""


def _make(path: Path, name: str, oracle: Path) -> None:
    """In a child process: a finished game of one kind, the table's game of the other up to
    a point (the backups and checkpoints of the round ends done), then (``-undo``) a turn
    played differently and undone, then more actions: closed, or killed with these in the
    WAL."""
    table = KINDS["drunter" if name.startswith("drunter") else "helvetia"]
    finished_kind = KINDS["helvetia" if name.startswith("drunter") else "drunter"]
    killed, undo = "killed" in name, name.endswith("undo")
    played, finished_record = table.table(), finished_kind.finished()
    start = table.start(played)  # a turn begins here
    pid = os.fork()
    if pid == 0:
        code = 0
        try:
            store, _ = Store.open(path)
            finished = Session.start(store, json.loads(finished_record[0]))
            for line in finished_record[1:]:
                finished.apply(json.loads(line))
            assert finished.kind.game_over(finished.game)
            session = Session.start(store, json.loads(played[0]))
            for line in played[1:start + 1]:
                session.apply(json.loads(line))
            thread = getattr(store, "backup_thread", None)
            if thread is not None:
                thread.join()
            store.checkpoint()
            done = start
            if undo:  # another turn begun, then taken back
                for action in table.other(session, played[start + 1]):
                    session.apply(action)
                assert session.game.record_lines()[start + 1] != played[start + 1]
                store.checkpoint()  # the database holds them (a lost WAL brings them back)
                while len(session.game.actions) > start:
                    session.undo()
            for line in played[done + 1:done + 5]:
                session.apply(json.loads(line))
            oracle.write_text(json.dumps({
                "current": session.game_id,
                "games": {str(finished.game_id): finished.game.record_lines(),
                          str(session.game_id): session.game.record_lines()}}))
            if not killed:
                store.close()
        except BaseException:
            import traceback
            traceback.print_exc()
            code = 1
        finally:
            if killed and code == 0:
                os.kill(os.getpid(), signal.SIGKILL)
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    if not killed and status != 0:
        raise RuntimeError("the template could not be made")


class Template:
    def __init__(self, root: Path, name: str) -> None:
        self.dir = root / name
        self.dir.mkdir()
        self.name = name
        oracle = root / f"{name}.json"
        _make(self.db, name, oracle)
        truth = json.loads(oracle.read_text())
        self.current: int = truth["current"]
        self.games: dict[int, list[str]] = {int(k): v for k, v in truth["games"].items()}
        if name.endswith("undo"):
            assert len(self.games[self.current]) > 1
        with tempfile.TemporaryDirectory() as tmp:  # the summaries the intact store gives
            shutil.copytree(self.dir, tmp, dirs_exist_ok=True)
            store, _ = Store.open(Path(tmp) / "helvetia.db")
            try:
                self.summaries = _summed(store)
                assert self._lines(store) == self.games, "the template is not what was played"
            finally:
                store.close()

    @property
    def db(self) -> Path:
        return self.dir / "helvetia.db"

    @staticmethod
    def _lines(store: Store) -> dict[int, list[str]]:
        return {g.id: store.record_lines(g.id) for g in store.games()}


def _summed(store: Store) -> list[Any]:
    return [s.to_json() for s in _summaries(store, in_play=False)]


# --- the faults -----------------------------------------------------------------------------

Fault = tuple[str, str, Callable[[Path], None]]
"""(kind, place, what it does to a copy of the template's folder)."""


def _flip_bit(file: Path, at: int, bit: int) -> None:
    data = bytearray(file.read_bytes())
    data[at] ^= 1 << bit
    file.write_bytes(bytes(data))


def _cut(file: Path, size: int) -> None:
    with open(file, "r+b") as f:
        f.truncate(size)


def _journal(work: Path, gid: int) -> Path:
    return work / "helvetia.db.journal" / f"game-{gid}.log"


def _bits(n: int, rng: random.Random | None, per: int) -> list[int]:
    """Every bit index below ``n``, or ``per`` of them sampled (the first and last always)."""
    if rng is None or n <= per:
        return list(range(n))
    return sorted({0, n - 1, *rng.sample(range(n), per - 2)})


def faults(t: Template, rng: random.Random | None, per: int = 24) -> Iterator[Fault]:
    """Every fault kind at every place; bits sampled ``per`` a place with ``rng``."""
    wal = t.db.with_name("helvetia.db-wal")
    if wal.exists() and wal.stat().st_size > 32:
        data = wal.read_bytes()
        page = int.from_bytes(data[8:12], "big")
        frame = 24 + page
        frames = (len(data) - 32) // frame
        for f in range(frames):  # every frame since the checkpoint
            at = 32 + f * frame
            for b in _bits(24 * 8, rng, per):  # the frame's header
                yield ("wal-frame-header", f"frame {f + 1} bit {b}",
                       lambda w, a=at + b // 8, k=b % 8: _flip_bit(w / "helvetia.db-wal", a, k))
            for b in _bits(page * 8, rng, per):
                yield ("wal-frame-page", f"frame {f + 1} page bit {b}",
                       lambda w, a=at + 24 + b // 8, k=b % 8:
                       _flip_bit(w / "helvetia.db-wal", a, k))
        yield ("wal-lost", "-wal and -shm", _lose_wal)
    for gid in sorted(t.games):
        file = _journal(t.dir, gid)
        data = file.read_bytes()
        start = data.rstrip(b"\n").rfind(b"\n") + 1
        last = len(data) - start
        for size in range(start, len(data)) if rng is None or last <= per else sorted(
                {start, len(data) - 1, *rng.sample(range(start, len(data)), per - 2)}):
            yield ("journal-cut", f"game {gid} cut at {size - start} of {last}",
                   lambda w, g=gid, s=size: _cut(_journal(w, g), s))
        for b in _bits(last * 8 - 8, rng, per):
            yield ("journal-last-line-bit", f"game {gid} bit {b}",
                   lambda w, g=gid, a=start + b // 8, k=b % 8: _flip_bit(_journal(w, g), a, k))
        end = len(data) - 1
        for k in range(8):
            yield ("journal-newline-bit", f"game {gid} bit {k}",
                   lambda w, g=gid, a=end, k=k: _flip_bit(_journal(w, g), a, k))
        yield ("journal-lost", f"game {gid}",
               lambda w, g=gid: _journal(w, g).unlink())
    for b in _bits(100 * 8, rng, per * 2):
        yield ("db-header", f"byte {b // 8} bit {b % 8}",
               lambda w, a=b // 8, k=b % 8: _flip_bit(w / "helvetia.db", a, k))
    for k in range(8):  # the write-version byte, every bit
        yield ("db-write-version", f"bit {k}",
               lambda w, k=k: _flip_bit(w / "helvetia.db", 18, k))
    with sqlite3.connect(t.db) as db:
        rows = [(g, len(s.encode())) for g, s in db.execute(
            "SELECT game_id, summary FROM summaries ORDER BY game_id")]
        actions = [(g, q, len(ln.encode())) for g, q, ln in db.execute(
            "SELECT game_id, seq, line FROM actions ORDER BY game_id, seq")]
    db.close()
    pick = random.Random(len(actions))  # which bit of each row: the same for every code
    for gid, seq, size in (actions if rng is None or len(actions) <= per * 2
                           else rng.sample(actions, per * 2)):
        b = pick.randrange(size * 8)
        yield ("db-action-bit", f"game {gid} action {seq} bit {b}",
               lambda w, g=gid, q=seq, b=b: _action_flip(w, g, q, b))
    for gid, size in rows:
        for b in _bits(size * 8, rng, per):
            yield ("summary-bit", f"game {gid} bit {b}",
                   lambda w, g=gid, b=b: _summary_flip(w, g, b))
        yield ("summary-type", f"game {gid} a number as text",
               lambda w, g=gid: _summary_text_number(w, g))


def _lose_wal(work: Path) -> None:
    for s in ("-wal", "-shm"):
        (work / f"helvetia.db{s}").unlink(missing_ok=True)


def _summary_edit(work: Path, gid: int, edit: Callable[[bytes], bytes]) -> None:
    with sqlite3.connect(work / "helvetia.db", isolation_level=None) as db:
        db.text_factory = bytes
        (text,) = db.execute("SELECT summary FROM summaries WHERE game_id=?", (gid,)).fetchone()
        db.execute("UPDATE summaries SET summary=CAST(? AS TEXT) WHERE game_id=?",
                   (edit(text), gid))
    db.close()


def _action_flip(work: Path, gid: int, seq: int, bit: int) -> None:
    """One bit of an action's stored line changed (the database's copy only)."""
    with sqlite3.connect(work / "helvetia.db", isolation_level=None) as db:
        db.text_factory = bytes
        (text,) = db.execute("SELECT line FROM actions WHERE game_id=? AND seq=?",
                             (gid, seq)).fetchone()
        data = bytearray(text)
        data[bit // 8] ^= 1 << (bit % 8)
        db.execute("UPDATE actions SET line=CAST(? AS TEXT) WHERE game_id=? AND seq=?",
                   (bytes(data), gid, seq))
    db.close()


def _summary_flip(work: Path, gid: int, bit: int) -> None:
    def edit(text: bytes) -> bytes:
        data = bytearray(text)
        data[bit // 8] ^= 1 << (bit % 8)
        return bytes(data)
    _summary_edit(work, gid, edit)


def _summary_text_number(work: Path, gid: int) -> None:
    def edit(text: bytes) -> bytes:
        import re
        return re.sub(rb'("vp": ?)(\d+)', rb'\1"\2"', text, count=1) if b'"vp"' in text \
            else re.sub(rb'(: ?)(\d+)', rb'\1"\2"', text, count=1)
    _summary_edit(work, gid, edit)


# --- the verdict ----------------------------------------------------------------------------


def judge(t: Template, work: Path) -> tuple[str, str]:
    """Open the faulted copy as a restart would; (outcome, why)."""
    from companion.store import StoreTrouble

    path = work / "helvetia.db"
    try:
        store, notice = Store.open(path)
    except StoreTrouble as exc:
        return "stuck", f"trouble at open: {exc}"
    except Exception as exc:
        return "crash", f"{type(exc).__name__}: {exc}"
    try:
        codes = [m.code for m in (notice or ())]
        wait = getattr(store, "checked", None)  # the background check of the other games
        if wait is not None:
            wait()
        round_end = getattr(store, "check_journals", None)  # the table plays to a round end:
        if round_end is not None:  # a finished game's journal is checked beside it
            try:
                round_end()
            except Exception as exc:
                return "crash", f"checking the journals: {type(exc).__name__}: {exc}"
        try:
            got = {g.id: store.record_lines(g.id) for g in store.games()}
            summed = _summed(store)
        except Exception as exc:
            return "crash", f"reading: {type(exc).__name__}: {exc}"
        said_all = [*(notice or ()), *getattr(store, "late_notices", ())]  # (after the start too)
        codes = [m.code for m in said_all]
        try:
            store.set_setting("probe", "written")
        except Exception as exc:
            return "stuck", f"cannot write: {exc}"
    finally:
        store.close()
    lost = 0
    for gid, truth in t.games.items():
        have = got.get(gid)
        if have is None:
            lost += len(truth)
            continue
        if have != truth[:len(have)]:  # (an undone action back, the rest dropped)
            told = [c for c in codes if c in LOUD]
            return ("changed, told falsely" if told else "changed silently",
                    f"game {gid} differs; told {told}")
        lost += len(truth) - len(have)
    if lost:
        said = sum(int(m.params.get("n", 0)) for m in said_all
                   if m.code.startswith("store.went_back"))
        if not codes:
            return "lost silently", f"{lost} actions"
        return ("lost, told exactly" if said == lost else "lost, told wrongly",
                f"{lost} lost, told {codes} n={said}")
    if any(c in LOUD for c in codes):
        return "false loss notice", f"{codes}"
    if summed != t.summaries:
        return "summary changed", "the statistics differ"
    return ("repaired, told" if codes else "unharmed"), ""


def run(rng: random.Random | None, per: int = 24,
        log: Callable[[str], None] | None = None,
        scenarios: tuple[str, ...] = SCENARIOS) -> dict[str, Counter[str]]:
    """Counts per fault kind (``OUTCOMES``); ``log`` hears every bad verdict."""
    out: dict[str, Counter[str]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for name in scenarios:
            t = Template(root, name)
            for kind, place, do in faults(t, rng, per):
                work = root / "work"
                shutil.copytree(t.dir, work)
                do(work)
                verdict, why = judge(t, work)
                shutil.rmtree(work)
                c = out.setdefault(kind, Counter())
                c["trials"] += 1
                c[verdict] += 1
                if verdict in BAD and log is not None:
                    log(f"{name} {kind} {place}: {verdict}: {why}")
    return out


def report(figures: dict[str, Counter[str]]) -> str:
    width = max(len(k) for k in figures) + 2
    lines = ["kind".ljust(width) + "".join(f"{c:>{len(c) + 2}}" for c in OUTCOMES)]
    for kind, c in figures.items():
        lines.append(kind.ljust(width) + "".join(f"{c[col]:>{len(col) + 2}}"
                                                 for col in OUTCOMES))
    return "\n".join(lines)


if __name__ == "__main__":
    import logging

    logging.disable(logging.WARNING)
    per = int(sys.argv[1]) if len(sys.argv) > 1 else 0  # 0: every bit
    figures = run(random.Random(30) if per else None, per, log=print)
    print(report(figures))
