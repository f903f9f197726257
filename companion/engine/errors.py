"""Exceptions that say what is wrong, with a stable reason code and a sentence for the table."""

from __future__ import annotations


class HelvetiaError(Exception):
    """Base of every error the engine raises."""

    code = "error"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code

    def __str__(self) -> str:
        return self.message


class CatalogueError(HelvetiaError, ValueError):
    """The building catalogue (shipped, overridden or from a header) is not valid."""

    code = "catalogue"


class MalformedAction(HelvetiaError, ValueError):
    """An action that is not of the record format (a missing field, a wrong type, ...)."""

    code = "malformed"


class IllegalAction(HelvetiaError):
    """A well-formed action that the rules do not allow now; ``code`` says which rule."""

    code = "illegal"


class RecordError(HelvetiaError, ValueError):
    """A game record that cannot be replayed; ``line`` is 1-based."""

    code = "record"

    def __init__(self, line: int, reason: str, code: str | None = None) -> None:
        super().__init__(f"line {line}: {reason}", code)
        self.line = line
        self.reason = reason
