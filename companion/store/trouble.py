"""What can go wrong with the store, decided once: **damage** (the file itself is bad: it is set
aside) or **trouble** (the file is probably fine, the system around it is not: nothing is moved,
``StoreTrouble`` says what to do), and the short reason a failed save gives."""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path

from ..engine.messages import Message
from .messages import REASONS, english

# SQLite's primary result codes that mean the file itself is damaged (everything else that
# fails is trouble: the file may be fine, the system around it is not).
_DAMAGE_CODES = {11, 26}  # SQLITE_CORRUPT, SQLITE_NOTADB


class StoreError(Exception):
    """The store cannot do what was asked; ``msg`` (a code with parameters) says why, for the
    screen; ``str()`` is its English."""

    def __init__(self, msg: Message) -> None:
        self.msg = msg
        super().__init__(english(msg))


class StoreTrouble(StoreError):
    """The store is (probably) fine, but cannot be used now. ``kind``: ``locked``,
    ``read_only``, ``full``, ``permission``, ``newer`` or ``io``; the message says what is
    wrong and what to do. Nothing has been moved."""

    pid: int | None = None
    """The process that holds the store (``lock.Held``), None for other trouble."""
    command: str | None = None
    """What that process is (``"helvetia import"``), None for a companion or unknown."""

    def __init__(self, kind: str, detail: str) -> None:
        self.kind = kind
        self.detail = detail
        super().__init__(Message("store.trouble", {"detail": detail, "reason": kind}))


class Diverged(StoreError):
    """An append or undo that does not follow the stored chain head: another connection (or
    process) changed the game. Nothing was stored."""

    kind = "diverged"


class _Damage(Exception):
    """The file is damaged (internal: ``open`` sets it aside)."""


# --- what went wrong ----------------------------------------------------------------------------


def trouble_of(exc: BaseException) -> StoreTrouble:
    """The trouble an ``OSError`` or ``sqlite3.Error`` stands for."""
    if isinstance(exc, StoreTrouble):
        return exc
    if isinstance(exc, OSError):
        kind = {errno.ENOSPC: "full", errno.EDQUOT: "full", errno.EROFS: "read_only",
                errno.EACCES: "permission", errno.EPERM: "permission"}.get(exc.errno or 0, "io")
        return StoreTrouble(kind, exc.strerror or str(exc))
    code = (getattr(exc, "sqlite_errorcode", None) or 0) & 0xFF
    kind = {5: "locked", 6: "locked", 8: "read_only", 13: "full", 3: "permission",
            23: "permission", 14: "permission"}.get(code, "io")
    return StoreTrouble(kind, str(exc))


def _diagnose(trouble: StoreTrouble, path: Path) -> StoreTrouble:
    """SQLite often says only "unable to open": ask the file system what it is."""
    if trouble.kind not in ("permission", "io"):
        return trouble
    try:
        st = os.statvfs(path.parent)
    except OSError:
        return trouble
    if st.f_flag & os.ST_RDONLY:
        return StoreTrouble("read_only", trouble.detail)
    if st.f_bavail == 0 and os.geteuid() != 0:
        return StoreTrouble("full", trouble.detail)
    if st.f_bfree == 0:
        return StoreTrouble("full", trouble.detail)
    if not os.access(path.parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        return StoreTrouble("permission", trouble.detail)
    return trouble


def _is_damage(exc: BaseException) -> bool:
    if isinstance(exc, (_Damage, UnicodeError)):
        return True
    if isinstance(exc, sqlite3.Error):
        code = (getattr(exc, "sqlite_errorcode", None) or 0) & 0xFF
        return code in _DAMAGE_CODES or "Could not decode" in str(exc)
    return False


def reason(exc: BaseException) -> str:
    """The kind of a failed save (a ``REASONS`` key), the same for every cause of one kind."""
    kind = getattr(exc, "kind", None)
    if isinstance(kind, str) and kind in REASONS:
        return kind
    if isinstance(exc, (OSError, sqlite3.Error)):
        return trouble_of(exc).kind
    return "io"



def _why(exc: BaseException) -> str:
    text = str(exc) if not isinstance(exc, UnicodeError) else "text that is not UTF-8"
    return text[:200]

