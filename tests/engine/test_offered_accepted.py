"""Offered equals accepted (issue 17): over the states of 200 random and adversarial games at
2, 3 and 4 players, every option and every choice the screens offer (asked of the same engine
functions the screens use) is accepted by ``apply``, and every action of the enumerable kinds
that ``apply`` accepts is offered.

The games are played by self-play's random table (``companion.selfplay.Player``) on a plain
``Game`` (self-play's invariant checks are its own test); a few states of each game are checked.
"""

from __future__ import annotations

import random
import time
from dataclasses import replace
from itertools import product

import pytest

from companion import selfplay
from companion.engine import (
    Action,
    Birth,
    Build,
    Choose,
    Game,
    GameState,
    HelvetiaError,
    Marry,
    NeutralBuild,
    NeutralMarry,
    Option,
    PlaceBuilding,
    PlaceNeutral,
    ThirdCouple,
    apply,
    header_line,
    legal_actions,
    turn_options,
)
from companion.engine import neutral_village as variant
from companion.engine.actions import Wake
from companion.engine.characters import build_cells
from companion.engine.grid import QUARTERS, Cell, open_ring, ring_cells
from companion.engine.setup import left_neighbour
from companion.engine.state import COLOURS, COUPLES, NEUTRAL, OVER, PLACE, PLAY, REVEAL
from companion.engine.values import SEXES, SOURCES, Via
from companion.selfplay import MAX_ACTIONS, Player, drawn_costs

GAMES = 40
"""Games the suite plays (about 15 s); ``pytest -m long`` plays ``LONG_GAMES``. The test came
with the fix it guards (one home for ring, build cells, left neighbour: 6c12e64) at 200 games;
git log records no bug found by it since."""
LONG_GAMES = 400
SEED = 2017
PLAY_STATES_PER_GAME = 3


def _game(players: int, seed: int, adversarial: bool) -> Game:
    """One whole game of self-play's random table (as ``selfplay.play``, unchecked)."""
    rng = random.Random(seed)
    colours = rng.sample(COLOURS, players)
    costs = drawn_costs(rng)
    secret: dict[str, dict[str, int]] = {}
    if adversarial:
        secret = {t: c for t, c in costs.items() if rng.random() < 0.5}
        costs = {t: c for t, c in costs.items() if t not in secret}
    header = header_line(((c, c.capitalize()) for c in colours),
                         setup=rng.choice(("draft", "simplified")), intro=rng.random() < 0.2,
                         catalogue=selfplay.test_costs(rng, seed, costs))
    game = Game(header)
    bot = Player(rng, False, adversarial, secret)
    while game.state.phase != OVER and len(game.actions) < MAX_ACTIONS:
        state = game.state
        if state.phase == PLAY:
            assert not bot.turn(game)
        elif state.phase == REVEAL:
            game.apply(bot.reveal(state))
        else:
            game.apply(rng.choice(legal_actions(state)))
    return game


def _accepted(state: GameState, action: Action) -> bool:
    try:
        apply(state, action)
    except HelvetiaError:
        return False
    return True


# --- what the screens offer ----------------------------------------------------------------


def _variants(state: GameState, o: Option) -> list[Action]:
    """An option's action with each choice its form offers (``display.forms``): the cell of a
    new building (``build_cells``), who moves in or is born, the dowry coin."""
    a = o.action
    if isinstance(a, (Build, NeutralBuild)):  # the cell, and who moves in: both on the form
        owner = a.player if isinstance(a, Build) else variant.neutral_colour(state)
        cells = build_cells(state.villages[owner])
        if isinstance(a, Build):
            movers = o.choices if a.mover is not None else (None,)
            return [replace(a, cell=c, mover=m) for c in cells for m in movers]
        sexes = o.choices if a.sex is not None else (None,)
        return [replace(a, cell=c, sex=s) for c in cells for s in sexes]
    if isinstance(a, Birth):
        return [replace(a, sex=s) for s in o.choices]
    if isinstance(a, Marry) and a.dowry is not None:
        return [replace(a, dowry=d) for d in o.choices]
    return [a]


def _contexts(state: GameState) -> list[tuple[GameState, Via, str | None, list[Option]]]:
    """(state to apply in, how it is paid, character, the options offered) for each way the
    active player may act now: a coin on a character (chosen first if need be), a character
    tile, the neutral coin."""
    opts = turn_options(state)
    colour = opts.player
    out = []
    for ch, options in opts.regular.items():
        s = state
        if opts.chosen is None:
            try:
                s = apply(state, Choose(colour, ch, 1))
            except HelvetiaError:
                continue  # nothing of it is possible (its options say so: none affordable)
        out.append((s, Via.COIN, ch, list(options)))
    out += [(state, Via.TILE, ch, list(options)) for ch, options in opts.tiles.items()]
    if opts.neutral:
        out.append((state, Via.NEUTRAL, None, list(opts.neutral)))
    return out


# --- what apply accepts --------------------------------------------------------------------


