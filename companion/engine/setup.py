"""Setup (digest §6): a new game from a record header, the draft or the simplified start
buildings, the 2-player neutral village, placing buildings, and the three couple rounds."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from . import catalogue as cat_mod
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
from .errors import IllegalAction, MalformedAction, refuse
from .grid import Cell, ring
from .production import vcode
from .state import (
    CHARACTERS,
    COINS_PER_COLOUR,
    COLOURS,
    COUPLES,
    DRAFT,
    NEUTRAL,
    PLACE,
    PLAY,
    START_BUILDINGS,
    Adult,
    Building,
    GameState,
    Options,
    Player,
    Turn,
    Village,
    around,
    colour_name,
)

RECORD_FORMAT = "helvetia-record"
RECORD_VERSION = 1
LETTERS = ("A", "B", "C", "D", "E")


def new_game(header: Mapping[str, Any], *overrides: Mapping[str, Any]) -> GameState:
    """The state before the first action, from a record header; ``overrides`` are catalogue
    overrides applied after the header's own (e.g. a file passed with --catalogue)."""
    if not isinstance(header, Mapping):
        raise MalformedAction("the header must be a JSON object")
    if header.get("format") != RECORD_FORMAT:
        raise MalformedAction(f"the header's 'format' must be \"{RECORD_FORMAT}\"")
    if header.get("version") != RECORD_VERSION:
        raise MalformedAction(f"record version {header.get('version')!r} is not supported "
                              f"(this companion reads version {RECORD_VERSION})")
    raw_players = header.get("players")
    if not isinstance(raw_players, list) or not 2 <= len(raw_players) <= 4:
        raise MalformedAction("the header's 'players' must list 2 to 4 players")
    players = []
    for i, p in enumerate(raw_players):
        if not isinstance(p, Mapping) or p.get("colour") not in COLOURS:
            raise MalformedAction(f"players[{i}] needs a 'colour', one of {', '.join(COLOURS)}")
        name = p.get("name", colour_name(p["colour"]))
        if not isinstance(name, str):
            raise MalformedAction(f"players[{i}].name must be a string")
        players.append(Player(p["colour"], name, coins=COINS_PER_COLOUR - 2))
    colours = [p.colour for p in players]
    if len(set(colours)) != len(colours):
        raise MalformedAction("two players have the same colour")

    raw_opts = header.get("options", {})
    if not isinstance(raw_opts, Mapping):
        raise MalformedAction("the header's 'options' must be an object")
    unknown = set(raw_opts) - {"setup", "intro", "neutral_colour"}
    if unknown:
        raise MalformedAction(f"unknown option(s): {', '.join(sorted(unknown))}")
    setup = raw_opts.get("setup", "draft")
    if setup not in ("draft", "simplified"):
        raise MalformedAction("option 'setup' must be \"draft\" or \"simplified\"")
    intro = raw_opts.get("intro", False)
    if not isinstance(intro, bool):
        raise MalformedAction("option 'intro' must be true or false")
    neutral = raw_opts.get("neutral_colour")
    if len(players) == 2:
        if neutral is None:
            neutral = next(c for c in COLOURS if c not in colours)
        if neutral not in COLOURS or neutral in colours:
            raise MalformedAction("option 'neutral_colour' must be a colour no player has")
    elif neutral is not None:
        raise MalformedAction("option 'neutral_colour' is only for 2 players")
    options = Options(setup, intro, neutral)

    overrides_in_header = header.get("catalogue", {})
    catalogue = cat_mod.load(overrides_in_header, *overrides)

    villages = {c: Village(c) for c in colours}
    if neutral:
        villages[neutral] = Village(neutral, neutral=True, centre={"m": 8, "f": 8})
    # Dowry (§6.1 step 5, §6.3): each player gives a coin to each of the two players to its
    # right (the next two in play order); with 2 players, one to the opponent and one to the
    # neutral village.
    for i, c in enumerate(colours):
        if neutral:
            receivers = [colours[1 - i], neutral]
        else:
            receivers = [around(colours, c, 1), around(colours, c, 2)]
        for r in receivers:
            villages[r].coins[c] = villages[r].coins.get(c, 0) + 1

    # The draft with fewer than 4 players removes one start tile per type (§6.1); the simplified
    # setup draws from all 15 lettered tiles (§6.2).
    start_per_type = 3 if len(players) == 4 or setup == "simplified" else 2
    buildings = catalogue.buildings.values()
    state = GameState(
        catalogue=catalogue,
        options=options,
        players=players,
        villages=villages,
        school={c: {"m": 0, "f": 0} for c in colours},
        character_coins={ch: {} for ch in CHARACTERS},
        neutral_coin="ready" if neutral else None,
        tile_holder={ch: None for ch in CHARACTERS},
        offer={b.id: b.stacks["1"] for b in buildings if b.stacks["1"]},
        stacks={s: {b.id: b.stacks[s] for b in buildings if b.stacks[s]} for s in ("2", "3")},
        start_pool={b.id: start_per_type for b in buildings if b.stacks["start"]},
        to_place={c: [] for c in villages},
        track={c: 0 for c in colours},
    )
    return state


