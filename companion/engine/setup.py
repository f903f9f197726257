"""Setup (digest §6): a new game from a record header, the draft or the simplified start
buildings, the 2-player neutral village, placing buildings, and the three couple rounds."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import catalogue as cat_mod
from . import neutral_village
from .actions import (
    ChooseStartPlayer,
    FirstCouple,
    Pick,
    PlaceBuilding,
    PlaceNeutral,
    SecondCouple,
    StartBuildings,
    ThirdCouple,
)
from .characters import marriage_cells, marriage_problem
from .errors import IllegalAction, refuse
from .grid import Cell, ring
from .header import DEFAULTS as DEFAULTS  # the setup defaults, for the setup screen
from .header import RECORD_FORMAT as RECORD_FORMAT  # its home before header.py
from .header import RECORD_VERSION as RECORD_VERSION
from .header import Header
from .production import vcode
from .state import (
    CHARACTERS,
    COINS_PER_COLOUR,
    COUPLES,
    DRAFT,
    NEUTRAL,
    PLACE,
    PLAY,
    START_BUILDINGS,
    START_PLAYER,
    Adult,
    Building,
    GameState,
    Options,
    Player,
    Turn,
    Village,
    around,
)
from .values import SEXES, Colour, Sex, by_sex

LETTERS = ("A", "B", "C", "D", "E")
START_TILES_PER_TYPE = 3
"""Start buildings of each type in the box (§6.1, §6.2)."""


def draft_tiles_per_type(players: int, options: Options) -> int:
    """Start buildings of each type on offer: the draft with fewer than 4 players puts one of
    each type back in the box (§6.1.1); the simplified setup draws from all 15 lettered tiles
    (§6.2)."""
    if options.setup == "draft" and players < 4:
        return START_TILES_PER_TYPE - 1
    return START_TILES_PER_TYPE


def tiles_back_in_box(players: int, options: Options) -> bool:
    """Whether the table puts a start building of each type back in the box (§6.1.1)."""
    return draft_tiles_per_type(players, options) < START_TILES_PER_TYPE


def setup_dowry_receivers(colours: list[Colour], colour: Colour,
                          neutral: Colour | None) -> list[Colour]:
    """The setup dowry (§6.1 step 5, §6.3): each player gives one of its coins to each of the
    two players to its right (the next two in play order), where it lies in their village
    centres; with 2 players, to the opponent and the neutral village."""
    if neutral is not None:
        return neutral_village.dowry_receivers(colours, colour, neutral)
    return [around(colours, colour, 1), around(colours, colour, 2)]


SETUP_PHASES = (START_PLAYER, DRAFT, START_BUILDINGS, NEUTRAL, PLACE, COUPLES)


def dowry_laid(state: GameState) -> bool:
    """Whether the setup dowry lies in the village centres on the table: the state holds it
    there from the start, the table lays it once the couples are placed (§6.1 step 5)."""
    return state.phase not in SETUP_PHASES


def centre_coins(state: GameState, village: str) -> dict[str, int]:
    """The coins in a village's centre as the table holds them, colour → number (none before
    the dowry is laid: only the dowry lies there during the setup)."""
    return dict(state.villages[village].coins) if dowry_laid(state) else {}


def coins_at_hand(state: GameState, colour: Colour) -> int:
    """The coins a player holds on the table: in hand, won back as dowry this turn, and the
    dowry coins still to be laid in the others' centres."""
    p = state.player(colour)
    given = 0 if dowry_laid(state) else sum(v.coins.get(colour, 0)
                                            for v in state.villages.values())
    return p.coins + p.won_coins + given


def new_game(header: Mapping[str, Any] | Header, *overrides: Mapping[str, Any]) -> GameState:
    """The state before the first action, from a record header; ``overrides`` are catalogue
    overrides applied after the header's own (e.g. a file passed with --catalogue)."""
    h = header if isinstance(header, Header) else Header.parse(header)
    players = [Player(p.colour, p.name, coins=COINS_PER_COLOUR - 2) for p in h.players]
    colours = h.colours
    options = h.options
    neutral = options.neutral_colour
    catalogue = cat_mod.load(h.catalogue, *overrides)

    villages: dict[str, Village] = {c: Village(c) for c in colours}
    if neutral:
        villages[neutral] = neutral_village.new_neutral_village(neutral)
    for c in colours:
        for r in setup_dowry_receivers(colours, c, neutral):
            villages[r].coins[c] = villages[r].coins.get(c, 0) + 1

    start_per_type = draft_tiles_per_type(len(players), options)
    buildings = catalogue.buildings.values()
    state = GameState(
        catalogue=catalogue,
        options=options,
        players=players,
        villages=villages,
        school={c: by_sex(0) for c in colours},
        character_coins={ch: {} for ch in CHARACTERS},
        neutral_coin=neutral_village.ready_coin(options),
        tile_holder={ch: None for ch in CHARACTERS},
        offer={b.id: b.stacks["1"] for b in buildings if b.stacks["1"]},
        stacks={s: {b.id: b.stacks[s] for b in buildings if b.stacks[s]} for s in ("2", "3")},
        start_pool={b.id: start_per_type for b in buildings if b.stacks["start"]},
        to_place={c: [] for c in villages},
        track={c: 0 for c in colours},
    )
    return state


