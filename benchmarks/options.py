"""Time of the full options call over turn states taken from self-play
(targets: median <= 2 ms, worst <= 20 ms).

Run: python -m benchmarks.options [GAMES]. Prints figures; asserts nothing.
"""

from __future__ import annotations

import statistics
import sys
import time

from companion.engine import Game, GameState, turn_options
from companion.selfplay import play


def turn_states(games: int) -> list[GameState]:
    states = []
    for i in range(games):
        game, _ = play(2 + i % 3, 500 + i)
        replay = Game(game.header)
        for action in game.actions:
            replay.apply(action)
            if replay.state.phase == "play":
                states.append(replay.state)
    return states


def main(games: int = 30) -> None:
    states = turn_states(games)
    times = []
    for s in states:
        start = time.perf_counter()
        turn_options(s)
        times.append(time.perf_counter() - start)
    times.sort()
    print(f"options call over {len(states)} turn states from {games} self-play games:")
    print(f"  median {statistics.median(times) * 1e3:.2f} ms, "
          f"95% {times[int(len(times) * 0.95)] * 1e3:.2f} ms, worst {times[-1] * 1e3:.2f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