def _expect(state: GameState, player: str) -> None:
    if state.queue and state.queue[0] != player:
        raise refuse("not_your_turn", active=state.queue[0], player=player)


def _set_queue(state: GameState, queue: list[str]) -> None:
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
        state.letters[a.player] = a.letter
    for t in a.buildings:
        state.start_pool[t] -= 1
    waiting = sum(1 for c in state.colours if c != a.player and not state.to_place[c])
    # Each type can go to each waiting player once: the pool serves them all iff it holds
    # 3 tiles per player when each type counts at most once per player.
    if sum(min(n, waiting) for n in state.start_pool.values()) < 3 * waiting:
        raise refuse("pool_exhausted")
    state.to_place[a.player] = list(a.buildings)
    _set_queue(state, [c for c in state.queue if c != a.player])
    if not state.queue:
        _after_start_buildings(state)


def _after_start_buildings(state: GameState) -> None:
    state.start_pool = {}
    neutral = state.options.neutral_colour
    assert state.start_player is not None
    if neutral:
        # The neutral village gets the start buildings that make exactly 2 of each type in play
        # (§6.3): the draft's 4 left over, or 4 of the 15 lettered tiles (§6.2).
        taken = Counter(t for c in state.colours for t in state.to_place[c])
        start_types = [t for t, b in state.catalogue.buildings.items() if b.stacks["start"]]
        left = [t for t in sorted(start_types) for _ in range(2 - taken[t])]
        state.to_place[neutral] = left
        state.phase = NEUTRAL
        other = state.next_colour(state.start_player)
        turns = (other, state.start_player)  # alternately, the non-start player first
        _set_queue(state, [turns[i % 2] for i in range(len(left))])
    else:
        _begin_placing(state)


def _begin_placing(state: GameState) -> None:
    state.phase = PLACE
    assert state.start_player is not None
    _set_queue(state, state.order_from(state.start_player))


def _place(state: GameState, colour: str, building: str, cell: Cell) -> Building:
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
    neutral = state.options.neutral_colour
    assert neutral is not None
    placed = [ad.sex for b in state.villages[neutral].buildings.values() for ad in b.adults]
    if placed.count(a.sex) >= 2:
        raise refuse("neutral_couples", sexes=a.sex)
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


def _empty_own_building(state: GameState, player: str, cell: Cell) -> Building:
    b = state.villages[player].buildings.get(cell)
    if b is None:
        raise refuse("no_building", cell=cell, village=player)
    if b.adults:
        raise refuse("occupied", building=b.type, cell=cell)
    return b


def left_neighbour(state: GameState, player: str) -> str:
    """Couple 3 marries into this village (§6.1 step 4; with 2 players, the other player's,
    never the neutral one)."""
    return state.next_colour(player, -1)


def third_couple_cells(state: GameState, player: str, spouse: str) -> list[Cell]:
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


def _check_couple(state: GameState, player: str, number: int) -> None:
    _expect(state, player)
    if state.couple != number:
        raise refuse("wrong_couple", couple=state.couple, expected=number)


def first_couple(state: GameState, a: FirstCouple) -> None:
    _check_couple(state, a.player, 1)
    if a.man == a.woman:
        raise refuse("same_building")
    for sex, cell in (("m", a.man), ("f", a.woman)):
        _empty_own_building(state, a.player, cell)
        state.villages[a.player].add_adult(cell, Adult(a.player, sex))
        state.player(a.player).supply[sex] -= 1
    _couple_done(state)


def second_couple(state: GameState, a: SecondCouple) -> None:
    _check_couple(state, a.player, 2)
    empty = [b for b in state.villages[a.player].buildings.values() if not b.adults]
    assert len(empty) == 1
    other = "f" if a.school == "m" else "m"
    state.villages[a.player].add_adult(empty[0].cell, Adult(a.player, other))
    state.school[a.player][a.school] += 1
    p = state.player(a.player)
    p.supply["m"] -= 1
    p.supply["f"] -= 1
    _couple_done(state)


def third_couple(state: GameState, a: ThirdCouple) -> None:
    _check_couple(state, a.player, 3)
    left = left_neighbour(state, a.player)
    problem = marriage_problem(state, left, a.cell, a.spouse, a.player)
    if problem is not None:
        raise IllegalAction(problem)
    state.villages[left].add_adult(a.cell, Adult(a.player, a.spouse))
    other = "f" if a.spouse == "m" else "m"
    state.villages[a.player].centre[other] += 1
    p = state.player(a.player)
    p.supply["m"] -= 1
    p.supply["f"] -= 1
    _couple_done(state)