def _expect(state: GameState, player: Colour) -> None:
    if state.queue and state.queue[0] != player:
        raise refuse("not_your_turn", active=state.queue[0], player=player)


def _set_queue(state: GameState, queue: list[Colour]) -> None:
    state.queue = queue
    state.active = queue[0] if queue else None


def start_player(state: GameState, a: ChooseStartPlayer) -> None:
    state.start_player = a.player
    if state.options.setup == "draft":
        s = a.player
        clockwise = [s, *list(reversed(state.order_from(s)[1:]))]
        state.phase = DRAFT
        _set_queue(state, clockwise + state.order_from(state.next_colour(s)) + clockwise)
    else:
        state.phase = START_BUILDINGS
        _set_queue(state, state.order_from(a.player))


def _check_start_type(state: GameState, type_id: str) -> None:
    if type_id not in state.catalogue.buildings:
        raise refuse("unknown_building", name=type_id)


def pick(state: GameState, a: Pick) -> None:
    _expect(state, a.player)
    _check_start_type(state, a.building)
    held = state.to_place[a.player]
    if a.building in held:
        raise refuse("type_twice", player=a.player, building=a.building)
    if a.take_from is None:
        if state.start_pool.get(a.building, 0) == 0:
            raise refuse("not_in_pool", building=a.building)
        state.start_pool[a.building] -= 1
        state.queue.pop(0)
    else:
        left = [t for t, n in state.start_pool.items() if n > 0 and t not in held]
        if left:
            raise refuse("no_special_case", player=a.player, building=left[0])
        if a.take_from not in state.colours or a.take_from == a.player:
            raise refuse("bad_take_from")
        if a.building not in state.to_place[a.take_from]:
            raise refuse("not_held", player=a.take_from, building=a.building)
        state.to_place[a.take_from].remove(a.building)
        # That player picks again at once, from what is left.
        state.queue[0] = a.take_from
    held.append(a.building)
    _set_queue(state, state.queue)
    if not state.queue:
        # The token stays with the first picker during the draft; the last picker takes it
        # (§6.1 step 2), so the state always says where it lies on the table.
        state.start_player = a.player
        _after_start_buildings(state)


def start_buildings(state: GameState, a: StartBuildings) -> None:
    if state.to_place[a.player]:
        raise refuse("already_given", player=a.player)
    if len(a.buildings) != 3 or len(set(a.buildings)) != 3:
        raise refuse("three_buildings")
    for t in a.buildings:
        _check_start_type(state, t)
        if state.start_pool.get(t, 0) == 0:
            raise refuse("not_in_pool", building=t)
    if a.letter is not None:
        if a.letter not in LETTERS:
            raise refuse("bad_letter", letter=a.letter)
        if a.letter in state.letters.values():
            raise refuse("letter_twice", letter=a.letter)
    pool = {t: n - (t in a.buildings) for t, n in state.start_pool.items()}
    waiting = sum(1 for c in state.colours if c != a.player and not state.to_place[c])
    # Each type can go to each waiting player once: the pool serves them all iff it holds
    # 3 tiles per player when each type counts at most once per player.
    if sum(min(n, waiting) for n in pool.values()) < 3 * waiting:
        raise refuse("pool_exhausted")
    if a.letter is not None:
        state.letters[a.player] = a.letter
    state.start_pool = pool
    state.to_place[a.player] = list(a.buildings)
    _set_queue(state, [c for c in state.queue if c != a.player])
    if not state.queue:
        _after_start_buildings(state)


def _after_start_buildings(state: GameState) -> None:
    state.start_pool = {}
    neutral = state.options.neutral_colour
    assert state.start_player is not None
    if neutral:
        left = neutral_village.start_buildings(state)
        state.to_place[neutral] = left
        state.phase = NEUTRAL
        _set_queue(state, neutral_village.placing_order(
            state.start_player, state.next_colour(state.start_player), len(left)))
    else:
        _begin_placing(state)


