"""Decision support: what the active player can do now and what it costs; the legal actions of
the setup and round-end phases; and why an action is refused."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import combinations, permutations
from typing import Any

from . import moves, neutral_village, round_end, turns
from . import setup as setup_rules
from .actions import (
    Action,
    Birth,
    Build,
    ChooseStartPlayer,
    Deliver,
    FirstCouple,
    Marry,
    Pick,
    PlaceBuilding,
    Placement,
    PlaceNeutral,
    SchoolReturn,
    SecondCouple,
    StartBuildings,
    ThirdCouple,
    Wake,
    parse_action,
)
from .errors import HelvetiaError, refuse
from .game import apply, phase_message
from .grid import by_row, ring_cells, row_first
from .messages import Message
from .moves import COIN, TILE, Option
from .production import chains_by_good
from .state import (
    CHARACTERS,
    COUPLES,
    DRAFT,
    NEUTRAL,
    PLACE,
    PLAY,
    SCHOOL,
    START_BUILDINGS,
    START_PLAYER,
    GameState,
)
from .values import SEXES, Character, Colour, Sex


@dataclass(frozen=True)
class TurnOptions:
    """Everything the active player can do at this point of its turn."""

    player: Colour
    chosen: Character | None
    """The character chosen this turn, if any."""
    actions_left: int
    """Regular actions still to perform with the coins placed."""
    max_coins: int
    """Coins that may be put on a character now (0 once one is chosen)."""
    regular: Mapping[Character, tuple[Option, ...]]
    """By character, the actions a coin buys: before choosing, for every character (so the
    player sees what each offers); after, for the chosen one while coins remain."""
    tiles: Mapping[Character, tuple[Option, ...]]
    """By held character tile still usable this turn, its extra action's options."""
    neutral: tuple[Option, ...]
    """2 players: what the neutral coin allows instead of the regular action."""
    can_end_turn: bool
    can_declare_stuck: bool
    """No action is possible: the player may say so and pass this turn (§7)."""
    stuck_reason: Message | None = None
    """Why "cannot act" is refused now (e.g. "cost_first": a cost to read off a tile first)."""
    costs_needed: tuple[str, ...] = ()
    """Building types on offer whose cost must be read off the tile (``TileCost``) before
    their build can be priced or "cannot act" accepted."""
    most_coins: Mapping[Character, int] = field(default_factory=dict)
    """By character (before choosing), the most coins that can each buy an action there this
    turn (``coins_at_most``): more would only go back to the hand."""

    def all(self) -> list[Option]:
        return ([o for opts in self.regular.values() for o in opts]
                + [o for opts in self.tiles.values() for o in opts] + list(self.neutral))


def coins_at_most(state: GameState, colour: Colour, options: tuple[Option, ...]) -> int:
    """§7, every coin must buy an action actually performed: the most actions a character's
    coins can buy this turn, given its options now. No action of a character makes another
    of its own possible (a building, a delivery, a marriage, a birth or a wake only uses up
    what it takes), so there is at most one a distinct target: a building type, a good, a
    quarter, a building to marry onto, a couple; and no more marriages than unbound
    villagers, no more births than villagers in the supply, no more than the coins in hand."""
    targets = {_target(o.action) for o in options}
    most = min(len(targets), state.player(colour).coins)
    if options and options[0].character == "priest":
        unbound = sum(state.villages[colour].centre.values()) + sum(state.school[colour].values())
        most = min(most, unbound)
    elif options and options[0].character == "midwife":
        most = min(most, sum(state.player(colour).supply.values()))
    return most


def _target(a: Action) -> object:
    """What one action of a character uses up (see ``coins_at_most``)."""
    if isinstance(a, Build):
        return a.building
    if isinstance(a, Deliver):
        return a.chain[-1].good
    if isinstance(a, Wake):
        return (a.village, a.quarter)
    if isinstance(a, Marry):
        return (a.village, a.cell)
    if isinstance(a, Birth):
        return a.cell
    return a


def _accepted(state: GameState, action: Action) -> bool:
    try:
        apply(state, action)
    except HelvetiaError:
        return False
    return True


