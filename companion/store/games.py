"""Which game a stored record is of: Helvetia's, or Drunter & Drüber's (its header names it,
``"game": "drunter"``). The store keeps both alike; only the replay differs."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .. import drunter
from ..engine import Game

DRUNTER = "drunter"
HELVETIA = "helvetia"


def game_of(header: Any) -> str:
    """The game a record's header (a JSON object) names."""
    return DRUNTER if drunter.is_drunter_header(header) else HELVETIA


def new(header: Mapping[str, Any]) -> Any:
    """A game from its header, of the game the header names (checked)."""
    return drunter.Game(header) if game_of(header) == DRUNTER else Game(header)


def from_record(lines: Iterable[str], *overrides: Mapping[str, Any]) -> Any:
    """Replay a record of either game (``RecordError`` names the first bad line)."""
    lines = list(lines)
    if drunter.is_drunter_record(lines):
        return drunter.Game.from_record(lines)
    return Game.from_record(lines, *overrides)


def drunter_result(game: drunter.Game) -> dict[str, Any]:
    """A finished Drunter game's result, as the store keeps it beside the record."""
    s = game.state
    return {"game": DRUNTER, "winners": list(s.winners), "tie_break": s.tie_break,
            "scores": dict(s.scores)}
