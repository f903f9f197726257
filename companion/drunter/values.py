"""The words of Drunter & Drüber as types: what a record, a board file or a state writes as a
bare string, named. Each is a ``Literal`` of the words the files hold, so records and boards
stay byte-identical; a word read from a file becomes one of these only through its check
(``word``), where a bad one is refused (``MalformedAction``)."""

from __future__ import annotations

from typing import Any, Final, Literal, TypeVar

from .errors import MalformedAction

Colour = Literal["red", "blue", "yellow", "white"]
"""A seat's colour (the companion's, the same words as Helvetia's)."""
COLOURS: Final[tuple[Colour, ...]] = ("red", "blue", "yellow", "white")

Kind = Literal["street", "wall", "canal"]
"""The kind of a road tile (§D1)."""
KINDS: Final[tuple[Kind, ...]] = ("street", "wall", "canal")

Road = Literal["street", "wall_1", "wall_2", "canal"]
"""One of the four roads: the street (from the inn), two walls (from the guard posts), the
canal (from the water source)."""
ROADS: Final[tuple[Road, ...]] = ("street", "wall_1", "wall_2", "canal")

Heading = Literal["up", "down", "left", "right"]
"""The way a tile runs from its first square (as the record writes it)."""
HEADINGS: Final[tuple[Heading, ...]] = ("up", "down", "left", "right")

BuildingType = Literal["A", "B", "C", "D", "E", "F"]
"""A building type, by the letter the table gives each type's card (§D1)."""
BUILDING_TYPES: Final[tuple[BuildingType, ...]] = ("A", "B", "C", "D", "E", "F")

SpecialCard = Literal["max3", "max4", "lowest", "one_point"]
"""The variant's special objective cards (§D8): all 3er buildings, all 4er buildings, the
lowest of each type, every standing building 1 point."""
SPECIAL_CARDS: Final[tuple[SpecialCard, ...]] = ("max3", "max4", "lowest", "one_point")

ObjectiveCard = BuildingType | SpecialCard
"""A card revealed at the end (§D6, §D8): a building card or, in the variant, a special one."""

CitizenCard = Literal["ja", "jaa", "jaaa", "jeeiin", "ne", "nee", "neee", "abstain"]
"""A citizen card played in a toilet vote (§D5); "abstain" is the "..?" card."""
CITIZEN_CARDS: Final[tuple[CitizenCard, ...]] = ("ja", "jaa", "jaaa", "jeeiin", "ne", "nee",
                                                 "neee", "abstain")

Side = Literal["yes", "no"]
"""The side a JEEIIN card's owner chooses after the reveal (§D5)."""
SIDES: Final[tuple[Side, ...]] = ("yes", "no")

Phase = Literal["play", "vote", "choose", "reveal", "over"]
"""Where a game stands (the constants in ``state``)."""

W = TypeVar("W", bound=str)


def word(v: Any, allowed: tuple[W, ...], what: str) -> W:
    """``v`` as the word of ``allowed`` it is; ``MalformedAction`` naming ``what`` if none."""
    if not isinstance(v, str) or v not in allowed:
        raise MalformedAction(f"{what} must be one of {', '.join(allowed)}")
    return allowed[allowed.index(v)]
