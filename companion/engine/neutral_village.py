"""The 2-player game (§6.3) in one place, as python-chess keeps a variant in ``variant.py``:
the neutral village (its colour, its villagers, its start buildings and where they may go),
its share of the setup dowry, and the neutral coin (when it may be used, what it allows,
what its two actions do). Everything else asks here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from . import characters as rules
from .actions import NeutralBuild, NeutralMarry
from .errors import IllegalAction, refuse
from .grid import Cell, ring_cells, row_first
from .messages import Message, message
from .moves import Option, sex_default
from .state import COLOURS, VILLAGERS_PER_SEX, Adult, GameState, Options, Village
from .values import SEXES, Colour, NeutralCoin, Sex, Via, by_sex

PLAYERS = 2
"""The player count that plays with a neutral village."""
START_BUILDINGS_PER_TYPE = 2
"""With the neutral village's start buildings, each start type is in play exactly twice."""
START_VILLAGERS_PER_SEX = 2
"""The 4 neutral start buildings get 2 men and 2 women, one on each."""


def has_neutral_village(players: int) -> bool:
    return players == PLAYERS


def default_neutral_colour(colours: Sequence[str]) -> Colour:
    """The neutral village's colour when the table names none: the first colour nobody plays."""
    return next(c for c in COLOURS if c not in colours)


def neutral_colour(state: GameState) -> Colour:
    """The neutral village's colour (a 2-player game only)."""
    colour = state.options.neutral_colour
    assert colour is not None, "a game of 3 or 4 players has no neutral village"
    return colour


def new_neutral_village(colour: Colour) -> Village:
    """Empty, with all of its 16 villagers in its centre."""
    return Village(colour, neutral=True, centre=by_sex(VILLAGERS_PER_SEX))


def dowry_receivers(colours: Sequence[Colour], colour: Colour, neutral: Colour) -> list[Colour]:
    """The setup dowry with 2 players: one coin to the opponent, one to the neutral village."""
    return [c for c in colours if c != colour] + [neutral]


# --- its start buildings -------------------------------------------------------------------


def start_buildings(state: GameState) -> list[str]:
    """The start buildings the neutral village gets: those that make exactly 2 of each start
    type in play (the draft's 4 left over, or 4 of the 15 lettered tiles, §6.2)."""
    taken = Counter(t for c in state.colours for t in state.to_place[c])
    start_types = [t for t, b in state.catalogue.buildings.items() if b.stacks["start"]]
    return [t for t in sorted(start_types) for _ in range(START_BUILDINGS_PER_TYPE - taken[t])]


def placing_order(start_player: Colour, other: Colour, buildings: int) -> list[Colour]:
    """Who places each neutral start building: alternately, the non-start player first."""
    turns = (other, start_player)
    return [turns[i % 2] for i in range(buildings)]


def start_sexes(state: GameState) -> tuple[Sex, ...]:
    """The sexes a neutral villager placed on a start building may still have."""
    placed = Counter(ad.sex for b in state.villages[neutral_colour(state)].buildings.values()
                     for ad in b.adults)
    return tuple(s for s in SEXES if placed[s] < START_VILLAGERS_PER_SEX)


def start_sex_problem(state: GameState, sex: Sex) -> Message | None:
    if sex not in start_sexes(state):
        return message("neutral_couples", sexes=sex)
    return None


def start_cells(state: GameState) -> list[Cell]:
    """Where a neutral start building may go: a free cell of ring 1, row by row."""
    buildings = state.villages[neutral_colour(state)].buildings
    return [c for c in ring_cells(1) if c not in buildings]


# --- the neutral coin ----------------------------------------------------------------------


def coin_problem(state: GameState, player: Colour) -> Message | None:
    """Whether the neutral coin may replace this turn's regular action."""
    turn = state.turn
    assert turn is not None
    if state.options.neutral_colour is None:
        return message("no_neutral")
    if state.neutral_coin is not NeutralCoin.READY:
        return message("neutral_coin_used")
    if turn.neutral or turn.character is not None:
        return message("neutral_instead", player=player)
    return None


def coin_holder(state: GameState) -> Colour | None:
    """The neutral village, while its coin is ready: it counts as holding a coin at the end of
    a round (the start-player token passes when only it does, §6.3)."""
    if state.neutral_coin is NeutralCoin.READY:
        return state.options.neutral_colour
    return None


def start_player_after_neutral(state: GameState) -> Colour:
    """When the neutral coin is the last one left in a round, the start-player token passes
    to the other player (§6.3)."""
    assert state.start_player is not None
    return state.next_colour(state.start_player)


def ready_coin(options: Options) -> NeutralCoin | None:
    """The neutral coin at the start of the game and of each round: ready beside the neutral
    village (2 players; none with more)."""
    return NeutralCoin.READY if options.neutral_colour else None


def options(state: GameState, colour: Colour) -> list[Option]:
    """With the neutral coin: any building on offer for the neutral village (free), or a
    neutral villager married into the player's own village."""
    n = state.options.neutral_colour
    if n is None or state.neutral_coin is not NeutralCoin.READY:
        return []
    village = state.villages[n]
    cell = rules.first_free_cell(village)
    out = []
    for t in state.catalogue.buildings:
        if t in state.offer:
            bt = state.catalogue.building(t)
            sex, sexes = sex_default(village.centre) if bt.occupied else (None, ())
            out.append(Option("builder", Via.NEUTRAL, NeutralBuild(colour, t, cell, sex),
                              choices=sexes, message=message("option.neutral_build",
                                                             building=t)))
    own = state.villages[colour].buildings
    marriages = [(cell, sex) for sex in SEXES if village.centre[sex]
                 for cell in rules.marriage_cells(state, colour, sex, n)]
    for cell, sex in sorted(marriages, key=lambda m: row_first(m[0])):
        out.append(Option("priest", Via.NEUTRAL, NeutralMarry(colour, sex, cell),
                          message=message("option.neutral_marry", sex=sex, player=colour,
                                          building=own[cell].type, cell=cell)))
    return out


def build(state: GameState, a: NeutralBuild) -> None:
    """Neutral Builder: any building on offer into the neutral village, for free."""
    neutral = neutral_colour(state)
    village = state.villages[neutral]
    bt = state.catalogue.buildings.get(a.building)
    if bt is not None and not bt.occupied and a.sex is not None:
        raise refuse("vp_building", building=a.building)
    rules.raise_problem(rules.place_problem(state, village, a.building, a.cell))
    if bt is not None and bt.occupied:
        rules.raise_problem(rules.mover_problem(state, village, a.sex))
    b = rules.place_new(state, village, a.building, a.cell)
    if bt is not None and bt.occupied:
        rules.move_in(state, village, b, a.sex, neutral)


def marry(state: GameState, a: NeutralMarry) -> None:
    """Neutral Priest: a neutral villager from the neutral centre marries into the player's
    own village. No dowry coin moves: the neutral village holds no coins of its own."""
    neutral = neutral_colour(state)
    centre = state.villages[neutral].centre
    if centre[a.sex] == 0:
        raise refuse("no_neutral_villager", sex=a.sex)
    problem = rules.marriage_problem(state, a.player, a.cell, a.sex, neutral)
    if problem is not None:
        raise IllegalAction(problem)
    centre[a.sex] -= 1
    state.villages[a.player].add_adult(a.cell, Adult(neutral, a.sex))
