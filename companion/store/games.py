"""Which game a stored record is of: the one its header names (``companion.games``). The store
keeps every game alike; only the replay differs, and the game's kind does it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..games import Played, kind_of_header, kind_of_record


def game_of(header: Any) -> str:
    """The game a record's header (a JSON object) names."""
    return kind_of_header(header).name


def new(header: Mapping[str, Any]) -> Played:
    """A game from its header, of the game the header names (checked)."""
    return kind_of_header(header).new(header)


def from_record(lines: Iterable[str], *overrides: Mapping[str, Any]) -> Played:
    """Replay a record of any game (``RecordError`` names the first bad line)."""
    lines = list(lines)
    return kind_of_record(lines).replay(lines, *overrides)


def result_of(game: Played) -> dict[str, Any]:
    """A finished game's result, as the store keeps it beside the record."""
    return kind_of_header(game.header).result(game)
