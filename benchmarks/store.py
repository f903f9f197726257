"""The store's figures (issue 13): SIGKILLs and committed actions lost, bit flips in the db and
the WAL (said, or lost silently), a lost WAL, records and header catalogues fuzzed (tracebacks),
and how long the caller's thread is held when every fsync takes 2.5 s.

Run (as root for the ``setuid``/mount parts of the tests; these figures need neither):
python -m benchmarks.store [KILLS] [FLIPS] [FUZZ]. Prints figures; asserts nothing.
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
import textwrap
import time
import traceback
from collections import Counter
from pathlib import Path

from companion.engine import Game, HelvetiaError
from companion.engine.catalogue import shipped_data
from companion.session import Session
from companion.store import Store, StoreError
from tests.sigkill import killed_after
from tests.store.test_store_faults import SHIM, SLOW_CHILD, play

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"
RECORD = (DATA / "game-4p.jsonl").read_text().splitlines()


def _child(path: Path, report: int, undo_every: int) -> None:
    store, _ = Store.open(path)
    session = Session.resume(store) or Session.start(store, json.loads(RECORD[0]))
    n = 0
    while len(session.game.actions) < len(RECORD) - 1:
        session.apply(json.loads(RECORD[1 + len(session.game.actions)]))
        os.write(report, f"{len(session.game.actions)}\n".encode())
        n += 1
        if undo_every and n % undo_every == 0:
            os.write(report, b"u\n")  # an undo under way: it may or may not be in
            session.undo()
            os.write(report, f"{len(session.game.actions)}\n".encode())
    os._exit(0)


def kills(count: int, seed: int = 1) -> dict[str, int]:
    """SIGKILL a process saving the 4-player game at random moments (undoing now and then);
    after each kill, what is stored must hold every commit reported."""
    rng = random.Random(seed)
    out = Counter()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "helvetia.db"
        for _ in range(count):
            tokens = killed_after(lambda write: _child(path, write, rng.choice([0, 0, 7])),
                                  rng.uniform(0.1, 2.0)).split()
            reports = [int(x) for x in tokens if x != b"u"]
            undoing = tokens[-1:] == [b"u"]
            out["kills"] += 1
            store, notice = Store.open(path)
            out["notices"] += notice is not None
            game = store.unfinished() or (store.games()[-1].id if store.games() else None)
            stored = len(store.record_lines(game)) - 1 if game else 0
            if reports:
                out["lost"] += max(0, reports[-1] - int(undoing) - stored)
                out["committed"] += 1
                lines = store.record_lines(game) if game else []
                out["wrong lines"] += lines[1:] != RECORD[1:len(lines)]
            if game:
                info = store.games()[-1]
                out["inconsistent"] += (info.ended_at is not None) != (
                    info.actions == len(RECORD) - 1)
            store.close()
            if stored == len(RECORD) - 1:
                for p in Path(tmp).iterdir():
                    p.unlink()
    return dict(out)


def _write_and_die(path: Path, upto: int) -> None:
    pid = os.fork()
    if pid == 0:
        try:
            play(path, upto)
        finally:
            os.kill(os.getpid(), signal.SIGKILL)
    os.waitpid(pid, 0)


def wal_faults(count: int, seed: int = 2) -> dict[str, int]:
    """Flip one bit of the WAL (or delete it) of a store killed mid-game; then open it."""
    rng = random.Random(seed)
    out = Counter()
    for i in range(count):
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "helvetia.db"
            upto = rng.randrange(60, len(RECORD))
            _write_and_die(path, upto)
            wal = Path(f"{path}-wal")
            kind = "deleted" if i % 5 == 0 else "flipped"
            if kind == "deleted":
                wal.unlink(missing_ok=True)
            elif wal.exists() and wal.stat().st_size > 32:
                data = bytearray(wal.read_bytes())
                at = rng.randrange(32, len(data))
                data[at] ^= 1 << rng.randrange(8)
                wal.write_bytes(bytes(data))
            try:
                store, notice = Store.open(path)
            except Exception as exc:  # a crash: counted, never expected
                out["crashes"] += 1
                out[f"crash {type(exc).__name__}"] += 1
                continue
            game = store.unfinished()
            stored = len(store.record_lines(game)) - 1 if game else 0
            lost = upto - 1 - stored
            out[f"{kind}"] += 1
            if lost > 0:
                out[f"{kind}: actions lost, said" if notice else f"{kind}: lost SILENTLY"] += 1
                out[f"{kind}: actions lost in all"] += lost
                out[f"{kind}: actions saved in all"] += upto - 1
            else:
                out[f"{kind}: nothing lost"] += 1
            store.close()
    return dict(out)


def db_flips(count: int, seed: int = 3) -> dict[str, int]:
    rng = random.Random(seed)
    out = Counter()
    with tempfile.TemporaryDirectory() as tmp:
        pristine = Path(tmp) / "pristine.db"
        store, _ = play(pristine, len(RECORD))
        store.close()
        data = pristine.read_bytes()
        for i in range(count):
            path = Path(tmp) / f"{i}.db"
            flipped = bytearray(data)
            flipped[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
            path.write_bytes(bytes(flipped))
            try:
                store, notice = Store.open(path)
            except Exception:
                out["crashes"] += 1
                continue
            out["set aside and said" if notice else "not seen"] += 1
            for g in store.games():
                try:
                    store.load(g.id)
                except StoreError:
                    out["a game that no longer replays (said at resume)"] += 1
            store.close()
    return dict(out)


def _mutate(rng: random.Random, obj: object, depth: int = 0) -> object:
    values = [None, True, 0, -1, 7, 10**11, 1.5, "", "x", "wood", "red", [], {}, [1, 2],
              {"en": "X"}, "\u2028", "A" * 17]
    if isinstance(obj, dict) and obj and depth < 6 and rng.random() < 0.8:
        k = rng.choice(list(obj))
        r = rng.random()
        if r < 0.5:
            return {**obj, k: _mutate(rng, obj[k], depth + 1)}
        if r < 0.8:
            return {**obj, k: rng.choice(values)}
        if r < 0.9:
            return {kk: v for kk, v in obj.items() if kk != k}
        return {**obj, rng.choice(["x", "1", "wood", "name"]): rng.choice(values)}
    if isinstance(obj, list) and obj and depth < 6 and rng.random() < 0.8:
        o = list(obj)
        i = rng.randrange(len(o))
        o[i] = _mutate(rng, o[i], depth + 1)
        return o
    return rng.choice(values)


def fuzz(count: int, seed: int = 4) -> dict[str, int]:
    """Mutated header catalogues, headers and action lines, and raw garbage, replayed."""
    rng = random.Random(seed)
    out = Counter()
    header = json.loads(RECORD[0])
    shipped = shipped_data()
    for i in range(count):
        lines = list(RECORD[:rng.randrange(2, 80)])
        what = i % 4
        if what == 0:
            lines[0] = json.dumps({**header, "catalogue": _mutate(rng, shipped)})
        elif what == 1:
            lines[0] = json.dumps(_mutate(rng, header))
        elif what == 2:
            at = rng.randrange(1, len(lines))
            lines[at] = json.dumps(_mutate(rng, json.loads(lines[at])))
        else:
            at = rng.randrange(len(lines))
            raw = bytearray(lines[at].encode())
            for _ in range(rng.randrange(1, 4)):
                raw[rng.randrange(len(raw))] = rng.randrange(256)
            lines[at] = raw.decode("utf-8", "replace")
        out["cases"] += 1
        try:
            Game.from_record(lines)
            out["replayed"] += 1
        except HelvetiaError:
            out["refused with a reason"] += 1
        except Exception:
            out["TRACEBACKS"] += 1
            tb = traceback.extract_tb(sys.exc_info()[2])[-1]
            out[f"  at {Path(tb.filename).name}:{tb.lineno}"] += 1
    return dict(out)


def slow_fsync(ms: int = 2500) -> dict[str, object]:
    if shutil.which("gcc") is None:
        return {"skipped": "no C compiler"}
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        (t / "shim.c").write_text(SHIM)
        subprocess.run(["gcc", "-shared", "-fPIC", "-o", str(t / "shim.so"), str(t / "shim.c")],
                       check=True)
        (t / "r.jsonl").write_text("\n".join(RECORD) + "\n")
        env = {**os.environ, "LD_PRELOAD": str(t / "shim.so"), "SLOW_FSYNC_MS": str(ms),
               "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
        done = subprocess.run([sys.executable, "-c", textwrap.dedent(SLOW_CHILD),
                               str(t / "r.jsonl"), str(t / "helvetia.db")], env=env,
                              capture_output=True, text=True, check=True)
    out: dict[str, object] = json.loads(done.stdout)
    out["fsync_ms"] = ms
    return out


def main(argv: list[str]) -> int:
    n_kills = int(argv[0]) if argv else 300
    n_flips = int(argv[1]) if len(argv) > 1 else 100
    n_fuzz = int(argv[2]) if len(argv) > 2 else 20000
    for name, fn in (("SIGKILLs", lambda: kills(n_kills)), ("WAL faults",
                     lambda: wal_faults(n_flips)), ("db bit flips", lambda: db_flips(n_flips)),
                     ("fuzz", lambda: fuzz(n_fuzz)), ("slow fsync", slow_fsync)):
        t0 = time.monotonic()
        result = fn()
        print(f"{name} ({time.monotonic() - t0:.0f} s): {json.dumps(result, indent=1)}",
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
