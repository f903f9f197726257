"""The round end (digest §10), steps 1 to 6 in this order."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from . import neutral_village
from .actions import EndByAgreement, Reveal, SchoolReturn
from .errors import IllegalAction, refuse
from .grid import Cell, by_row
from .messages import Message, message
from .scoring import award_village_tiles, decide_winners, vp
from .state import (
    CHARACTERS,
    OVER,
    PLAY,
    REVEAL,
    SCHOOL,
    Adult,
    GameState,
    Turn,
)
from .values import Colour, by_sex

NEW_BUILDINGS = 5


def end_round(state: GameState, sole: Colour | None) -> None:
    """The round ends with ``sole`` the one colour that still holds coins (None: nobody)."""
    assert state.start_player is not None
    if sole is None:
        new_start = state.start_player
    elif sole == neutral_village.coin_holder(state):
        new_start = neutral_village.start_player_after_neutral(state)
    else:
        new_start = sole

    # 1. Character tiles: strictly most coins on a character takes its tile.
    if not state.options.intro:
        for ch in CHARACTERS:
            counts = state.character_coins[ch]
            if counts:
                top = max(counts.values())
                leaders = [c for c, n in counts.items() if n == top]
                if len(leaders) == 1:
                    state.tile_holder[ch] = leaders[0]
    state.tiles_used.clear()

    # 2. Coins return to their owners.
    for ch in CHARACTERS:
        for colour, n in state.character_coins[ch].items():
            state.player(colour).coins += n
        state.character_coins[ch] = {}
    state.neutral_coin = neutral_village.ready_coin(state.options)
    for p in state.players:
        p.coins += p.won_coins
        p.won_coins = 0
    state.passes = []
    state.start_player = new_start
    state.turn = None

    # 3. The school's villagers return home, in turn order from the new start player.
    queue = [c for c in state.order_from(new_start) if sum(state.school[c].values())]
    if queue:
        state.phase = SCHOOL
        state.queue = queue
        state.active = queue[0]
        return
    _after_school(state, came_home=False)


def free_buildings(state: GameState, colour: Colour) -> list[Cell]:
    """The free own production and exchange buildings a returning villager may move into, row
    by row: the school's return fills them first (§10 step 3)."""
    buildings = state.villages[colour].buildings
    return [cell for cell in by_row(buildings)
            if not buildings[cell].adults
            and state.catalogue.building(buildings[cell].type).occupied]


def school_return_problem(state: GameState, a: SchoolReturn) -> Message | None:
    if state.queue[0] != a.player:
        return message("not_your_turn", active=state.queue[0], player=a.player)
    in_school = state.school[a.player]
    if Counter(p.sex for p in a.placements) != Counter({s: n for s, n in in_school.items() if n}):
        return message("wrong_villagers", player=a.player, n=sum(in_school.values()))
    free = free_buildings(state, a.player)
    cells = [p.cell for p in a.placements if p.cell is not None]
    for cell in cells:
        if cell not in free:
            return message("not_free", player=a.player, cell=cell)
    if len(set(cells)) != len(cells):
        return message("same_building")
    if len(cells) != min(len(a.placements), len(free)):
        return message("fill_free_first", player=a.player, n=len(free))
    return None


def school_return(state: GameState, a: SchoolReturn) -> None:
    problem = school_return_problem(state, a)
    if problem is not None:
        raise IllegalAction(problem)
    village = state.villages[a.player]
    for p in a.placements:
        if p.cell is None:
            village.centre[p.sex] += 1
        else:
            village.add_adult(p.cell, Adult(a.player, p.sex))
    state.school[a.player] = by_sex(0)
    award_village_tiles(state, a.player)
    state.queue.pop(0)
    if state.queue:
        state.active = state.queue[0]
    else:
        _after_school(state, came_home=True)


def _after_school(state: GameState, came_home: bool) -> None:
    # 4. This round's children go to the school.
    for v in state.villages.values():
        for cell, b in list(v.buildings.items()):
            for colour, sex in b.children:
                state.school[colour][sex] += 1
            if b.children:
                v.set_children(cell, ())
    # 5. Score; the game ends at the target.
    state.track = {c: vp(state, c) for c in state.colours}
    state.queue = []
    if max(state.track.values()) >= state.options.target:
        _game_over(state, None)
        return
    new_buildings = any(sum(s.values()) for s in state.stacks.values())
    if deadlock(state, came_home, new_buildings):
        _game_over(state, "deadlock")
        return
    # 6. New buildings, if any are left in the stacks.
    if new_buildings:
        state.phase = REVEAL
        state.active = None
        return
    start_round(state)


