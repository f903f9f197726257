"""What can go wrong with the store, decided once: **damage** (the file itself is bad: it is set
aside) or **trouble** (the file is probably fine, the system around it is not: nothing is moved,
``StoreTrouble`` says what to do), and the short reason a failed save gives."""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path
from typing import ClassVar

# SQLite's primary result codes that mean the file itself is damaged (everything else that
# fails is trouble: the file may be fine, the system around it is not).
_DAMAGE_CODES = {11, 26}  # SQLITE_CORRUPT, SQLITE_NOTADB


class StoreError(Exception):
    """The store cannot do what was asked; the message says why, for the screen."""


class StoreTrouble(StoreError):
    """The store is (probably) fine, but cannot be used now. ``kind``: ``locked``,
    ``read_only``, ``full``, ``permission``, ``newer`` or ``io``; the message says what is
    wrong and what to do. Nothing has been moved."""

    ADVICE: ClassVar[dict[str, str]] = {
        "locked": "another program is using the saved games; close it (e.g. a 'helvetia' "
                  "command) and it goes on by itself",
        "read_only": "the memory card or its folder is read-only; make it writable again",
        "full": "the memory card is full; make room on it",
        "permission": "the companion may not write its folder; give the folder back to the "
                      "companion's user",
        "newer": "they were saved by a newer companion; update this one",
        "io": "the memory card does not answer as it should; check the card",
    }

    def __init__(self, kind: str, detail: str) -> None:
        self.kind = kind
        self.detail = detail
        super().__init__(f"The saved games cannot be used ({detail}): {self.ADVICE[kind]}.")


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
    """A short reason for a failed save, the same words for every cause of one kind."""
    if isinstance(exc, StoreTrouble):
        return exc.ADVICE[exc.kind]
    if isinstance(exc, (OSError, sqlite3.Error)):
        return trouble_of(exc).ADVICE[trouble_of(exc).kind]
    return str(exc)



def _why(exc: BaseException) -> str:
    text = str(exc) if not isinstance(exc, UnicodeError) else "text that is not UTF-8"
    return text[:200]

