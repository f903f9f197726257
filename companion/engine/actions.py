"""Actions: every state change is one of these, written as one JSON object per record line.

``parse_action`` turns a JSON object into a typed action (``MalformedAction`` if it is not of the
format); ``action_to_json`` writes the canonical form back, which ``parse_action`` reads unchanged.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import Field, dataclass, fields
from typing import Any, ClassVar, TypeVar

from .errors import MalformedAction, refuse
from .values import (
    CHARACTERS,
    COLOURS,
    QUARTERS,
    SEXES,
    SOURCES,
    Cell,
    Character,
    Colour,
    Quarter,
    Sex,
    Source,
)


@dataclass(frozen=True)
class Step:
    """One villager at work: the acting player's villager on the building at ``cell`` of
    ``village`` produces (or exchanges into) ``good``; it falls asleep."""

    village: str
    cell: Cell
    good: str


Chain = tuple[Step, ...]


@dataclass(frozen=True)
class Action:
    type: ClassVar[str] = ""


# --- setup ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class ChooseStartPlayer(Action):
    """The table's draw (or choice, for the draft) of the start player."""

    type: ClassVar[str] = "start_player"
    player: Colour


@dataclass(frozen=True)
class Pick(Action):
    """Draft: take a start building from the pool, or (special case) from another player."""

    type: ClassVar[str] = "pick"
    player: Colour
    building: str
    take_from: str | None = None


@dataclass(frozen=True)
class StartBuildings(Action):
    """Simplified setup: the 3 buildings that came with the player's village-centre letter."""

    type: ClassVar[str] = "start_buildings"
    player: Colour
    buildings: tuple[str, ...]
    letter: str | None = None


@dataclass(frozen=True)
class PlaceNeutral(Action):
    """2 players: place one neutral start building with one neutral villager on it."""

    type: ClassVar[str] = "place_neutral"
    player: Colour
    building: str
    cell: Cell
    sex: Sex


@dataclass(frozen=True)
class PlaceBuilding(Action):
    type: ClassVar[str] = "place_building"
    player: Colour
    building: str
    cell: Cell


@dataclass(frozen=True)
class FirstCouple(Action):
    """Couple 1: the man and the woman each onto one of the player's own buildings."""

    type: ClassVar[str] = "first_couple"
    player: Colour
    man: Cell
    woman: Cell


@dataclass(frozen=True)
class SecondCouple(Action):
    """Couple 2: one onto the remaining own building, the other (``school``) into the school."""

    type: ClassVar[str] = "second_couple"
    player: Colour
    school: Sex


@dataclass(frozen=True)
class ThirdCouple(Action):
    """Couple 3: ``spouse`` marries into the left neighbour's village at ``cell``; the other
    goes to the player's own village centre."""

    type: ClassVar[str] = "third_couple"
    player: Colour
    spouse: Sex
    cell: Cell


# --- turns ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Choose(Action):
    """Put ``coins`` coins on one character: that many actions of it this turn."""

    type: ClassVar[str] = "choose"
    player: Colour
    character: Character
    coins: int


@dataclass(frozen=True)
class AddCoin(Action):
    """One more coin on the character chosen this turn, once its coins have bought their
    actions: one more action of it (the coins follow the actions, ``more_coins``)."""

    type: ClassVar[str] = "add_coin"
    player: Colour


@dataclass(frozen=True)
class Build(Action):
    type: ClassVar[str] = "build"
    player: Colour
    building: str
    cell: Cell
    pay: tuple[Chain, ...] = ()
    buy: tuple[tuple[str, int], ...] = ()
    cost: tuple[tuple[str, int], ...] | None = None
    """The cost read off the tile, for a type whose cost is not known yet."""
    mover: Sex | None = None
    """Sex of the villager moving in from the centre, when there is one to move."""
    tile: bool = False


@dataclass(frozen=True)
class Deliver(Action):
    type: ClassVar[str] = "deliver"
    player: Colour
    chain: Chain
    tile: bool = False


