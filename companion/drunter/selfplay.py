"""Seeded random self-play of Drunter & Drüber on made-up maps: whole games of random legal
actions taken from ``legal_placements`` (votes, choices and reveals drawn at random among the
legal ones), every invariant checked after every action, liveness included.

The maps and the tiles' split into kinds are drawn from the seed and named
``made_up_map_seed_<n>``: test data, never the printed board (§D9).

    python -m companion.drunter.selfplay --games 2000 --seed 1
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .actions import Action, CannotPlace, ChooseObjectives, Reveal, Vote
from .board import BUILDING_TYPES, KINDS, ROADS, Board, Building
from .game import Game, header_line
from .invariants import check, liveness
from .placement import legal_placements
from .scoring import OBJECTIVE_CARDS
from .state import (
    ABSTAIN,
    CHOOSE,
    DEAL,
    JEEIIN,
    LENGTHS,
    NO_CARDS,
    PLAY,
    REVEAL,
    SIDES,
    VOTE,
    YES_CARDS,
    TileKey,
)
from .values import CitizenCard, Colour, Side

MAX_ACTIONS = 1000


def made_up_board(rng: random.Random, name: str, width: int | None = None,
                  height: int | None = None) -> Board:
    """A random board (test data): the four starts on distinct edge squares, buildings of the
    six types with values 1-6 on about a third of the squares, a few toilets."""
    w = width or rng.randint(5, 9)
    h = height or rng.randint(5, 9)
    edge = [(x, y) for x in range(w) for y in range(h) if x in (0, w - 1) or y in (0, h - 1)]
    starts = dict(zip(ROADS, rng.sample(edge, 4), strict=True))
    free = [(x, y) for x in range(w) for y in range(h) if (x, y) not in starts.values()]
    rng.shuffle(free)
    n_buildings = len(free) // 3
    n_toilets = max(1, len(free) // 12)
    buildings = {s: Building(rng.choice(BUILDING_TYPES), rng.randint(1, 6))
                 for s in free[:n_buildings]}
    toilets = frozenset(free[n_buildings:n_buildings + n_toilets])
    return Board.create(name, w, h, buildings, toilets, starts)


def made_up_deal(rng: random.Random, colours: Sequence[str]) -> dict[str, dict[TileKey, int]]:
    """The 60 tiles (a made-up split into kinds: 4/8/8 of each kind by length 3/2/1) shuffled
    and dealt as §D2 says."""
    pile = [(k, n) for k in KINDS for n, count in ((3, 4), (2, 8), (1, 8))
            for _ in range(count)]
    rng.shuffle(pile)
    deal = DEAL[len(colours)]
    hands: dict[str, dict[TileKey, int]] = {c: {} for c in colours}
    for length in LENGTHS:
        of_length = [t for t in pile if t[1] == length]
        for i, c in enumerate(colours):
            for t in of_length[i * deal[length]:(i + 1) * deal[length]]:
                hands[c][t] = hands[c].get(t, 0) + 1
    return hands


def new_random_game(seed: int, players: int, variant: bool = False,
                    board: Board | None = None) -> Game:
    rng = random.Random(seed)
    colours = ("red", "blue", "yellow", "white")[:players]
    board = board or made_up_board(rng, f"made_up_map_seed_{seed}")
    hands = made_up_deal(rng, colours)
    return Game(header_line([(c, c.capitalize()) for c in colours], board, hands,
                            rng.choice(colours), variant=variant))


def random_action(game: Game, rng: random.Random) -> Action:
    s = game.state
    if s.phase == PLAY:
        offered = legal_placements(s, s.active)
        return rng.choice(offered) if offered else CannotPlace(s.active)
    if s.phase == VOTE:
        cards: dict[Colour, list[CitizenCard]] = {}
        sides: dict[Colour, Side] = {}
        for p in s.players:  # one way each: Ja cards or Nein cards (ruling R12)
            side = rng.choice(SIDES)
            own = YES_CARDS if side == "yes" else NO_CARDS
            held = sorted(c for c in p.cards if c in own or c in (JEEIIN, ABSTAIN))
            played = rng.sample(held, rng.randint(1, min(3, len(held))))
            cards[p.colour] = played
            if JEEIIN in played:
                sides[p.colour] = side
        return Vote.of(cards, sides)
    if s.phase == CHOOSE:
        return ChooseObjectives()
    assert s.phase == REVEAL
    n = 2 if s.variant else 1
    pool = list(OBJECTIVE_CARDS if s.variant else BUILDING_TYPES)
    rng.shuffle(pool)
    return Reveal.of({c: pool[i * n:(i + 1) * n] for i, c in enumerate(s.colours)})


@dataclass
class Result:
    seed: int
    players: int
    variant: bool
    actions: int = 0
    votes: int = 0
    missed: int = 0
    violations: list[str] = field(default_factory=list)


def _finished_roads(game: Game) -> set[str]:
    return {r for r in ROADS if game.state.workers[r] is None}


def play(seed: int, players: int, variant: bool = False) -> tuple[Game, Result]:
    """One random game; every invariant and liveness checked after every action."""
    rng = random.Random(seed * 7919 + players)
    game = new_random_game(seed, players, variant)
    result = Result(seed, players, variant)
    result.violations += check(game.state) + liveness(game.state)
    while not game.state.game_over and not result.violations:
        if len(game.actions) >= MAX_ACTIONS:
            result.violations.append(f"no end after {MAX_ACTIONS} actions")
            break
        before = _finished_roads(game)
        game.apply(random_action(game, rng))
        if not before <= _finished_roads(game):
            result.violations.append("a finished road came back")
        result.violations += check(game.state) + liveness(game.state)
    s = game.state
    result.actions, result.votes, result.missed = len(game.actions), len(s.votes), s.missed
    return game, result


def run(games: int, seed: int = 1, out: Any = sys.stdout) -> int:
    """``games`` games (2, 3, 4 players in turn, every other one the variant); exit status 1
    if any breaks an invariant."""
    bad = 0
    actions = votes = 0
    for i in range(games):
        _, r = play(seed + i, 2 + i % 3, variant=i % 2 == 1)
        actions += r.actions
        votes += r.votes
        if r.violations:
            bad += 1
            print(f"seed {r.seed}, {r.players} players: {r.violations[0]}", file=out)
    print(f"{games} games, {actions} actions, {votes} votes, {bad} with a broken invariant",
          file=out)
    return 1 if bad else 0


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m companion.drunter.selfplay",
                                description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=500)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    return run(args.games, args.seed)


if __name__ == "__main__":
    sys.exit(main())
