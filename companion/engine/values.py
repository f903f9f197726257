"""Small value types of the game: what a bare string or tuple stood for, named.

Each is a ``str`` (``StrEnum``, or a ``Literal`` type of the words a record writes) or a
``tuple`` (``NamedTuple``) underneath, so records, JSON and dictionary keys stay byte-identical
to the plain values they replace, and old records load. A word read from a record becomes one
of these only through its check (``is_colour``, ``is_character``, ``is_quarter``), where a bad
word is refused.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final, Literal, NamedTuple, TypeGuard

Colour = Literal["red", "blue", "yellow", "white"]
"""A player's colour, as printed on the pieces (§1); a 2-player game's neutral village has one
of the colours nobody plays."""
COLOURS: Final[tuple[Colour, ...]] = ("red", "blue", "yellow", "white")

Character = Literal["builder", "carter", "night_watchman", "priest", "midwife"]
"""A character (§7): the coins placed on one buy its actions; its tile gives one more."""
CHARACTERS: Final[tuple[Character, ...]] = ("builder", "carter", "night_watchman", "priest",
                                            "midwife")

Quarter = Literal["top_left", "top_right", "bottom_left", "bottom_right"]
"""A quarter of a village (§5): the Night Watchman wakes the villagers of one."""
QUARTERS: Final[tuple[Quarter, ...]] = ("top_left", "top_right", "bottom_left", "bottom_right")

Phase = Literal["start_player", "draft", "start_buildings", "neutral", "place", "couples",
                "play", "school", "reveal", "over"]
"""Where a game stands: a setup step, the turns, a round end's step with a question for the
table, or over (the constants in ``state``, in the order a game goes through them)."""


def is_colour(v: object) -> TypeGuard[Colour]:
    return v in COLOURS


def is_character(v: object) -> TypeGuard[Character]:
    return v in CHARACTERS


def is_quarter(v: object) -> TypeGuard[Quarter]:
    return v in QUARTERS


class Sex(StrEnum):
    """A villager's (or a child's) sex, written "m" or "f" in records."""

    M = "m"
    F = "f"

    @property
    def other(self) -> Sex:
        """The other sex: a couple's spouse, the one who stays when the other leaves."""
        return Sex.F if self is Sex.M else Sex.M


SEXES: tuple[Sex, ...] = (Sex.M, Sex.F)


def by_sex(n: int) -> dict[Sex, int]:
    """A count for each sex, ``n`` of each (a supply, a village centre, a school)."""
    return {Sex.M: n, Sex.F: n}


class Via(StrEnum):
    """How an action is paid for: a coin on the chosen character (a regular action), the
    character tile's extra action, or the neutral coin (2 players)."""

    COIN = "coin"
    TILE = "tile"
    NEUTRAL = "neutral"


class Source(StrEnum):
    """Where an unbound villager who marries comes from."""

    CENTRE = "centre"
    """The player's own village centre."""
    SCHOOL = "school"


SOURCES: tuple[Source, ...] = (Source.CENTRE, Source.SCHOOL)


class NeutralCoin(StrEnum):
    """Where the neutral coin (2 players) lies: beside the neutral village, ready to be used
    this round, or on the character it was used for (Builder or Priest) until the round ends.
    A game of 3 or 4 players has none (``None``)."""

    READY = "ready"
    BUILDER = "builder"
    PRIEST = "priest"


class Cell(NamedTuple):
    """A cell of a village grid (digest §5): the centre covers (0, 0) and (1, 0); x grows to the
    right, y downwards. Written [x, y] in records."""

    x: int
    y: int