@dataclass(frozen=True)
class Wake(Action):
    type: ClassVar[str] = "wake"
    player: Colour
    village: str
    quarter: Quarter
    tile: bool = False


@dataclass(frozen=True)
class Marry(Action):
    type: ClassVar[str] = "marry"
    player: Colour
    sex: Sex
    source: Source
    village: str
    cell: Cell
    dowry: str | None = None
    """Colour of the coin taken from that village's centre, when it holds coins."""
    tile: bool = False


@dataclass(frozen=True)
class Birth(Action):
    type: ClassVar[str] = "birth"
    player: Colour
    cell: Cell
    sex: Sex
    tile: bool = False


@dataclass(frozen=True)
class NeutralBuild(Action):
    """2 players: with the neutral coin, build for the neutral village for free."""

    type: ClassVar[str] = "neutral_build"
    player: Colour
    building: str
    cell: Cell
    sex: Sex | None = None


@dataclass(frozen=True)
class NeutralMarry(Action):
    """2 players: with the neutral coin, marry a neutral villager into the player's village."""

    type: ClassVar[str] = "neutral_marry"
    player: Colour
    sex: Sex
    cell: Cell


@dataclass(frozen=True)
class TileCost(Action):
    """The cost printed on a building tile on offer, read off by the table, for a type whose
    cost is not known yet (asked before a "cannot act" is accepted, or before a build)."""

    type: ClassVar[str] = "tile_cost"
    player: Colour
    building: str
    cost: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class CorrectCost(Action):
    """The table corrects a building's cost at any point of the game (a cost mistyped, or
    read wrong off the tile): from this action on the game uses it, and the device keeps it
    for later games. Undone, the cost before it is back."""

    type: ClassVar[str] = "correct_cost"
    building: str
    cost: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class CannotAct(Action):
    """The player holds coins but no action is possible: it passes this turn only (§7)."""

    type: ClassVar[str] = "cannot_act"
    player: Colour


@dataclass(frozen=True)
class EndTurn(Action):
    """What the seat button sends."""

    type: ClassVar[str] = "end_turn"
    player: Colour


# --- round end -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Placement:
    sex: Sex
    cell: Cell | None
    """A free own production or exchange building, or None for the village centre."""


@dataclass(frozen=True)
class SchoolReturn(Action):
    type: ClassVar[str] = "school_return"
    player: Colour
    placements: tuple[Placement, ...]


@dataclass(frozen=True)
class Reveal(Action):
    """The buildings that came up from the stacks at round end."""

    type: ClassVar[str] = "reveal"
    buildings: tuple[str, ...]


@dataclass(frozen=True)
class EndByAgreement(Action):
    """The table agrees to stop at a round end (§12 "Ended by agreement"): the game ends as
    that round end's scoring stands and is decided as usual."""

    type: ClassVar[str] = "end_by_agreement"


ACTION_TYPES: dict[str, type[Action]] = {
    cls.type: cls
    for cls in (ChooseStartPlayer, Pick, StartBuildings, PlaceNeutral, PlaceBuilding,
                FirstCouple, SecondCouple, ThirdCouple, Choose, Build, Deliver, Wake, Marry,
                Birth, NeutralBuild, NeutralMarry, TileCost, CannotAct, EndTurn, SchoolReturn,
                Reveal, EndByAgreement, CorrectCost, AddCoin)
}

# --- JSON ----------------------------------------------------------------------------------


def _bad(field_name: str, what: str) -> MalformedAction:
    return MalformedAction(f"'{field_name}' {what}")


def _str(v: Any, name: str) -> str:
    if not isinstance(v, str) or not v:
        raise _bad(name, f"must be a non-empty string, not {json_text(v)}")
    return v


MAX_INT = 1000  # every count and coordinate of a game is far below this


def _int(v: Any, name: str) -> int:
    if type(v) is not int:
        raise _bad(name, f"must be a whole number, not {json_text(v)}")
    if not -MAX_INT <= v <= MAX_INT:
        raise _bad(name, f"must be between {-MAX_INT} and {MAX_INT}")
    return v


