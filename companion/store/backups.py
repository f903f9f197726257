"""The two rotating backups of the store: written with SQLite's online backup on a connection
of their own (the table's commits go on meanwhile), rotated by a counter kept inside each, so a
clock that jumps back (a Pi without a clock, at every power cut) changes nothing."""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

from .files import BACKUPS, _sync_dir, backup_number
from .trouble import trouble_of

BUSY_TIMEOUT = 5.0


def write_backup(path: Path, checkpoint: Callable[[sqlite3.Connection], bool]) -> Path:
    """Copy the store with SQLite's online backup (on a connection of its own, so that the
    table's commits go on meanwhile) into the backup with the lower counter: a copy is
    written beside it with the next counter, fsynced, and renamed over it, so one good
    backup always remains. A clock that jumps back changes nothing."""
    slots = [Path(f"{path}.{n}") for n in BACKUPS]
    numbers = [backup_number(p) for p in slots]
    ranks = [-1 if n is None else n for n in numbers]  # none yet: the first to write
    slot = slots[ranks.index(min(ranks))]
    tmp = slot.with_name(slot.name + ".new")
    with contextlib.suppress(FileNotFoundError):
        tmp.unlink()
    try:
        with contextlib.closing(sqlite3.connect(path, timeout=BUSY_TIMEOUT)) as src, \
                contextlib.closing(sqlite3.connect(tmp)) as dst:
            checkpoint(src)
            src.backup(dst)
            dst.execute("PRAGMA journal_mode=DELETE")
            dst.execute("INSERT INTO meta (key, value) VALUES ('backup', ?) ON "
                        "CONFLICT(key) DO UPDATE SET value=excluded.value",
                        (max((n for n in numbers if n is not None), default=0) + 1,))
            dst.commit()
        fd = os.open(tmp, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
        tmp.replace(slot)
        _sync_dir(path.parent)
    except (sqlite3.Error, OSError) as exc:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise trouble_of(exc) from exc
    return slot



def best_backup(path: Path) -> tuple[Path, int] | None:
    """The newest backup (by its counter) that opens cleanly, and its counter."""
    best: tuple[Path, int] | None = None
    for name in BACKUPS:
        b = Path(f"{path}.{name}")
        n = backup_number(b, check=True)
        if n is not None and (best is None or n > best[1]):
            best = (b, n)
    return best
