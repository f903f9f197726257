"""The screens the top bar opens by name (villages, market, undo, menu): each registers itself
here, so that the shared parts (``common.nav``) never import the screens they open, and no
screen imports back from the shared parts' importers."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from ...contract import Screen

S = TypeVar("S", bound=type[Screen])

_MAKERS: dict[str, Callable[[], Screen]] = {}


def opened_as(name: str) -> Callable[[S], S]:
    """Registers a screen class (made with no arguments) under ``name``."""

    def register(cls: S) -> S:
        _MAKERS[name] = cls
        return cls

    return register


def make(name: str) -> Screen:
    """A new screen of the kind registered under ``name``."""
    try:
        maker = _MAKERS[name]
    except KeyError:
        raise LookupError(f"no screen is registered as {name!r} (is its module imported by "
                          "companion.display.screens?)") from None
    return maker()
