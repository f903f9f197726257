"""Refusals of the Drunter & Drüber rules: Helvetia's exception classes (so that the app, the
store and the CLI treat both games alike), worded from this game's templates."""

from __future__ import annotations

from typing import Any

from companion.engine.errors import HelvetiaError, IllegalAction, MalformedAction, RecordError

from .messages import ENGLISH, Message, english

__all__ = ["BoardError", "DrunterIllegal", "HelvetiaError", "IllegalAction", "MalformedAction",
           "RecordError", "refuse"]


class DrunterIllegal(IllegalAction):
    """An action (or a setup) the rules of Drunter & Drüber do not allow: ``code`` says which
    rule, ``params`` the player, tile, road, square and counts involved."""

    @property
    def message(self) -> str:
        return english(self.msg)


class BoardError(DrunterIllegal, ValueError):
    """A board (map) that is not valid; ``code`` is a ``drunter.board.*`` code."""


def refuse(code: str, **params: Any) -> DrunterIllegal:
    """The refusal ``code`` with its parameters: ``raise refuse("drunter.off_map", square=s)``."""
    assert code in ENGLISH, code
    cls = BoardError if code.startswith("drunter.board.") else DrunterIllegal
    return cls(Message(code, params))
