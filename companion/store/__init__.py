"""The game store, so that no game is ever lost: the store itself in ``opening`` (put together
from ``transactions``, ``actions``, ``undo``, ``reading``, ``upkeep``), its schema and checks at
open in ``checks``, what went wrong in ``trouble``, the files beside it in ``files``, known
players and device settings in ``players``. The public names are importable from here."""

from .checks import APPLICATION_ID, SCHEMA, SCHEMA_VERSION, wal_damage
from .files import BACKUPS
from .games import result_of
from .lock import AlreadyRunning, Held
from .opening import BUSY_TIMEOUT, Store
from .players import (
    KNOWN_PLAYERS,
    NAME_LENGTH,
    device_language,
    forget_player,
    keep_language,
    known_players,
    last_levels,
    last_names,
    last_seats,
    remember_players,
)
from .reading import GameInfo
from .trouble import StoreError, StoreTrouble, reason, trouble_of

__all__ = [
    "Store", "GameInfo", "AlreadyRunning", "Held", "result_of", "StoreError", "StoreTrouble",
    "reason", "trouble_of",
    "wal_damage", "SCHEMA", "SCHEMA_VERSION", "APPLICATION_ID", "BACKUPS", "BUSY_TIMEOUT",
    "NAME_LENGTH", "KNOWN_PLAYERS", "device_language", "keep_language", "known_players",
    "last_levels", "last_names", "last_seats", "remember_players", "forget_player",
]
