"""Strength of the virtual player's levels: whole games of the arena, seats rotated, one line
a table of the issue's targets (wins of the first level of each line), with decision times.

Run: python -m benchmarks.bot_strength [GAMES] [SEED] [LINES], LINES e.g. 0,2 (indexes into
``LINES``; default all). Prints figures; asserts nothing.
Targets (2-core machine): strong >= 95 % against three random; normal >= 85 % against three
random; strong >= 40 % against three normal (25 % is parity); 2 and 3 players: strong beats
normal more than half the time. Decision times: strong median <= 0.6 s, worst <= 2 s; normal
median <= 0.2 s; easy <= 0.05 s.
"""

from __future__ import annotations

import sys
import time

from companion.bot.arena import Summary, play_game

LINES = (
    ("strong", "random", "random", "random"),
    ("normal", "random", "random", "random"),
    ("strong", "normal", "normal", "normal"),
    ("strong", "normal", "normal"),
    ("strong", "normal"),
    ("easy", "random", "random", "random"),
)


def line(seats: tuple[str, ...], games: int, seed: int) -> Summary:
    summary = Summary()
    for i in range(games):
        k = i % len(seats)
        summary.add(play_game([*seats[k:], *seats[:k]], seed + i))
    return summary


def main(games: int = 200, seed: int = 1, lines: tuple[int, ...] | None = None) -> None:
    for seats in (LINES[i] for i in (lines if lines is not None else range(len(LINES)))):
        t0 = time.perf_counter()
        s = line(seats, games, seed).as_json()
        first = s["levels"][seats[0]]
        t = first["decision_s"]
        others = ", ".join(
            f"{lv} {f['average_vp']:.2f} VP, median {f['decision_s']['median']:.3f} s"
            for lv, f in s["levels"].items() if lv != seats[0])
        print(f"{'+'.join(seats):30} {games} games: {seats[0]} wins "
              f"{first['win_rate'] * 100:5.1f}%, average VP {first['average_vp']:5.2f}; "
              f"decisions median {t['median']:.3f} s, p95 {t['p95']:.3f} s, max {t['max']:.3f} s"
              f" | {others} | violations {len(s['violations'])}, stuck {s['stuck_games']}"
              f" ({time.perf_counter() - t0:.0f} s)", flush=True)

if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200, int(sys.argv[2]) if len(sys.argv) > 2
         else 1, tuple(int(i) for i in sys.argv[3].split(",")) if len(sys.argv) > 3 else None)
