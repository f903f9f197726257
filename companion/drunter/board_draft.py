"""A board being entered at the table (§D9): the grid's size and what stands on each square,
changed one tap at a time, checked as a whole when the table is done (``problem``).

Nothing entered is lost on the way: a square outside a grid made smaller keeps what was put
on it (the check then names it, and it is back when the grid grows again).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .board import BUILDING_TYPES, MAX_SIDE, MAX_VALUE, MIN_SIDE, ROADS, Board, Building, Square
from .errors import BoardError
from .messages import Message

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
    starts: dict[str, Square] = field(default_factory=dict)
    name: str = ENTERED_NAME

    @classmethod
    def of(cls, board: Board) -> BoardDraft:
        return cls(board.width, board.height, dict(board.buildings), set(board.toilets),
                   dict(board.starts), board.name)

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
        else:
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


def clamp_value(value: int) -> int:
    return max(1, min(MAX_VALUE, value))