def _bool(v: Any, name: str) -> bool:
    if not isinstance(v, bool):
        raise _bad(name, f"must be true or false, not {json_text(v)}")
    return v


def _cell(v: Any, name: str) -> Cell:
    if (not isinstance(v, list) or len(v) != 2
            or not all(type(i) is int and -MAX_INT <= i <= MAX_INT for i in v)):
        raise _bad(name, f"must be a cell [x, y] of two whole numbers, not {json_text(v)}")
    x: int = v[0]
    y: int = v[1]
    if -_CACHED <= x <= _CACHED and -_CACHED <= y <= _CACHED:
        return _CELLS[x + _CACHED][y + _CACHED]
    return Cell(x, y)


_CACHED = 8  # a village's cells lie far inside this: their Cell values are made once
_CELLS = [[Cell(x, y) for y in range(-_CACHED, _CACHED + 1)] for x in range(-_CACHED, _CACHED + 1)]


_SEX_OF = {s.value: s for s in SEXES}
_SOURCE_OF = {s.value: s for s in SOURCES}


def _sex(v: Any, name: str) -> Sex:
    sex = _SEX_OF.get(v) if isinstance(v, str) else None
    if sex is None:
        raise _bad(name, f"must be \"m\" or \"f\", not {json_text(v)}")
    return sex


def _goods(v: Any, name: str) -> tuple[tuple[str, int], ...]:
    if not isinstance(v, Mapping):
        raise _bad(name, f"must be an object of good: count, not {json_text(v)}")
    out = []
    for g, n in v.items():
        if _int(n, f"{name}.{g}") < 1:
            raise _bad(f"{name}.{g}", "must be at least 1")
        out.append((_str(g, name), n))
    return tuple(sorted(out))


def _chain(v: Any, name: str) -> Chain:
    if not isinstance(v, list):
        raise _bad(name, f"must be a list of steps, not {json_text(v)}")
    steps = []
    for i, s in enumerate(v):
        where = f"{name}[{i}]"
        if not isinstance(s, Mapping):
            raise _bad(where, "must be an object {village, cell, good}")
        extra = set(s) - {"village", "cell", "good"}
        if extra:
            raise _bad(where, f"has unknown field(s) {', '.join(sorted(extra))}")
        steps.append(Step(_str(s.get("village"), f"{where}.village"),
                          _cell(s.get("cell"), f"{where}.cell"),
                          _str(s.get("good"), f"{where}.good")))
    return tuple(steps)


def _placements(v: Any, name: str) -> tuple[Placement, ...]:
    if not isinstance(v, list):
        raise _bad(name, "must be a list of {sex, cell}")
    out = []
    for i, p in enumerate(v):
        where = f"{name}[{i}]"
        if not isinstance(p, Mapping):
            raise _bad(where, "must be an object {sex, cell}")
        cell = p.get("cell")
        out.append(Placement(_sex(p.get("sex"), f"{where}.sex"),
                             None if cell is None else _cell(cell, f"{where}.cell")))
    return tuple(out)


