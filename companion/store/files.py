"""The files beside the store: the two rotating backups' names, the commit counter, and setting
damaged files aside under a new name (never overwriting anything)."""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable
from pathlib import Path

from .trouble import trouble_of

BACKUPS = ("backup-1", "backup-2")


def _counter(path: Path) -> Path:
    return Path(f"{path}.commits")


def _read_counter(path: Path) -> tuple[int, int] | None:
    try:
        parts = _counter(path).read_text(encoding="ascii")[:100].split()
        return (int(parts[0]), int(parts[1])) if len(parts) == 2 else None
    except (OSError, ValueError, UnicodeError):
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
