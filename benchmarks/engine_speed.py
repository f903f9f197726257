"""Speed of the one rules engine as a search uses it: checked ``apply`` calls a second on a
recorded 4-player game, random playouts a second from a 4-player mid-game state, and the time
of ``turn_options`` over every turn state of that game (target: none over 10 ms).

Times are CPU time of this process (the machine is shared; wall time would count others).
Run: python -m benchmarks.engine_speed [SECONDS]. Prints figures; asserts nothing.
"""

from __future__ import annotations

import gc
import random
import statistics
import sys
import time
from pathlib import Path

from companion.bot.playout import playout
from companion.engine import Game, apply, parse_action, turn_options
from companion.engine.record import loads_line

GAME = Path(__file__).resolve().parent.parent / "tests" / "data" / "game-4p.jsonl"


def recorded() -> Game:
    lines = GAME.read_text().splitlines()
    return Game.from_record(lines)


def apply_rate(game: Game, seconds: float) -> tuple[float, float, int]:
    """Calls a second (whole replays of the recorded actions timed, so that the clock's own
    cost is not counted) and the median time of one call."""
    actions = game.actions
    header = loads_line(GAME.read_text().splitlines()[0])
    replays: list[float] = []
    spent = 0.0
    while spent < seconds:
        state = Game(header).state
        t0 = time.process_time()
        for a in actions:
            state = apply(state, a)
        replays.append(time.process_time() - t0)
        spent += replays[-1]
    calls: list[float] = []
    state = Game(header).state
    for a in actions:
        t0 = time.perf_counter()
        state = apply(state, a)
        calls.append(time.perf_counter() - t0)
    return len(actions) * len(replays) / spent, statistics.median(calls), len(replays)


def playout_rate(game: Game, seconds: float) -> tuple[float, float, int]:
    """Playouts a second from the state halfway through the game, and actions per playout."""
    header = loads_line(GAME.read_text().splitlines()[0])
    replay = Game(header)
    for a in game.actions[: len(game.actions) // 2]:
        replay.apply(parse_action(a) if isinstance(a, dict) else a)
    mid = replay.state
    rng = random.Random(1)
    n, actions, spent = 0, 0, 0.0
    while spent < seconds:
        t0 = time.process_time()
        _, taken = playout(mid, rng)
        spent += time.process_time() - t0
        n += 1
        actions += taken
    return n / spent, spent / n, actions // n


def options_times(game: Game) -> list[float]:
    header = loads_line(GAME.read_text().splitlines()[0])
    state = Game(header).state
    times = []
    gc.disable()
    try:
        for a in game.actions:
            state = apply(state, a)
            if state.phase == "play":
                t0 = time.process_time()
                turn_options(state)
                times.append(time.process_time() - t0)
    finally:
        gc.enable()
    return sorted(times)


def main(seconds: float = 5.0) -> None:
    game = recorded()
    rate, median, calls = apply_rate(game, seconds)
    print(f"apply: {rate:,.0f} calls a second (median {median * 1e6:.0f} us; {calls} replays "
          f"of {GAME.name})")
    prate, each, n = playout_rate(game, seconds)
    print(f"random playouts from the 4-player mid-game: {prate:.1f} a second "
          f"({each * 1e3:.0f} ms each, {n} actions each on average)")
    times = options_times(game)
    over = sum(1 for t in times if t > 0.010)
    print(f"turn_options over {len(times)} turn states: median {statistics.median(times) * 1e3:.2f}"
          f" ms, worst {times[-1] * 1e3:.2f} ms, {over} over 10 ms")


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 5.0)
