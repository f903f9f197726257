"""Replay time of complete recorded games (target: a full 4-player game in <= 150 ms).

Run: python -m benchmarks.replay [ROUNDS]. Prints figures; asserts nothing.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from companion.engine import Game

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"


def main(rounds: int = 20) -> None:
    for path in sorted(DATA.glob("game-*.jsonl")):
        lines = path.read_text().splitlines()
        times = []
        for _ in range(rounds):
            start = time.perf_counter()
            Game.from_record(lines)
            times.append(time.perf_counter() - start)
        actions = len(lines) - 1
        median = statistics.median(times)
        print(f"{path.stem:15} {actions:4} actions  median {median * 1e3:6.1f} ms"
              f"  worst {max(times) * 1e3:6.1f} ms  ({median / actions * 1e6:.0f} us per action)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
