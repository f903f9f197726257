"""A board being entered at the table (§D9): the grid's size and what stands on each square,
changed one tap at a time, checked as a whole when the table is done (``problem``).

Nothing entered is lost on the way: a square outside a grid made smaller keeps what was put
on it (the check then names it, and it is back when the grid grows again).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .board import (
    BOARD_FORMAT,
    BOARD_VERSION,
    BUILDING_TYPES,
    MAX_SIDE,
    MAX_VALUE,
    MIN_SIDE,
    ROADS,
    Board,
    Building,
    Square,
)
from .errors import BoardError
from .messages import Message
from .values import Road

TOILET = "toilet"
ERASE = "erase"
TOOLS = (*BUILDING_TYPES, TOILET, *ROADS, ERASE)
"""What a tap on a square puts there: a building of a type, a toilet, a road's start, or
nothing (erase)."""
ENTERED_NAME = "entered at the table"


@dataclass
class BoardDraft:
    width: int = 10
    height: int = 10
    buildings: dict[Square, Building] = field(default_factory=dict)
    toilets: set[Square] = field(default_factory=set)
    starts: dict[Road, Square] = field(default_factory=dict)
    name: str = ENTERED_NAME

    @classmethod
    def of(cls, board: Board) -> BoardDraft:
        return cls(board.width, board.height, dict(board.buildings), set(board.toilets),
                   dict(board.starts), board.name)

    def to_json(self) -> dict[str, Any]:
        """The board file's object, as far as it goes (starts may be missing, things may lie
        outside the grid): what is kept while the table is still entering it."""
        return {
            "format": BOARD_FORMAT, "version": BOARD_VERSION, "name": self.name,
            "width": self.width, "height": self.height,
            "buildings": [{"square": list(s), "type": b.type, "value": b.value}
                          for s, b in sorted(self.buildings.items())],
            "toilets": [list(s) for s in sorted(self.toilets)],
            "starts": {r: list(self.starts[r]) for r in ROADS if r in self.starts},
        }

    @classmethod
    def from_json(cls, data: Any) -> BoardDraft:
        """A draft back from ``to_json`` (``ValueError`` if it is not one)."""
        try:
            assert isinstance(data, Mapping)
            draft = cls(int(data["width"]), int(data["height"]), name=str(data["name"]))
            for b in data["buildings"]:
                assert b["type"] in BUILDING_TYPES
                draft.buildings[_square(b["square"])] = Building(b["type"], int(b["value"]))
            draft.toilets = {_square(t) for t in data["toilets"]}
            draft.starts = {r: _square(v) for r, v in data["starts"].items() if r in ROADS}
        except (AssertionError, KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a board draft: {exc!r}") from None
        return draft

    def what(self, square: Square) -> tuple[str, int] | None:
        """What stands on a square: (type, value) of a building, (TOILET, 0), (road, 0)."""
        if square in self.buildings:
            b = self.buildings[square]
            return b.type, b.value
        if square in self.toilets:
            return TOILET, 0
        road = next((r for r, s in self.starts.items() if s == square), None)
        return (road, 0) if road else None

    def clear(self, square: Square) -> None:
        self.buildings.pop(square, None)
        self.toilets.discard(square)
        for road in [r for r, s in self.starts.items() if s == square]:
            del self.starts[road]

    def tap(self, square: Square, tool: str, value: int = 1) -> None:
        """``tool`` on ``square``: the same thing again takes it away; anything else replaces
        what was there (one thing a square). A road's start moves to the square."""
        if tool not in TOOLS:
            raise ValueError(tool)
        same = self.what(square) == ((tool, value) if tool in BUILDING_TYPES else (tool, 0))
        self.clear(square)
        if same or tool == ERASE:
            return
        if tool in BUILDING_TYPES:
            self.buildings[square] = Building(tool, value)
        elif tool == TOILET:
            self.toilets.add(square)
        elif tool in ROADS:  # (every tool left is a road)
            self.starts[tool] = square

    def resize(self, width: int, height: int) -> None:
        self.width = max(MIN_SIDE, min(MAX_SIDE, width))
        self.height = max(MIN_SIDE, min(MAX_SIDE, height))

    def board(self) -> Board:
        """The checked board (``BoardError`` with the first problem)."""
        return Board.create(self.name, self.width, self.height, self.buildings,
                            frozenset(self.toilets), self.starts)

    def problem(self) -> Message | None:
        """What keeps this from being a board, as a message; ``None`` if it is one."""
        try:
            self.board()
        except BoardError as exc:
            return exc.msg
        return None


def _square(v: Any) -> Square:
    x, y = v
    return int(x), int(y)


def clamp_value(value: int) -> int:
    return max(1, min(MAX_VALUE, value))