def _begin_placing(state: GameState) -> None:
    state.phase = PLACE
    assert state.start_player is not None
    _set_queue(state, state.order_from(state.start_player))


def _place(state: GameState, colour: Colour, building: str, cell: Cell) -> Building:
    _check_start_type(state, building)
    if building not in state.to_place[colour]:
        raise refuse("not_to_place", village=vcode(state, colour), building=building)
    village = state.villages[colour]
    if ring(cell) != 1:
        raise refuse("not_ring_one", cell=cell)
    if cell in village.buildings:
        raise refuse("cell_taken", cell=cell)
    state.to_place[colour].remove(building)
    b = Building(building, cell)
    village.buildings[cell] = b
    return b


def place_neutral(state: GameState, a: PlaceNeutral) -> None:
    _expect(state, a.player)
    neutral = neutral_village.neutral_colour(state)
    problem = neutral_village.start_sex_problem(state, a.sex)
    if problem is not None:
        raise IllegalAction(problem)
    b = _place(state, neutral, a.building, a.cell)
    state.villages[neutral].add_adult(b.cell, Adult(neutral, a.sex))
    state.villages[neutral].centre[a.sex] -= 1
    state.queue.pop(0)
    _set_queue(state, state.queue)
    if not state.queue:
        _begin_placing(state)


def place_building(state: GameState, a: PlaceBuilding) -> None:
    _place(state, a.player, a.building, a.cell)
    # Players place their own villages at the same time; the queue is only a suggestion.
    _set_queue(state, [c for c in state.queue if state.to_place[c]])
    if not state.queue:
        state.phase = COUPLES
        state.couple = 1
        assert state.start_player is not None
        _set_queue(state, state.order_from(state.start_player))


def _empty_own_building(state: GameState, player: Colour, cell: Cell) -> Building:
    b = state.villages[player].buildings.get(cell)
    if b is None:
        raise refuse("no_building", cell=cell, village=player)
    if b.adults:
        raise refuse("occupied", building=b.type, cell=cell)
    return b


def left_neighbour(state: GameState, player: Colour) -> Colour:
    """Couple 3 marries into this village (§6.1 step 4; with 2 players, the other player's,
    never the neutral one)."""
    return state.next_colour(player, -1)


def third_couple_cells(state: GameState, player: Colour, spouse: Sex) -> list[Cell]:
    """Where a spouse of that sex may marry into the left neighbour's village."""
    return marriage_cells(state, left_neighbour(state, player), spouse, player)


def _couple_done(state: GameState) -> None:
    state.queue.pop(0)
    if not state.queue:
        assert state.start_player is not None
        if state.couple < 3:
            state.couple += 1
            state.queue = state.order_from(state.start_player)
        else:
            state.couple = 0
            state.phase = PLAY
            state.round = 1
            state.turn = Turn(state.start_player)
            state.queue = []
            state.active = state.start_player
            return
    _set_queue(state, state.queue)


def _check_couple(state: GameState, player: Colour, number: int) -> None:
    _expect(state, player)
    if state.couple != number:
        raise refuse("wrong_couple", couple=state.couple, expected=number)


def first_couple(state: GameState, a: FirstCouple) -> None:
    _check_couple(state, a.player, 1)
    if a.man == a.woman:
        raise refuse("same_building")
    homes = [(sex, _empty_own_building(state, a.player, cell))  # both checked, then placed
             for sex, cell in ((Sex.M, a.man), (Sex.F, a.woman))]
    for sex, b in homes:
        state.villages[a.player].add_adult(b.cell, Adult(a.player, sex))
        state.player(a.player).supply[sex] -= 1
    _couple_done(state)


def second_couple(state: GameState, a: SecondCouple) -> None:
    _check_couple(state, a.player, 2)
    empty = [b for b in state.villages[a.player].buildings.values() if not b.adults]
    assert len(empty) == 1
    state.villages[a.player].add_adult(empty[0].cell, Adult(a.player, a.school.other))
    state.school[a.player][a.school] += 1
    p = state.player(a.player)
    for sex in SEXES:
        p.supply[sex] -= 1
    _couple_done(state)


def third_couple(state: GameState, a: ThirdCouple) -> None:
    _check_couple(state, a.player, 3)
    left = left_neighbour(state, a.player)
    problem = marriage_problem(state, left, a.cell, a.spouse, a.player)
    if problem is not None:
        raise IllegalAction(problem)
    state.villages[left].add_adult(a.cell, Adult(a.player, a.spouse))
    state.villages[a.player].centre[a.spouse.other] += 1
    p = state.player(a.player)
    for sex in SEXES:
        p.supply[sex] -= 1
    _couple_done(state)
