"""How long the companion takes to its first frame as the history grows (issue 30; target
<= 300 ms with 1,000 stored finished games), and a round end's "Saving..." on a slow card
(target <= 3 s at 1 s per fsync).

Stores are made the store's own way (``Store.import_record`` for the finished games, a
``Session`` for the table's game), closed cleanly; the 1,000-game store is also measured as a
killed companion leaves it (a WAL left: the other games are checked beside the table). Each
first frame is a fresh process: imports, open, check, first frame (minimum of ``RUNS``).

Run: python -m benchmarks.start [GAMES...]. Prints figures; asserts nothing.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"
ROOT = Path.cwd()  # the code measured: the tree the benchmark is run from
RUNS = 3
COMPILED = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
"""The environment of each start: its modules' bytecode written once and read after, as an
installed wheel has it compiled (a shell that exported PYTHONDONTWRITEBYTECODE would otherwise
time Python compiling the sources at every start, about 170 ms here)."""
FIRST_FRAME = """
import os, sys, time
t0 = time.perf_counter()
os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
from pathlib import Path
from companion.config import Buttons, Config, Leds
from companion.display.app.loop import App
app = App(Config(data_dir=Path(sys.argv[1]), buttons=Buttons(backend="keyboard"),
                 leds=Leds(backend="simulated")))
app.step(0)
print((time.perf_counter() - t0) * 1e3)
os._exit(0)
"""


def first_frame(data: Path) -> float:
    """The fastest of ``RUNS`` fresh starts on a copy of ``data`` (each copy as it was)."""
    best = float("inf")
    for _ in range(RUNS):
        with tempfile.TemporaryDirectory() as tmp:
            shutil.copytree(data, tmp, dirs_exist_ok=True)
            out = subprocess.run([sys.executable, "-c", FIRST_FRAME, tmp], capture_output=True,
                                 text=True, timeout=600, cwd=ROOT, env=COMPILED)
            if out.returncode != 0:
                raise RuntimeError(out.stderr[-500:])
            best = min(best, float(out.stdout.split()[-1]))
    return best


def fill(data: Path, games: int) -> None:
    """``games`` finished games imported from a record (the store's own way)."""
    from companion.store import Store

    record = (DATA / "game-2p.jsonl").read_text().splitlines()
    store, _ = Store.open(data / "helvetia.db")
    try:
        have = len(store.games())
        for _ in range(have, games):
            store.import_record(record)
    finally:
        store.close()


def table_game(data: Path, actions: int) -> None:
    """The table's game, ``actions`` actions into game-4p, as a Session plays it."""
    from companion.session import Session
    from companion.store import Store

    record = (DATA / "game-4p.jsonl").read_text().splitlines()
    store, _ = Store.open(data / "helvetia.db")
    try:
        session = Session.start(store, json.loads(record[0]))
        for line in record[1:actions + 1]:
            session.apply(json.loads(line))
        thread = getattr(store, "backup_thread", None)
        if thread is not None:
            thread.join()
    finally:
        store.close()


def killed_copy(data: Path, to: Path) -> None:
    """``data`` as a killed companion leaves it: opened, one setting written, killed."""
    shutil.copytree(data, to, dirs_exist_ok=True)
    pid = os.fork()
    if pid == 0:
        try:
            from companion.store import Store
            store, _ = Store.open(to / "helvetia.db")
            store.checked() if hasattr(store, "checked") else None
            store.set_setting("language", "de")
        finally:
            os.kill(os.getpid(), 9)
    os.waitpid(pid, 0)


def main(argv: list[str]) -> int:
    import logging

    logging.disable(logging.WARNING)
    sizes = [int(a) for a in argv] or [0, 100, 1000]
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp) / "store"
        work.mkdir()
        for n in sorted(sizes):
            t = time.perf_counter()
            fill(work, n)
            made = time.perf_counter() - t
            print(f"first frame, {n:>5} finished games: {first_frame(work):6.0f} ms "
                  f"(store made in {made:.0f} s)", flush=True)
        big = Path(tmp) / "killed"
        killed_copy(work, big)
        print(f"first frame, {max(sizes):>5} games, after a kill: {first_frame(big):6.0f} ms",
              flush=True)
        resume = Path(tmp) / "resume"
        resume.mkdir()
        table_game(resume, 389)
        print(f"first frame, resuming a 389-action game: {first_frame(resume):6.0f} ms",
              flush=True)
    sys.path.insert(0, str(ROOT))
    from benchmarks.store_faults import slow_fsync

    print(f"slow card (1 s per fsync): {slow_fsync()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
