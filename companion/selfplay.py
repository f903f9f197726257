"""Seeded random self-play: whole games of random legal moves taken only from the options
calls, with every invariant checked after every action.

Building costs not known to the catalogue are drawn from the seed and written into each game's
header as test data; they are never real costs.
"""

from __future__ import annotations

import random
import statistics
import traceback
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .engine import (
    Action,
    Choose,
    EndTurn,
    Game,
    GameState,
    Option,
    Reveal,
    apply,
    header_line,
    legal_actions,
    load_catalogue,
    summary,
    turn_options,
)
from .engine.actions import CannotAct
from .engine.invariants import check
from .engine.round_end import reveal_counts
from .engine.state import COLOURS, OVER, PLAY, REVEAL

MAX_ACTIONS = 5000
SIMPLE = ("wood", "brick", "stone", "grain", "water", "ore")


def test_costs(rng: random.Random, seed: int) -> dict[str, Any]:
    """A catalogue override with a drawn cost for every type whose cost is unknown."""
    buildings: dict[str, Any] = {}
    for t, bt in load_catalogue().buildings.items():
        if bt.cost is not None or bt.stacks["start"]:
            continue
        goods: dict[str, int] = {}
        for _ in range(rng.randint(1, 3)):
            g = rng.choice(("wood", "brick", "stone")) if rng.random() < 0.8 else rng.choice(SIMPLE)
            goods[g] = goods.get(g, 0) + 1
        buildings[t] = {"cost": goods, "cost_confidence": f"test data (self-play seed {seed})"}
    return {"buildings": buildings}


@dataclass
class Result:
    seed: int
    players: int
    actions: int = 0
    rounds: int = 0
    violations: list[str] = field(default_factory=list)


def affordable(by_character: dict[str, tuple[Option, ...]] | Any) -> dict[str, list[Option]]:
    """The options that can be taken now, by character, leaving out characters with none."""
    out = {ch: [o for o in opts if o.affordable] for ch, opts in by_character.items()}
    return {ch: opts for ch, opts in out.items() if opts}


class Player:
    """Random legal play from ``turn_options`` and ``legal_actions`` only."""

    def __init__(self, rng: random.Random, check_options: bool) -> None:
        self.rng = rng
        self.check_options = check_options

    def options_check(self, state: GameState, options: list[Option]) -> list[str]:
        """Every affordable option must be accepted by ``apply``."""
        bad = []
        for o in options:
            if not o.affordable or o.needs_cost:
                continue
            s = state
            try:
                if o.via == "coin" and state.turn and state.turn.character is None:
                    s = apply(s, Choose(o.action.player, o.character, 1))  # type: ignore[attr-defined]
                apply(s, o.action)
            except Exception as exc:
                bad.append(f"option refused: {o.text}: {exc}")
        return bad

    def turn(self, game: Game) -> list[str]:
        """Plays the active player's whole turn; returns violations."""
        opts = turn_options(game.state)
        findings = self.options_check(game.state, opts.all()) if self.check_options else []
        tiles = affordable(opts.tiles)
        tile_first = bool(tiles) and self.rng.random() < 0.3
        if tile_first:
            self.use_tile(game, tiles)
            if not self.main_action(game):
                game.undo()  # nothing is possible after it: the table takes the tile back
                tile_first = False
        if not tile_first and not self.main_action(game):
            if turn_options(game.state).can_declare_stuck:
                game.apply(CannotAct(opts.player))
                return findings
            return [*findings, f"{opts.player} has no option but cannot declare it"]
        opts = turn_options(game.state)
        tiles = affordable(opts.tiles)
        if not tile_first and tiles and self.rng.random() < 0.5:
            self.use_tile(game, tiles)
            opts = turn_options(game.state)
        if not opts.can_end_turn:
            return [*findings, f"{opts.player} cannot end its turn after {game.actions[-3:]}"]
        game.apply(EndTurn(opts.player))
        return findings

    def main_action(self, game: Game) -> bool:
        """The turn's regular action, or the neutral coin instead; False if neither can be."""
        opts = turn_options(game.state)
        if opts.can_end_turn:  # the Builder tile spent every coin
            return True
        usable = affordable(opts.regular)
        if opts.neutral and (not usable or self.rng.random() < 0.15):
            game.apply(self.rng.choice(opts.neutral).action)
            return True
        if usable:
            self.regular(game, usable)
            return True
        return False

    def use_tile(self, game: Game, tiles: dict[str, list[Option]]) -> None:
        ch = self.rng.choice(sorted(tiles))
        game.apply(self.rng.choice(tiles[ch]).action)

    def regular(self, game: Game, usable: dict[str, list[Option]]) -> None:
        """Choose a character and a number of coins, then that many of its options. A count
        the options cannot fill is taken back (undo) and tried one lower."""
        rng = self.rng
        ch = rng.choice(sorted(usable))
        colour = usable[ch][0].action.player  # type: ignore[attr-defined]
        coins = game.state.player(colour).coins
        for n in range(min(coins, rng.randint(1, 3)), 0, -1):
            game.apply(Choose(colour, ch, n))
            done = 1
            for _ in range(n):
                left = affordable(turn_options(game.state).regular).get(ch)
                if not left:
                    break
                game.apply(rng.choice(left).action)
                done += 1
            if done == n + 1:
                return
            for _ in range(done):
                game.undo()
        raise AssertionError(f"no {ch} action for {colour} after all")

    def reveal(self, state: GameState) -> Reveal:
        """The table's draw: random tiles from stack 2, then stack 3."""
        from2, from3 = reveal_counts(state)
        stack2 = [t for t, n in sorted(state.stacks["2"].items()) for _ in range(n)]
        stack3 = [t for t, n in sorted(state.stacks["3"].items()) for _ in range(n)]
        return Reveal(tuple(self.rng.sample(stack2, from2) + self.rng.sample(stack3, from3)))