def deadlock(state: GameState, came_home: bool, new_buildings: bool) -> bool:
    """§12 "Deadlock": a round without a single action whose round end brings nothing new into
    play (nobody came home from the school, no new building comes up): nothing can ever change
    again."""
    return not state.acted and not came_home and not new_buildings


def _game_over(state: GameState, ended_by: str | None) -> None:
    state.phase = OVER
    state.active = None
    state.turn = None
    state.ended_by = ended_by
    state.winners, state.tie_break = decide_winners(state)


def agreement_problem(state: GameState) -> Message | None:
    """§12 "Ended by agreement": the table may stop at a round end, once its scoring is done:
    while the new buildings are asked for, or before anything happened in the round after."""
    if state.phase == REVEAL:
        return None
    turn = state.turn
    if (state.phase == PLAY and state.round >= 2 and not state.acted and not state.passes
            and turn is not None and turn.player == state.start_player
            and turn.character is None and not turn.neutral and turn.tile is None
            and not turn.spent):
        return None
    return message("not_at_round_end")


def scored(before: GameState, after: GameState) -> bool:
    """Whether a round end's scoring (§10 step 5) lies between two states that follow each
    other: a round ends (on to the new buildings, the next round or the game's end). Ending by
    agreement (§12) scores nothing: the game ends with the scores of the round end before."""
    if before.phase not in (PLAY, SCHOOL) or after.ended_by == "agreement":
        return False
    return after.phase in (REVEAL, OVER) or after.round != before.round


def track_before_last_scoring(states: Sequence[GameState]) -> dict[Colour, int]:
    """Each player's VP before the newest round end's scoring (empty before the first): what
    "since last round" counts from, whatever came after that scoring (§12 by agreement)."""
    for i in range(len(states) - 2, -1, -1):
        if scored(states[i], states[i + 1]):
            return dict(states[i].track)
    return {}


def end_by_agreement(state: GameState, a: EndByAgreement) -> None:
    problem = agreement_problem(state)
    if problem is not None:
        raise IllegalAction(problem)
    _game_over(state, "agreement")


def start_round(state: GameState) -> None:
    assert state.start_player is not None
    state.acted = False
    state.round += 1
    state.phase = PLAY
    state.active = state.start_player
    state.turn = Turn(state.start_player)


def reveal_counts(state: GameState) -> tuple[int, int]:
    """How many buildings come up from stack 2 and from stack 3 now."""
    in2 = sum(state.stacks["2"].values())
    in3 = sum(state.stacks["3"].values())
    from2 = min(NEW_BUILDINGS, in2)
    return from2, min(NEW_BUILDINGS - from2, in3)


def reveal(state: GameState, a: Reveal) -> None:
    for t in a.buildings:
        if t not in state.catalogue.buildings:
            raise refuse("unknown_building", name=t)
    from2, from3 = reveal_counts(state)
    if len(a.buildings) != from2 + from3:
        raise refuse("wrong_count", n=from2 + from3, given_n=len(a.buildings))
    shown = Counter(a.buildings)
    stack2 = Counter(state.stacks["2"])
    stack3 = Counter(state.stacks["3"])
    if from2 < NEW_BUILDINGS:
        # Stack 2 runs out: all of it comes up, the rest from stack 3.
        take2, take3 = stack2, shown - stack2
        if stack2 - shown:
            raise refuse("stack_runs_out", stack=2, buildings=tuple(sorted(stack2.items())))
    else:
        take2, take3 = shown, Counter()
    for taken, stack, name in ((take2, stack2, "2"), (take3, stack3, "3")):
        missing = taken - stack
        if missing:
            raise refuse("not_in_stack", stack=int(name), buildings=tuple(sorted(missing.items())))
        state.stacks[name] = dict(stack - taken)
    for t in a.buildings:
        state.offer[t] = state.offer.get(t, 0) + 1
    start_round(state)
