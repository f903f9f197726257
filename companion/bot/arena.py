"""``helvetia arena``: whole games between virtual players of given levels, seats rotated,
every action checked by the engine and every invariant after it; wins per level, average VP,
decision times, rule violations and stuck games."""

from __future__ import annotations

import json
import random
import statistics
import time
import traceback
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import Game, HelvetiaError, TileCost, header_line, scoring
from ..engine.invariants import check
from ..engine.state import COLOURS, OVER
from ..selfplay import drawn_costs, test_costs
from .decide import NAMES, decide
from .legal import CostNeeded
from .playout import next_decider, table_action

MAX_ACTIONS = 3000


@dataclass
class Seat:
    level: str
    times: list[float] = field(default_factory=list)


@dataclass
class GameResult:
    seed: int
    levels: dict[str, str]
    """Colour → level."""
    winners: list[str] = field(default_factory=list)
    vp: dict[str, int] = field(default_factory=dict)
    actions: int = 0
    violations: list[str] = field(default_factory=list)
    stuck: bool = False
    times: dict[str, list[float]] = field(default_factory=dict)
    """Level → seconds per decision."""
    costs_read: int = 0


def play_game(levels: Sequence[str], seed: int) -> GameResult:
    """One game: ``levels`` by seat in play order. Half the building costs the catalogue does
    not know are in the header (test data), the others only on the tiles: the table reads one
    off when a virtual player asks (``CostNeeded``)."""
    rng = random.Random(seed)
    colours = COLOURS[: len(levels)]
    costs = drawn_costs(rng)
    secret = {t: c for t, c in costs.items() if rng.random() < 0.5}
    known = {t: c for t, c in costs.items() if t not in secret}
    setup = rng.choice(("draft", "simplified"))
    header = header_line(((c, c.capitalize()) for c in colours), setup=setup,
                         catalogue=test_costs(rng, seed, known))
    game = Game(header)
    result = GameResult(seed, dict(zip(colours, levels, strict=True)))
    table = random.Random(seed * 7 + 1)
    try:
        while game.state.phase != OVER:
            if len(game.actions) > MAX_ACTIONS:
                result.stuck = True
                result.violations.append(f"no end after {MAX_ACTIONS} actions")
                break
            state = game.state
            colour = next_decider(state, table)
            if colour is None:
                game.apply(table_action(state, table))
            else:
                level = result.levels[colour]
                t0 = time.perf_counter()
                try:
                    action = decide(state, colour, level=level, seed=seed)
                except CostNeeded as need:
                    for b in need.buildings:  # the table reads the tiles
                        game.apply(TileCost(colour, b, tuple(sorted(secret[b].items()))))
                        result.costs_read += 1
                    continue
                result.times.setdefault(level, []).append(time.perf_counter() - t0)
                try:
                    game.apply(action)
                except HelvetiaError as exc:
                    result.violations.append(f"{level} ({colour}) {action}: {exc}")
                    break
            problems = check(game.state)
            if problems:
                result.violations += problems
                break
    except Exception:  # a crash is a finding, reported with the game's seed
        result.violations.append(traceback.format_exc())
    state = game.state
    result.actions = len(game.actions)
    result.winners = list(state.winners)
    result.vp = {c: scoring.vp(state, c) for c in colours}
    if state.phase != OVER and not result.violations:
        result.stuck = True
    return result


@dataclass
class Summary:
    games: int = 0
    wins: dict[str, float] = field(default_factory=dict)
    """Level → wins (a shared win counts as a share)."""
    seats: dict[str, int] = field(default_factory=dict)
    """Level → seats played."""
    vp: dict[str, list[int]] = field(default_factory=dict)
    times: dict[str, list[float]] = field(default_factory=dict)
    violations: list[str] = field(default_factory=list)
    stuck: int = 0
    costs_read: int = 0

    def add(self, r: GameResult) -> None:
        self.games += 1
        for colour, level in r.levels.items():
            self.seats[level] = self.seats.get(level, 0) + 1
            self.vp.setdefault(level, []).append(r.vp.get(colour, 0))
            if colour in r.winners:
                self.wins[level] = self.wins.get(level, 0.0) + 1 / len(r.winners)
        for level, ts in r.times.items():
            self.times.setdefault(level, []).extend(ts)
        self.violations += [f"seed {r.seed}: {v}" for v in r.violations]
        self.stuck += r.stuck
        self.costs_read += r.costs_read

    def as_json(self) -> dict[str, Any]:
        levels = sorted(self.seats, key=lambda lv: NAMES.index(lv))
        return {
            "games": self.games,
            "levels": {lv: {
                "seats": self.seats[lv],
                "wins": round(self.wins.get(lv, 0.0), 2),
                "win_rate": round(self.wins.get(lv, 0.0) / self.games, 3),
                "average_vp": round(statistics.fmean(self.vp[lv]), 2),
                "decision_s": _times(self.times.get(lv, [])),
            } for lv in levels},
            "violations": self.violations,
            "stuck_games": self.stuck,
            "costs_read_off_tiles": self.costs_read,
        }


def _times(ts: list[float]) -> dict[str, float]:
    if not ts:
        return {"decisions": 0, "median": 0.0, "p95": 0.0, "max": 0.0}
    s = sorted(ts)
    return {"decisions": len(s), "median": round(statistics.median(s), 4),
            "p95": round(s[min(len(s) - 1, int(len(s) * 0.95))], 4), "max": round(s[-1], 4)}


def run(seats: Sequence[str], games: int, seed: int, as_json: bool = False) -> int:
    """Plays ``games`` games, the seats' levels rotated one place each game; prints the
    figures; exit status 1 on any violation or stuck game."""
    summary = Summary()
    for i in range(games):
        k = i % len(seats)
        levels = [*seats[k:], *seats[:k]]
        summary.add(play_game(levels, seed + i))
    out = summary.as_json()
    if as_json:
        print(json.dumps(out, indent=2))
    else:
        print(f"arena: {games} games, seats {','.join(seats)} rotated, seed {seed}")
        for lv, f in out["levels"].items():
            t = f["decision_s"]
            print(f"  {lv:7} seats {f['seats']:4}  wins {f['wins']:6.1f} "
                  f"({f['win_rate'] * 100:5.1f}% of games)  average VP {f['average_vp']:5.2f}"
                  f"  decision median {t['median'] * 1e3:6.1f} ms, p95 {t['p95'] * 1e3:6.1f} ms,"
                  f" max {t['max'] * 1e3:6.1f} ms")
        print(f"  costs read off tiles: {out['costs_read_off_tiles']}")
        print(f"rule violations: {len(out['violations'])}, stuck games: {out['stuck_games']}")
        for v in out["violations"][:5]:
            print(f"  {v}")
    return 1 if out["violations"] or out["stuck_games"] else 0
