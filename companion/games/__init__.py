"""The games the table plays, found by name: a record's header names its game (``"game"``;
Helvetia's older records name none), and ``kind_named`` gives that game's ``GameKind``.

A game's code is imported only when a game of that kind is opened (a quick start). A game
not shipped here registers itself with ``register`` (docs/adding-a-game.md)."""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..engine.errors import HelvetiaError
from ..engine.record import loads_line
from .kind import Changed, Decision, GameKind, LedMoment, Played

DEFAULT = "helvetia"
"""The game a header that names none is of (the first records did not)."""



@dataclass(frozen=True)
class Known:
    """A game known by name, before its code is imported."""

    where: str
    """``module:Class`` of its ``GameKind``."""
    title: str
    """Its own name, as printed on its box (the new-game screen's button)."""
    messages: str | None = None
    """The module of its message codes, if it has its own."""
    commands: tuple[str, ...] = ()
    """Its own command-line commands (``helvetia <command>``), added by ``commands_module``."""
    commands_module: str | None = None
    """The module whose ``add_commands(subparsers, parser_class)`` adds them."""


_WHERE: dict[str, Known] = {
    "helvetia": Known("companion.games.helvetia:Helvetia", "Helvetia"),
    "drunter": Known("companion.games.drunter:Drunter", "Drunter & Drüber",
                     "companion.drunter.messages", ("board",), "companion.drunter_store"),
}
_KINDS: dict[str, GameKind] = {}


def register(name: str, where: str, title: str, messages: str | None = None) -> None:
    """Make a game known by name: ``where`` is ``"module:Class"`` of its ``GameKind``
    (imported when first asked for), ``messages`` the module of its message codes."""
    if ":" not in where:
        raise ValueError(f"{where!r} is not 'module:Class'")
    _WHERE[name] = Known(where, title, messages)
    _KINDS.pop(name, None)


def unregister(name: str) -> None:
    """Forget a registered game (not the default)."""
    if name != DEFAULT:
        _WHERE.pop(name, None)
        _KINDS.pop(name, None)


def titles() -> dict[str, str]:
    """The games known (name -> title), the default first; none of their code imported."""
    return {name: known.title for name, known in _WHERE.items()}


def message_modules() -> list[str]:
    """The modules holding the games' own message codes (the display words them)."""
    return [k.messages for k in _WHERE.values() if k.messages]


def commands() -> dict[str, str]:
    """The games' own command-line commands: command -> the module that adds it (imported
    only when the command is given: a quick start)."""
    return {c: k.commands_module for k in _WHERE.values() if k.commands_module
            for c in k.commands}


def kind_named(name: str) -> GameKind:
    """The game called ``name``; ``LookupError`` if none is."""
    kind = _KINDS.get(name)
    if kind is None:
        if name not in _WHERE:
            raise LookupError(f"no game is called {name!r} (known: {', '.join(_WHERE)})")
        where = _WHERE[name].where
        module, _, cls = where.partition(":")
        kind = getattr(importlib.import_module(module), cls)()
        if not isinstance(kind, GameKind) or kind.name != name:
            raise TypeError(f"{where} is not the GameKind of {name!r}")
        _KINDS[name] = kind
    return kind


def kind_of_header(header: Any) -> GameKind:
    """The game a record's header (a JSON object) is of: the one it names, else the default."""
    name = header.get("game", DEFAULT) if isinstance(header, dict) else DEFAULT
    kind = kind_named(name) if isinstance(name, str) and name in _WHERE else None
    return kind if kind is not None and kind.recognises(header) else kind_named(DEFAULT)


def kind_of_record(lines: Iterable[str]) -> GameKind:
    """The game of a record: its first non-blank line's (the default if it is not JSON: the
    default game's reader then says what is wrong)."""
    for raw in lines:
        if raw.strip():
            try:
                return kind_of_header(loads_line(raw))
            except HelvetiaError:
                break
    return kind_named(DEFAULT)


__all__ = ["DEFAULT", "Changed", "Decision", "GameKind", "LedMoment", "Played", "commands",
           "kind_named",
           "kind_of_header", "kind_of_record", "message_modules", "register", "titles",
           "unregister"]
