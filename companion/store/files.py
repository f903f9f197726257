"""The files beside the store: the two rotating backups (their names and counters), and setting
damaged files aside under a new name (never overwriting anything)."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

from .trouble import trouble_of

BACKUPS = ("backup-1", "backup-2")


def backup_number(file: Path, check: bool = False) -> int | None:
    """The counter a backup was written with (0 for one from before the counters); None if
    there is none or it cannot be read (or, with ``check``, fails SQLite's quick check)."""
    if not file.exists():
        return None
    try:
        with contextlib.closing(sqlite3.connect(f"file:{file}?mode=ro", uri=True)) as db:
            if check and db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                return None
            row = db.execute("SELECT value FROM meta WHERE key='backup'").fetchone()
            return 0 if row is None else int(row[0])
    except (sqlite3.Error, UnicodeError, ValueError, TypeError):
        return None


def _stamp(clock: Callable[[], float]) -> str:
    return time.strftime("%Y%m%d-%H%M%S", time.localtime(clock()))


def _free_name(path: Path, label: str, clock: Callable[[], float],
               suffixes: tuple[str, ...]) -> Path:
    """``path.label-STAMP`` (``-2``, ``-3``... when taken), free for every suffix."""
    base = f"{path}.{label}-{_stamp(clock)}"
    n = 1
    while True:
        name = base if n == 1 else f"{base}-{n}"
        if not any(os.path.lexists(name + s) for s in suffixes):
            return Path(name)
        n += 1


def _set_aside(path: Path, clock: Callable[[], float]) -> Path:
    """Move the store's files to a new name; a hard link that fails if the name is taken
    makes sure nothing is ever overwritten, even by two processes in the same second."""
    suffixes = ("", "-wal", "-shm")
    while True:
        aside = _free_name(path, "damaged", clock, suffixes)
        try:
            for s in suffixes:
                part = Path(f"{path}{s}")
                if part.exists():
                    os.link(part, f"{aside}{s}")
        except FileExistsError:
            continue  # taken in the meantime: the next number
        except OSError as exc:
            raise trouble_of(exc) from exc
        break
    try:
        for s in suffixes:
            with contextlib.suppress(FileNotFoundError):
                Path(f"{path}{s}").unlink()
        _sync_dir(path.parent)
    except OSError as exc:
        raise trouble_of(exc) from exc
    return aside


def _keep_copy(file: Path, clock: Callable[[], float]) -> Path:
    """A copy of ``file`` under a new name (SQLite is about to use the original)."""
    while True:
        kept = _free_name(file, "damaged", clock, ("",))
        try:
            with file.open("rb") as src, open(kept, "xb") as dst:
                dst.write(src.read())
                dst.flush()
                os.fsync(dst.fileno())
        except FileExistsError:
            continue
        except OSError as exc:
            raise trouble_of(exc) from exc
        return kept


def _sync_dir(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
