"""Ways to reach a position quickly: a whole setup through real actions, and a position editor
for scenes deep in a game (like a chess FEN: it builds the state, the rules then act on it)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from companion.engine import (
    Game,
    GameState,
    IllegalAction,
    apply,
    header_line,
    parse_action,
    summary,
)
from companion.engine.state import Adult, Building
from tests.gamegen import TEST_COSTS

COLOURS4 = ("red", "blue", "yellow", "white")
TOP, LEFT, CORNER = (0, -1), (-1, 0), (-1, -1)

# Start buildings that fit 3 players (2 tiles a type) and 4 (3 a type).
DEFAULT_STARTS = {
    "red": ("brickyard", "woodcutter", "well"),
    "blue": ("grain_farm", "well", "woodcutter"),
    "yellow": ("stonemason", "brickyard", "grain_farm"),
    "white": ("stonemason", "woodcutter", "brickyard"),
}


def new_game(colours: tuple[str, ...] = COLOURS4[:3], *, costs: bool = True,
             **options: Any) -> Game:
    header = header_line(((c, c.capitalize()) for c in colours),
                         catalogue=TEST_COSTS if costs else None, **options)
    return Game(header)


def set_up(colours: tuple[str, ...] = COLOURS4[:3], start: str | None = None,
           starts: dict[str, tuple[str, str, str]] | None = None, *, costs: bool = True,
           school: str = "m", spouse: str = "f", **options: Any) -> Game:
    """A game through the simplified setup into round 1, all choices fixed:

    each player's start buildings go on TOP, LEFT and CORNER (in the order given); couple 1:
    the man on TOP, the woman on LEFT; couple 2: ``school`` goes to the school, the other onto
    CORNER; couple 3: ``spouse`` marries into the left neighbour's first building that fits.
    With 2 players the neutral village gets the 4 left-over start buildings on its ring 1."""
    g = new_game(colours, costs=costs, setup="simplified", **options)
    starts = starts or DEFAULT_STARTS
    g.apply({"type": "start_player", "player": start or colours[0]})
    for c in colours:
        g.apply({"type": "start_buildings", "player": c, "buildings": list(starts[c])})
    neutral_cells = [[1, -1], [2, -1], [2, 0], [2, 1]]
    sexes = ["m", "f", "m", "f"]
    while g.state.phase == "neutral":
        s = g.state
        n = s.options.neutral_colour
        assert n is not None and s.active is not None
        g.apply({"type": "place_neutral", "player": s.active, "building": s.to_place[n][0],
                 "cell": neutral_cells.pop(0), "sex": sexes.pop(0)})
    for c in colours:
        for t, cell in zip(starts[c], (TOP, LEFT, CORNER), strict=True):
            g.apply({"type": "place_building", "player": c, "building": t, "cell": list(cell)})
    for c in list(g.state.queue):
        g.apply({"type": "first_couple", "player": c, "man": list(TOP), "woman": list(LEFT)})
    for c in list(g.state.queue):
        g.apply({"type": "second_couple", "player": c, "school": school})
    for c in list(g.state.queue):
        left = g.state.next_colour(c, -1)
        cell = next(cell for cell, b in sorted(g.state.villages[left].buildings.items())
                    if len(b.adults) == 1 and b.adults[0].sex != spouse)
        g.apply({"type": "third_couple", "player": c, "spouse": spouse, "cell": list(cell)})
    assert g.state.phase == "play"
    return g


# --- the position editor ---------------------------------------------------------------------


def put(s: GameState, village: str, building: str, cell: tuple[int, int],
        *villagers: tuple[str, str, bool]) -> Building:
    """Put a building straight into a village with villagers (colour, sex, awake) taken from
    their owners' supplies (neutral ones from the neutral centre)."""
    for colour, sex, _ in villagers:
        if s.villages[colour].neutral:
            s.villages[colour].centre[sex] -= 1
        else:
            s.player(colour).supply[sex] -= 1
    b = Building(building, cell, tuple(Adult(c, sex, awake) for c, sex, awake in villagers))
    s.villages[village].buildings[cell] = b
    return b


class Table:
    """A position and the actions done on it, through the engine's one checked ``apply``."""

    def __init__(self, state: GameState) -> None:
        self.state = state

    def edit(self, change: Callable[[GameState], Any]) -> Table:
        """Set up a scene: ``change`` edits a copy of the position."""
        state = self.state.clone()
        change(state)
        self.state = state
        return self

    def do(self, type: str, **fields: Any) -> GameState:
        self.state = apply(self.state, parse_action({"type": type, **fields}))
        return self.state

    def refused(self, code: str, type: str, **fields: Any) -> str:
        """The action is refused with ``code``, and the position is unchanged; the reason."""
        before = summary(self.state)
        with pytest.raises(IllegalAction) as info:
            apply(self.state, parse_action({"type": type, **fields}))
        assert info.value.code == code, info.value.message
        assert summary(self.state) == before
        return info.value.message

    def spend_all(self, player: str, building: str) -> GameState:
        """A Builder turn spending all 4 coins: 1 for the action, 3 for bought brick, stone and
        wood, the test cost of the Bakehouse and the Dairy; it goes on (1, -1)."""
        self.do("choose", player=player, character="builder", coins=1)
        self.do("build", player=player, building=building, cell=[1, -1], mover="m",
                buy={"brick": 1, "stone": 1, "wood": 1})
        return self.do("end_turn", player=player)

    def turn(self, player: str, character: str, *actions: dict[str, Any],
             end: bool = True) -> GameState:
        """Choose ``character`` with one coin per action, do the actions, end the turn."""
        self.do("choose", player=player, character=character, coins=len(actions))
        for a in actions:
            self.do(player=player, **a)
        if end:
            self.do("end_turn", player=player)
        return self.state


def step(village: str, cell: tuple[int, int], good: str) -> dict[str, Any]:
    return {"village": village, "cell": list(cell), "good": good}


def set_awake(s: GameState, village: str, cell: tuple[int, int], awake: bool,
              index: int | None = None) -> None:
    """Stand a building's villagers up or lay them down (all, or the one at ``index``):
    villagers and buildings are values, replaced."""
    b = s.villages[village].buildings[cell]
    s.villages[village].set_adults(cell, tuple(replace(a, awake=awake) if index in (None, i)
                                               else a for i, a in enumerate(b.adults)))


def sleep_all(s: GameState, colour: str) -> None:
    for v in s.villages.values():
        for cell, b in list(v.buildings.items()):
            v.set_adults(cell, tuple(replace(a, awake=False) if a.colour == colour else a
                                     for a in b.adults))
