"""Time of the full options call over turn states taken from self-play
(targets: median <= 2 ms, worst <= 20 ms).

Times are CPU time of this process (the machine is shared; wall time would count others).
The thousands of states kept for the run are the benchmark's own, not the call's: they are
frozen out of the garbage collector's full collections (``gc.freeze``), else a collection
that one call happens to start walks all of them (a million objects: 0.3 to 0.8 s, once seen
as a 260 ms or 813 ms "worst call"). The calls during which a collection ran are counted, and
the worst call is timed again on its own, with the collector off.

Run: python -m benchmarks.options [GAMES]. Prints figures; asserts nothing.
"""

from __future__ import annotations

import gc
import statistics
import sys
import time
from typing import Any

from companion.engine import Game, GameState, turn_options
from companion.selfplay import play


def turn_states(games: int) -> list[GameState]:
    return [s for _, _, s in named_turn_states(games)]


def named_turn_states(games: int) -> list[tuple[int, int, GameState]]:
    """Turn states of ``games`` self-play games, each with its game's seed and the number of
    actions before it."""
    states = []
    for i in range(games):
        game, _ = play(2 + i % 3, 500 + i)
        replay = Game(game.header)
        for n, action in enumerate(game.actions, start=1):
            replay.apply(action)
            if replay.state.phase == "play":
                states.append((500 + i, n, replay.state))
    return states


def main(games: int = 30) -> None:
    named = named_turn_states(games)
    gc.collect()
    gc.freeze()  # the fixture out of the collector's way (see above)
    collections: list[int] = []

    def count(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            collections.append(info["generation"])

    gc.callbacks.append(count)
    times = []
    try:
        for seed, n, s in named:
            before = len(collections)
            start = time.process_time()
            turn_options(s)
            times.append((time.process_time() - start, seed, n, collections[before:]))
    finally:
        gc.callbacks.remove(count)
        gc.unfreeze()
    times.sort(key=lambda t: t[0])
    values = [t[0] for t in times]
    print(f"options call over {len(named)} turn states from {games} self-play games "
          f"(CPU time):")
    print(f"  median {statistics.median(values) * 1e3:.2f} ms, "
          f"95% {values[int(len(values) * 0.95)] * 1e3:.2f} ms, worst {values[-1] * 1e3:.2f} ms")
    _, seed, n, during = times[-1]
    state = next(s for g, k, s in named if (g, k) == (seed, n))
    gc.disable()
    try:
        again = []
        for _ in range(5):
            start = time.process_time()
            turn_options(state)
            again.append(time.process_time() - start)
    finally:
        gc.enable()
    print(f"  worst: self-play seed {seed}, after action {n}; collections during it: "
          f"{during or 'none'}; again with the collector off: best {min(again) * 1e3:.2f} ms")
    full = sum(1 for _, _, _, g in times if 2 in g)
    rest = [t for t, _, _, g in times if 2 not in g]
    print(f"  calls during which a full collection ran: {full}; worst of the others "
          f"{max(rest) * 1e3:.2f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
