"""Actions: every change of a game of Drunter & Drüber, one JSON object per record line.

``parse_action`` turns a JSON object into a typed action (``MalformedAction`` if it is not of
the format: docs/drunter-board.md, "The record"); ``action_to_json`` writes it back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from .board import DIRECTIONS, KINDS, ROADS, Square
from .errors import MalformedAction
from .state import CITIZEN_CARDS, COLOURS, LENGTHS, SIDES
from .values import HEADINGS, CitizenCard, Colour, Heading, Kind, Road, Side, word


@dataclass(frozen=True)
class Action:
    type: ClassVar[str] = ""


@dataclass(frozen=True)
class Place(Action):
    """§D4: the active player lays one of its tiles (``kind``, ``length``) onto ``road``, its
    figure on ``square`` (next to the road's worker, or across a bridge), running in
    ``direction`` (``None`` for a 1-square tile). Over a public toilet this announces the tile
    and calls the vote (§D5)."""

    type: ClassVar[str] = "place"
    player: Colour
    kind: Kind
    length: int
    road: Road
    square: Square
    direction: Heading | None = None

    @property
    def squares(self) -> tuple[Square, ...]:
        dx, dy = DIRECTIONS[self.direction] if self.direction else (0, 0)
        x, y = self.square
        return tuple((x + i * dx, y + i * dy) for i in range(self.length))


@dataclass(frozen=True)
class CannotPlace(Action):
    """§D3: the active player can place none of its tiles and misses this turn."""

    type: ClassVar[str] = "cannot_place"
    player: Colour


@dataclass(frozen=True)
class Vote(Action):
    """§D5: the cards every player revealed (colour → cards) and, for each JEEIIN played, the
    side its owner chose after the reveal."""

    type: ClassVar[str] = "vote"
    cards: tuple[tuple[Colour, tuple[CitizenCard, ...]], ...]
    sides: tuple[tuple[Colour, Side], ...] = ()

    @classmethod
    def of(cls, cards: Mapping[Colour, Any], sides: Mapping[Colour, Side] | None = None
           ) -> Vote:
        return cls(tuple((c, tuple(v)) for c, v in cards.items()),
                   tuple((sides or {}).items()))


@dataclass(frozen=True)
class ChooseObjectives(Action):
    """§D8: every player has chosen its objective card in secret (the other card under it)."""

    type: ClassVar[str] = "choose_objectives"


@dataclass(frozen=True)
class Reveal(Action):
    """§D6 (§D8): the building card each player reveals at the end; in the variant its
    objective, then its second card."""

    type: ClassVar[str] = "reveal"
    cards: tuple[tuple[Colour, tuple[str, ...]], ...]

    @classmethod
    def of(cls, cards: Mapping[Colour, Any]) -> Reveal:
        return cls(tuple((c, (v,) if isinstance(v, str) else tuple(v))
                         for c, v in cards.items()))


ACTIONS: dict[str, type[Action]] = {a.type: a for a in (Place, CannotPlace, Vote,
                                                         ChooseObjectives, Reveal)}
FIELDS = {"place": ("player", "kind", "length", "road", "square", "direction"),
          "cannot_place": ("player",), "vote": ("cards", "sides"),
          "choose_objectives": (), "reveal": ("cards",)}


def _colour(v: Any, where: str) -> Colour:
    if v not in COLOURS:
        raise MalformedAction(f"{where} must be a colour ({', '.join(COLOURS)})")
    return COLOURS[COLOURS.index(v)]


def _by_colour(v: Any, where: str) -> dict[Colour, Any]:
    if not isinstance(v, Mapping):
        raise MalformedAction(f"{where} must be an object colour → ...")
    return {_colour(k, f"a key of {where}"): x for k, x in v.items()}


def _strings(v: Any, where: str, allowed: tuple[str, ...] | None = None) -> tuple[str, ...]:
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise MalformedAction(f"{where} must be a list of card names")
    if allowed is not None:
        bad = [x for x in v if x not in allowed]
        if bad:
            raise MalformedAction(f"{where}: {bad[0]!r} is not one of {', '.join(allowed)}")
    return tuple(v)


def parse_action(obj: Any) -> Action:
    """A typed action from one record line's object."""
    if not isinstance(obj, Mapping):
        raise MalformedAction("an action must be a JSON object")
    kind = obj.get("type")
    if not isinstance(kind, str) or kind not in ACTIONS:
        raise MalformedAction(f"unknown action type {str(kind)[:40]!r}")
    unknown = sorted(str(k) for k in obj if k != "type" and k not in FIELDS[kind])
    if unknown:
        raise MalformedAction(f"{kind}: unknown field(s) {', '.join(unknown)}")
    if kind == "place":
        length = obj.get("length")
        if isinstance(length, bool) or length not in LENGTHS:
            raise MalformedAction("place: 'length' must be 1, 2 or 3")
        kind_ = word(obj.get("kind"), KINDS, "place: 'kind'")
        road = word(obj.get("road"), ROADS, "place: 'road'")
        sq = obj.get("square")
        if (not isinstance(sq, list) or len(sq) != 2
                or not all(isinstance(i, int) and not isinstance(i, bool) and -1000 <= i <= 1000
                           for i in sq)):
            raise MalformedAction("place: 'square' must be [x, y], whole numbers")
        direction = obj.get("direction")
        if length == 1 and direction is not None:
            raise MalformedAction("place: a 1-square tile has no 'direction'")
        heading = None if length == 1 else word(direction, HEADINGS, "place: 'direction'")
        return Place(_colour(obj.get("player"), "place: 'player'"), kind_, length, road,
                     (sq[0], sq[1]), heading)
    if kind == "cannot_place":
        return CannotPlace(_colour(obj.get("player"), "cannot_place: 'player'"))
    if kind == "choose_objectives":
        return ChooseObjectives()
    if kind == "vote":
        cards = {c: tuple(word(x, CITIZEN_CARDS, f"vote: a card of {c}")
                          for x in _strings(v, f"vote: cards of {c}", CITIZEN_CARDS))
                 for c, v in _by_colour(obj.get("cards"), "vote: 'cards'").items()}
        sides: dict[Colour, Side] = {}
        for c, s in _by_colour(obj.get("sides", {}), "vote: 'sides'").items():
            if s not in SIDES:
                raise MalformedAction(f"vote: the side of {c} must be \"yes\" or \"no\"")
            sides[c] = SIDES[SIDES.index(s)]
        return Vote.of(cards, sides)
    shown = {c: _strings(v, f"reveal: cards of {c}")
             for c, v in _by_colour(obj.get("cards"), "reveal: 'cards'").items()}
    return Reveal.of(shown)


def action_to_json(action: Action) -> dict[str, Any]:
    """The canonical JSON object of an action."""
    out: dict[str, Any] = {"type": action.type}
    if isinstance(action, Place):
        out.update(player=action.player, kind=action.kind, length=action.length,
                   road=action.road, square=list(action.square))
        if action.direction is not None:
            out["direction"] = action.direction
    elif isinstance(action, CannotPlace):
        out["player"] = action.player
    elif isinstance(action, Vote):
        out["cards"] = {c: list(v) for c, v in action.cards}
        if action.sides:
            out["sides"] = dict(action.sides)
    elif isinstance(action, Reveal):
        out["cards"] = {c: list(v) for c, v in action.cards}
    return out
