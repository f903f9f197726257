"""The map of Schilda as data (§D1, §D9): a grid of squares with buildings (a type and a value),
public toilets and the four starts. The printed map is not described anywhere: the table enters
it once (docs/drunter-board.md); no real map ships with the companion.

Squares are ``(x, y)``: x from 0 at the left, y from 0 at the top.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.engine.record import line_problem

from .errors import MalformedAction, refuse
from .values import BUILDING_TYPES as BUILDING_TYPES  # re-exported: their home before values
from .values import KINDS as KINDS
from .values import ROADS as ROADS
from .values import BuildingType, Heading, Kind, Road

Square = tuple[int, int]
Direction = tuple[int, int]

DIRECTIONS: dict[Heading, Direction] = {"up": (0, -1), "down": (0, 1), "left": (-1, 0),
                                        "right": (1, 0)}
"""The four ways a tile can run from its first square, by name (as the record writes them)."""

ROAD_KIND: dict[Road, Kind] = {"street": "street", "wall_1": "wall", "wall_2": "wall",
                               "canal": "canal"}

BOARD_FORMAT = "drunter-board"
BOARD_VERSION = 1
MIN_SIDE, MAX_SIDE = 3, 40
MAX_VALUE = 99
BOARD_FIELDS = ("format", "version", "name", "width", "height", "buildings", "toilets",
                "starts")


@dataclass(frozen=True)
class Building:
    type: BuildingType
    value: int


@dataclass(frozen=True)
class Board:
    """A checked map: every square on the grid, at most one thing per square, starts on the
    edge. Build one with ``Board.create`` (checks) or ``load_board`` (from JSON)."""

    name: str
    width: int
    height: int
    buildings: Mapping[Square, Building]
    toilets: frozenset[Square]
    starts: Mapping[Road, Square]
    """Road id → the square of its start (where its worker stands first)."""
    _start_squares: frozenset[Square] = field(default=frozenset(), repr=False, compare=False)

    @classmethod
    def create(cls, name: str, width: int, height: int,
               buildings: Mapping[Square, Building], toilets: Iterator[Square] | frozenset[Square],
               starts: Mapping[Road, Square]) -> Board:
        """A board after the checks of §D9 (``BoardError`` names the first problem)."""
        if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
            raise refuse("drunter.board.size", width=width, height=height, min=MIN_SIDE,
                         max=MAX_SIDE)
        toilets = frozenset(toilets)
        seen: set[Square] = set()

        def put(square: Square) -> None:
            if not (0 <= square[0] < width and 0 <= square[1] < height):
                raise refuse("drunter.board.off_map", square=square, width=width,
                             height=height)
            if square in seen:
                raise refuse("drunter.board.square_twice", square=square)
            seen.add(square)

        for road in ROADS:
            if road not in starts:
                raise refuse("drunter.board.start_missing", road=road)
            s = starts[road]
            put(s)
            if s[0] not in (0, width - 1) and s[1] not in (0, height - 1):
                raise refuse("drunter.board.start_not_on_edge", road=road, square=s)
        for square, b in buildings.items():
            put(square)
            if not 1 <= b.value <= MAX_VALUE:
                raise refuse("drunter.board.bad_value", value=b.value, max=MAX_VALUE)
        for square in sorted(toilets):
            put(square)
        return cls(name, width, height, dict(sorted(buildings.items())), toilets,
                   {r: starts[r] for r in ROADS}, frozenset(starts.values()))

    def on_map(self, square: Square) -> bool:
        return 0 <= square[0] < self.width and 0 <= square[1] < self.height

    def is_start(self, square: Square) -> bool:
        return square in self._start_squares


# --- JSON ------------------------------------------------------------------------------------

def _int(v: Any, where: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise MalformedAction(f"{where} must be a whole number")
    return v


def _square(v: Any, where: str) -> Square:
    if not isinstance(v, list) or len(v) != 2:
        raise MalformedAction(f"{where} must be a square [x, y]")
    return (_int(v[0], where), _int(v[1], where))


def _list(v: Any, where: str) -> list[Any]:
    if not isinstance(v, list):
        raise MalformedAction(f"{where} must be a list")
    return v


def load_board(data: Any) -> Board:
    """A board from its JSON object (docs/drunter-board.md). ``MalformedAction`` when it is not
    of the format, ``BoardError`` (a code with parameters) when it breaks a rule of §D9."""
    if not isinstance(data, Mapping):
        raise MalformedAction("the board must be a JSON object")
    unknown = sorted(str(k) for k in data if k not in BOARD_FIELDS)
    if unknown:
        raise MalformedAction(f"the board has unknown field(s): {', '.join(unknown)}")
    if data.get("format") != BOARD_FORMAT:
        raise MalformedAction(f"the board's 'format' must be \"{BOARD_FORMAT}\"")
    if type(data.get("version")) is not int or data.get("version") != BOARD_VERSION:
        raise MalformedAction(f"board version {data.get('version')!r} is not supported "
                              f"(this companion reads version {BOARD_VERSION})")
    name = data.get("name", "")
    if not isinstance(name, str) or len(name) > 60 or line_problem(name) is not None:
        raise MalformedAction("the board's 'name' must be one line of text of at most 60 "
                              "characters")
    width = _int(data.get("width"), "the board's 'width'")
    height = _int(data.get("height"), "the board's 'height'")
    buildings: dict[Square, Building] = {}
    for i, b in enumerate(_list(data.get("buildings", []), "the board's 'buildings'")):
        where = f"buildings[{i}]"
        if not isinstance(b, Mapping) or set(b) != {"square", "type", "value"}:
            raise MalformedAction(f"{where} must be an object {{square, type, value}}")
        if b["type"] not in BUILDING_TYPES:
            raise MalformedAction(f"{where}.type must be one of {', '.join(BUILDING_TYPES)}")
        square = _square(b["square"], f"{where}.square")
        if square in buildings:
            raise refuse("drunter.board.square_twice", square=square)
        buildings[square] = Building(b["type"], _int(b["value"], f"{where}.value"))
    toilets: list[Square] = [_square(t, f"toilets[{i}]") for i, t in
                             enumerate(_list(data.get("toilets", []), "the board's 'toilets'"))]
    if len(set(toilets)) != len(toilets):
        twice = next(t for t in toilets if toilets.count(t) > 1)
        raise refuse("drunter.board.square_twice", square=twice)
    raw_starts = data.get("starts")
    if not isinstance(raw_starts, Mapping):
        raise MalformedAction("the board's 'starts' must be an object {street, wall_1, "
                              "wall_2, canal}")
    extra = sorted(str(k) for k in raw_starts if k not in ROADS)
    if extra:
        raise MalformedAction(f"the board's 'starts' has unknown road(s): {', '.join(extra)}")
    starts = {r: _square(v, f"starts.{r}") for r, v in raw_starts.items()}
    return Board.create(name, width, height, buildings, frozenset(toilets), starts)


def board_to_json(board: Board) -> dict[str, Any]:
    """The board's JSON object; ``load_board`` reads it back unchanged."""
    return {
        "format": BOARD_FORMAT, "version": BOARD_VERSION, "name": board.name,
        "width": board.width, "height": board.height,
        "buildings": [{"square": list(s), "type": b.type, "value": b.value}
                      for s, b in sorted(board.buildings.items(), key=lambda kv: kv[0][::-1])],
        "toilets": [list(s) for s in sorted(board.toilets, key=lambda s: s[::-1])],
        "starts": {r: list(board.starts[r]) for r in ROADS},
    }