def turn_options(state: GameState) -> TurnOptions:
    """The active player's options, from the current state (also in the middle of a turn)."""
    if state.phase != PLAY or state.turn is None or state.active is None:
        raise refuse("wrong_phase", phase=phase_message(state))
    colour, turn = state.active, state.turn
    player = state.player(colour)
    by_good = chains_by_good(state, colour)
    regular: dict[Character, tuple[Option, ...]] = {}
    if not turn.neutral:
        if turn.character is None and player.coins > 0:
            for ch in CHARACTERS:
                regular[ch] = tuple(moves.character(state, colour, ch, COIN, player.coins - 1,
                                                    by_good))
        elif turn.character is not None and turn.done < turn.coins:
            regular[turn.character] = tuple(moves.character(state, colour, turn.character, COIN,
                                                            player.coins, by_good))
    tiles: dict[Character, tuple[Option, ...]] = {}
    for ch in CHARACTERS:
        if state.tile_holder[ch] == colour and turns.tile_problem(state, colour, ch) is None:
            tiles[ch] = tuple(moves.character(state, colour, ch, TILE, player.coins, by_good))
    neutral: tuple[Option, ...] = ()
    if neutral_village.coin_problem(state, colour) is None:
        neutral = tuple(neutral_village.options(state, colour))
    stuck = turns.stuck_problem(state, colour, regular if turn.character is None else None)
    return TurnOptions(
        player=colour,
        chosen=turn.character,
        actions_left=turn.coins - turn.done,
        max_coins=player.coins if turn.character is None and not turn.neutral else 0,
        regular=regular,
        tiles=tiles,
        neutral=neutral,
        can_end_turn=turns.end_turn_problem(state, colour) is None,
        can_declare_stuck=stuck is None,
        stuck_reason=stuck,
        most_coins={ch: coins_at_most(state, colour, opts) for ch, opts in regular.items()}
        if turn.character is None else {},
        costs_needed=tuple(dict.fromkeys(
            o.cost_needed for os in (*regular.values(), *tiles.values()) for o in os
            if o.needs_cost and o.cost_needed is not None)),
    )


def why_not(state: GameState, action: Action | Mapping[str, Any]) -> Message | None:
    """Why an action cannot be applied now, as a message (code and parameters; ``str()`` of it
    is English); None if it can."""
    try:
        apply(state, action if isinstance(action, Action) else parse_action(action))
    except HelvetiaError as exc:
        return exc.msg
    return None


# --- the phases around the turns ----------------------------------------------------------------


def legal_actions(state: GameState) -> list[Action]:
    """Every legal action of a setup or round-end phase (start player, draft, start buildings,
    neutral and own placements, couples, school returns). Not for turns (``turn_options``) nor
    for the table's reveal of new buildings, which the companion is told, not asks."""
    if state.phase == SCHOOL:  # the school's rule itself, without a state to build for each
        return [a for a in _school(state)
                if round_end.school_return_problem(state, a) is None]
    return [a for a in _candidates(state) if _accepted(state, a)]


def _candidates(state: GameState) -> list[Action]:
    if state.phase == START_PLAYER:
        return [ChooseStartPlayer(c) for c in state.colours]
    if state.phase == DRAFT:
        return _draft(state)
    if state.phase == START_BUILDINGS:
        pool = sorted(t for t, n in state.start_pool.items() if n)
        return [StartBuildings(c, trio) for c in state.queue for trio in combinations(pool, 3)]
    if state.phase == NEUTRAL:
        n = neutral_village.neutral_colour(state)
        assert state.active is not None
        return [PlaceNeutral(state.active, t, cell, sex) for t in sorted(set(state.to_place[n]))
                for cell in neutral_village.start_cells(state)
                for sex in neutral_village.start_sexes(state)]
    if state.phase == PLACE:
        return [PlaceBuilding(c, t, cell) for c in state.colours
                for t in sorted(set(state.to_place[c])) for cell in ring_cells(1)
                if cell not in state.villages[c].buildings]
    if state.phase == COUPLES:
        return _couples(state)
    if state.phase == SCHOOL:
        return [*_school(state)]
    return []


def _draft(state: GameState) -> list[Action]:
    c = state.queue[0]
    held = state.to_place[c]
    free = sorted(t for t, n in state.start_pool.items() if n and t not in held)
    if free:
        return [Pick(c, t) for t in free]
    return [Pick(c, t, take_from=other) for other in state.colours if other != c
            for t in state.to_place[other] if t not in held]


def _couples(state: GameState) -> list[Action]:
    c = state.queue[0]
    own = by_row(state.villages[c].buildings)
    if state.couple == 1:
        return [FirstCouple(c, m, f) for m, f in permutations(own, 2)]
    if state.couple == 2:
        return [SecondCouple(c, sex) for sex in SEXES]
    cells = [(cell, sex) for sex in SEXES for cell in setup_rules.third_couple_cells(state, c, sex)]
    return [ThirdCouple(c, sex, cell) for cell, sex in sorted(cells, key=lambda x: row_first(x[0]))]


def _school(state: GameState) -> list[SchoolReturn]:
    c = state.queue[0]
    men, women = state.school[c][Sex.M], state.school[c][Sex.F]
    free = round_end.free_buildings(state, c)
    housed = min(men + women, len(free))  # free buildings are filled first
    out: list[SchoolReturn] = []
    for men_housed in range(max(0, housed - women), min(men, housed) + 1):
        for men_cells in combinations(free, men_housed):
            rest = [cell for cell in free if cell not in men_cells]
            for women_cells in combinations(rest, housed - men_housed):
                out.append(SchoolReturn(c, (
                    *(Placement(Sex.M, cell) for cell in men_cells),
                    *(Placement(Sex.M, None) for _ in range(men - men_housed)),
                    *(Placement(Sex.F, cell) for cell in women_cells),
                    *(Placement(Sex.F, None) for _ in range(women - len(women_cells))))))
    return out