def _cells_near(state: GameState, village: str) -> list[Cell]:
    buildings = state.villages[village].buildings
    rings = max([open_ring(buildings), *(1 for _ in buildings)])
    return [c for n in range(1, rings + 2) for c in ring_cells(n)]


def _candidates(state: GameState, via: Via, character: str | None) -> list[Action]:
    """Every action of the enumerable kinds that this way of acting could be: wakes, marriages,
    births; the neutral coin's marriages and buildings (any cell near the village)."""
    colour = state.active
    assert colour is not None
    tile = via is Via.TILE
    out: list[Action] = []
    if character == "night_watchman":
        out += [Wake(colour, v, q, tile) for v in state.villages for q in QUARTERS]
    if character == "priest":
        for v in state.villages:
            for cell, sex, src in product(state.villages[v].buildings, SEXES, SOURCES):
                dowries = list(state.villages[v].coins) or [None]
                out += [Marry(colour, sex, src, v, cell, d, tile) for d in dowries]
    if character == "midwife":
        out += [Birth(colour, cell, sex, tile)
                for cell, sex in product(state.villages[colour].buildings, SEXES)]
    if via is Via.NEUTRAL:
        n = variant.neutral_colour(state)
        out += [NeutralMarry(colour, sex, cell)
                for cell, sex in product(state.villages[colour].buildings, SEXES)]
        occupied = [t for t in state.offer if state.catalogue.building(t).occupied]
        out += [NeutralBuild(colour, t, cell, sex) for t in occupied[:2]
                for cell in _cells_near(state, n) for sex in SEXES]
    return out


def _check_turn(state: GameState) -> list[str]:
    bad = []
    for s, via, ch, options in _contexts(state):
        offered: set[Action] = set()
        for o in options:
            variants = _variants(s, o)
            offered.update(variants)
            if not o.affordable or o.needs_cost:
                continue
            bad += [f"offered, refused: {a}" for a in variants if not _accepted(s, a)]
        if via is not Via.COIN or ch in ("night_watchman", "priest", "midwife"):
            bad += [f"accepted, not offered: {a}" for a in _candidates(s, via, ch)
                    if a not in offered and _accepted(s, a)]
        for o in options:  # a new building: accepted on exactly the cells offered
            a = o.action
            if isinstance(a, Build) and o.affordable and not o.needs_cost:
                cells = set(build_cells(s.villages[a.player]))
                bad += [f"build on {c}: offered {c in cells}, accepted {c not in cells}"
                        for c in _cells_near(s, a.player)
                        if _accepted(s, replace(a, cell=c)) != (c in cells)]
                break
    return bad


def _check_setup(state: GameState) -> list[str]:
    """The setup's placements: what is offered (``legal_actions``, and the cells the setup
    screen offers) is accepted; what is accepted among a wider set of cells is offered."""
    offered = set(legal_actions(state))
    bad = [f"offered, refused: {a}" for a in offered if not _accepted(state, a)]
    colour = state.active
    wider: list[Action] = []
    if state.phase == PLACE:
        wider = [PlaceBuilding(c, t, cell) for c in state.colours for t in set(state.to_place[c])
                 for cell in ring_cells(1) + ring_cells(2)]
    elif state.phase == NEUTRAL and colour is not None:
        n = variant.neutral_colour(state)
        wider = [PlaceNeutral(colour, t, cell, sex) for t in set(state.to_place[n])
                 for cell in ring_cells(1) + ring_cells(2) for sex in SEXES]
    elif state.phase == COUPLES and state.couple == 3 and colour is not None:
        left = left_neighbour(state, colour)
        wider = [ThirdCouple(colour, sex, cell) for sex in SEXES
                 for cell in state.villages[left].buildings]
    bad += [f"accepted, not offered: {a}" for a in wider
            if a not in offered and _accepted(state, a)]
    return bad


@pytest.mark.parametrize("games", [GAMES, pytest.param(LONG_GAMES, marks=pytest.mark.long)])
def test_offered_equals_accepted_over_random_games(games: int) -> None:
    start = time.process_time()
    rng = random.Random(SEED)
    bad: list[str] = []
    checked = 0
    for i in range(games):
        game = _game(2 + i % 3, SEED + i, adversarial=i % 2 == 1)
        states = game._states
        turns = [s for s in states if s.phase == PLAY]
        setup = [s for s in states if s.phase in (PLACE, NEUTRAL)
                 or (s.phase == COUPLES and s.couple == 3)]
        for s in rng.sample(turns, min(PLAY_STATES_PER_GAME, len(turns))):
            bad += [f"game {i}, round {s.round}: {b}" for b in _check_turn(s)]
            checked += 1
        if setup:
            s = rng.choice(setup)
            bad += [f"game {i}, {s.phase}: {b}" for b in _check_setup(s)]
            checked += 1
        assert not bad, bad[:10]
    assert checked >= 3 * games
    print(f"{checked} states of {games} games in {time.process_time() - start:.1f} s CPU")