def play(players: int, seed: int, check_options: bool = False) -> tuple[Game, Result]:
    rng = random.Random(seed)
    colours = rng.sample(COLOURS, players)
    header = header_line(((c, c.capitalize()) for c in colours),
                         setup=rng.choice(("draft", "simplified")), intro=rng.random() < 0.2,
                         catalogue=test_costs(rng, seed))
    game = Game(header)
    bot = Player(rng, check_options)
    result = Result(seed, players)
    try:
        while game.state.phase != OVER:
            if len(game.actions) > MAX_ACTIONS:
                result.violations.append(f"no end after {MAX_ACTIONS} actions")
                break
            state = game.state
            if state.phase == PLAY:
                result.violations += bot.turn(game)
            elif state.phase == REVEAL:
                game.apply(bot.reveal(state))
            else:
                actions: Sequence[Action] = legal_actions(state)
                if not actions:
                    result.violations.append(f"no legal action in phase {state.phase}")
                    break
                game.apply(rng.choice(list(actions)))
            result.violations += [f"after {game.actions[-1].type}: {p}"
                                  for p in check(game.state)]
            if result.violations:
                break
        again = Game.from_record(game.record_lines())
        if summary(again.state) != summary(game.state):
            result.violations.append("the record does not replay to the same state")
    except Exception:
        result.violations.append(traceback.format_exc())
    result.actions = len(game.actions)
    result.rounds = game.state.round
    return game, result


def run(games: int, players: Sequence[int], seed: int, check_options: bool = False) -> int:
    """Plays the games and prints the figures; returns the exit status."""
    results = [play(players[i % len(players)], seed + i, check_options)[1] for i in range(games)]
    rounds = [r.rounds for r in results]
    bad = [r for r in results if r.violations]
    print(f"games: {len(results)} ({', '.join(f'{p} players' for p in players)})")
    print(f"actions: {sum(r.actions for r in results)}"
          f" (per game median {statistics.median(r.actions for r in results):.0f})")
    print(f"rounds per game: min {min(rounds)}, median {statistics.median(rounds):.0f},"
          f" max {max(rounds)}")
    print(f"violations: {sum(len(r.violations) for r in bad)}")
    for r in bad[:5]:
        print(f"  seed {r.seed} ({r.players} players): {r.violations[0]}")
    print(f"selfplay: {len(results) - len(bad)} passed, {len(bad)} failed")
    return 1 if bad else 0
