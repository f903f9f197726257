"""Known players and device settings (UI-LANG): the language last chosen on this device, the
names that played on it, and the seats and names of the last game started."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..engine.header import VIRTUAL_LEVELS

if TYPE_CHECKING:
    from .opening import Store

# Kept in the settings table (key -> JSON text), so the schema stays as it is.

NAME_LENGTH = 16
"""The longest player name (the record's limit)."""
KNOWN_PLAYERS = 30
"""How many known players the device keeps, the most recent first."""


def device_language(store: Store) -> str | None:
    """The language last chosen on this device, if any (one the companion has)."""
    from ..config import LANGUAGES  # here: the store need not load config's hardware modules

    lang = store.setting("language")
    return lang if lang in LANGUAGES else None


def keep_language(store: Store, language: str) -> None:
    store.set_setting("language", language)


def _json_setting(store: Store, key: str, default: Any) -> Any:
    raw = store.setting(key)
    if raw is None:
        return default
    try:
        value = json.loads(raw)
    except ValueError:  # a damaged value: start again rather than fail the new-game screen
        return default
    return value if isinstance(value, type(default)) else default


def known_players(store: Store) -> list[str]:
    """The names that played on this device, the most recent first."""
    return [n for n in _json_setting(store, "known_players", [])
            if isinstance(n, str) and 0 < len(n) <= NAME_LENGTH]  # never longer (STORE)


def last_names(store: Store) -> dict[str, str]:
    """The name at each seat (colour) in the last game started, where one was entered."""
    return {c: n for c, n in _json_setting(store, "last_names", {}).items()
            if isinstance(n, str) and 0 < len(n) <= NAME_LENGTH}  # never longer (STORE)


def last_seats(store: Store) -> list[str]:
    """The seats (colours) that played in the last game started; empty if none is known."""
    seats = _json_setting(store, "last_seats", [])
    return seats if all(isinstance(c, str) for c in seats) else []


def last_levels(store: Store) -> dict[str, str]:
    """The seats (colour -> level) the companion played in the last game started."""
    return {c: lv for c, lv in _json_setting(store, "last_levels", {}).items()
            if isinstance(c, str) and lv in VIRTUAL_LEVELS}


def remember_players(store: Store, names: Mapping[str, str | None],
                     levels: Mapping[str, str] | None = None) -> None:
    """A new game's seats: colour -> the name entered (None: none, the colour stands for it),
    and the seats the companion plays (colour -> level). One transaction: the seats that play,
    the last names and levels per seat, and the names put first among the known."""
    entered = {c: n.strip()[:NAME_LENGTH] for c, n in names.items() if n and n.strip()}
    known = list(dict.fromkeys([*entered.values(), *known_players(store)]))[:KNOWN_PLAYERS]
    virtual = {c: lv for c, lv in (levels or {}).items() if c in names}
    with store._tx() as db:
        for key, value in (("last_names", entered), ("known_players", known),
                           ("last_seats", list(names)), ("last_levels", virtual)):
            db.execute("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) "
                       "DO UPDATE SET value=excluded.value",
                       (key, json.dumps(value, ensure_ascii=False)))


def forget_player(store: Store, name: str) -> None:
    """Take a name off the list of known players."""
    known = [n for n in known_players(store) if n != name]
    store.set_setting("known_players", json.dumps(known, ensure_ascii=False))