def json_text(v: Any) -> str:
    """A value as it reads in a record, shortened for a message (any value: never raises)."""
    try:
        text = json.dumps(v, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = f"{type(v).__name__} {repr(v)[:40]}"
    return text if len(text) <= 60 else text[:57] + "..."


W = TypeVar("W", bound=str)  # a word of the game's vocabulary


def _choice(v: Any, name: str, allowed: tuple[W, ...]) -> W:
    """``v`` as the word of ``allowed`` it is (typed: a ``Character``, a ``Quarter``, ...)."""
    if v not in allowed:
        raise _bad(name, f"must be one of {', '.join(allowed)}, not {json_text(v)}")
    return allowed[allowed.index(v)]


_COLOUR_OF: dict[str, Colour] = {c: c for c in COLOURS}


def _colour(v: Any, name: str) -> Colour:
    """A player's colour: a word that is none is refused as not a player, as a colour that
    does not play in this game is (by ``apply``)."""
    colour = _COLOUR_OF.get(v) if isinstance(v, str) else None  # (read for every action)
    if colour is None:
        raise refuse("not_a_player", player=_str(v, name))
    return colour


# How to read each field, by name: (reader, required).
_READERS: dict[str, Any] = {
    "player": _colour, "building": _str, "take_from": _str, "letter": _str, "village": _str,
    "dowry": _str, "cell": _cell, "man": _cell, "woman": _cell, "sex": _sex, "school": _sex,
    "spouse": _sex, "mover": _sex, "coins": _int, "tile": _bool, "chain": _chain,
    "cost": _goods, "buy": _goods, "placements": _placements,
    "character": lambda v, n: _choice(v, n, CHARACTERS),
    "quarter": lambda v, n: _choice(v, n, QUARTERS),
    "source": lambda v, n: _SOURCE_OF[_choice(v, n, SOURCES)],
    "pay": lambda v, n: tuple(_chain(c, f"{n}[{i}]") for i, c in enumerate(_list(v, n))),
    "buildings": lambda v, n: tuple(_str(b, f"{n}[{i}]") for i, b in enumerate(_list(v, n))),
}


def _list(v: Any, name: str) -> list[Any]:
    if not isinstance(v, list):
        raise _bad(name, f"must be a list, not {json_text(v)}")
    return v


_FIELDS: dict[type[Action], tuple[Field[Any], ...]] = {}


def _fields(cls: type[Action]) -> tuple[Field[Any], ...]:
    """An action type's fields (asked for every action read, written and checked)."""
    found = _FIELDS.get(cls)
    if found is None:
        found = _FIELDS[cls] = fields(cls)
    return found


def parse_action(obj: Any) -> Action:
    """A typed action from its JSON object; ``MalformedAction`` says what is wrong."""
    if not isinstance(obj, Mapping):
        raise MalformedAction(f"an action must be a JSON object, not {json_text(obj)}")
    kind = obj.get("type")
    cls = ACTION_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise MalformedAction(f"unknown action type {json_text(kind)}")
    known = {f.name for f in _fields(cls)}
    extra = set(obj) - known - {"type"}
    if extra:
        raise MalformedAction(f"'{kind}' has unknown field(s): {', '.join(sorted(extra))}")
    values: dict[str, Any] = {}
    for f in _fields(cls):
        has_default = f.default is not f.default_factory  # both MISSING when required
        if f.name not in obj or (obj[f.name] is None and has_default):
            if not has_default:
                raise MalformedAction(f"'{kind}' needs the field '{f.name}'")
            continue
        values[f.name] = _READERS[f.name](obj[f.name], f.name)
    return cls(**values)


def validate_action(action: Action) -> Action:
    """A typed action built in code holds what its record line could hold: the same check as
    ``parse_action`` (via the action's JSON form), so ``Choose("red", "king", 1)``,
    ``Wake(..., quarter="middle")`` or NaN coins are ``MalformedAction``, never a crash.
    Returns the action as read back: its values typed (``Sex.M`` for a bare "m")."""
    try:
        obj = action_to_json(action)
    except (TypeError, ValueError, AttributeError, RecursionError):
        raise MalformedAction(f"not a valid action: {json_text(action)}") from None
    typed = parse_action(obj)
    if typed != action:
        raise MalformedAction(f"not a valid '{action.type}' action: {json_text(obj)}")
    return typed


def _out(v: Any) -> Any:
    if isinstance(v, Step):
        return {"village": v.village, "cell": list(v.cell), "good": v.good}
    if isinstance(v, Placement):
        return {"sex": v.sex, "cell": None if v.cell is None else list(v.cell)}
    if isinstance(v, tuple):
        if v and all(isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], str)
                     and isinstance(p[1], int) for p in v):
            return {g: n for g, n in v}
        return [_out(x) for x in v]
    return v


def action_to_json(action: Action) -> dict[str, Any]:
    """The canonical JSON object of an action: its type, then its fields; defaults left out."""
    out: dict[str, Any] = {"type": action.type}
    for f in _fields(type(action)):
        value = getattr(action, f.name)
        if value == f.default:
            continue
        out[f.name] = _out(value)
    return out
