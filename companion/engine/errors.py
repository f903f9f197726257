"""Exceptions that say what is wrong: a stable reason code with data parameters
(``messages.Message``), rendered in English by ``str()``; the display words them itself."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .messages import ENGLISH, Message, english


class HelvetiaError(Exception):
    """Base of every error the engine raises. ``code`` and ``params`` say what is wrong as data;
    ``message`` (and ``str()``) is the English text."""

    code = "error"

    def __init__(self, message: str | Message, code: str | None = None,
                 params: Mapping[str, Any] | None = None) -> None:
        if isinstance(message, Message):
            msg = message
        elif code is not None and code in ENGLISH and params is not None:
            msg = Message(code, params)
        else:
            # A text without parameters (malformed records, catalogue files): its words are the
            # detail, shown as they are.
            msg = Message(code or self.code, {"name": message} if message else {})
            self._text = message
        self.msg = msg
        self.code = msg.code
        super().__init__(str(self))

    @property
    def params(self) -> Mapping[str, Any]:
        return self.msg.params

    @property
    def message(self) -> str:
        text = getattr(self, "_text", None)
        return text if text is not None else english(self.msg)

    def __str__(self) -> str:
        return self.message


class CatalogueError(HelvetiaError, ValueError):
    """The building catalogue (shipped, overridden or from a header) is not valid."""

    code = "catalogue"


class MalformedAction(HelvetiaError, ValueError):
    """An action that is not of the record format (a missing field, a wrong type, ...)."""

    code = "malformed"


class IllegalAction(HelvetiaError):
    """A well-formed action that the rules do not allow now; ``code`` says which rule,
    ``params`` the colours, buildings, goods, cells and counts involved."""

    code = "illegal"


def refuse(code: str, **params: Any) -> IllegalAction:
    """The refusal ``code`` with its parameters: ``raise refuse("not_on_offer", building=t)``."""
    assert code in ENGLISH, code
    return IllegalAction(Message(code, params))


class RecordError(HelvetiaError, ValueError):
    """A game record that cannot be replayed; ``line`` is 1-based."""

    code = "record"

    def __init__(self, line: int, reason: str, code: str | None = None) -> None:
        super().__init__(f"line {line}: {reason}", code)
        self.line = line
        self.reason = reason
