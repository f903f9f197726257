"""One writer: the running companion holds an OS lock (``flock``) on a file beside the store,
released by the kernel when the process dies (a crash, SIGKILL, a power cut leaves no stale
lock). A second writer (another ``helvetia run``, a writing ``helvetia`` command) is refused
with the number of the process that holds it; readers take no lock."""

from __future__ import annotations

import contextlib
import fcntl
import os
from pathlib import Path

from ..engine.messages import Message
from .trouble import StoreError, StoreTrouble, trouble_of

COMMANDS = ("import", "export", "games", "stats", "bgstats", "board", "replay", "selfplay",
            "arena", "hwtest")
"""``helvetia`` commands that may hold the store (any other ``helvetia``: a companion)."""


class AlreadyRunning(StoreError):
    """Another process writes this store; ``pid`` is its process number (0: unknown) and
    ``command`` what it is (``holder_command``)."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.command = holder_command(pid)
        super().__init__(Message("store.running", {"pid": pid}))


class Held(StoreTrouble):
    """The store is held by another process (``AlreadyRunning``) while the companion starts:
    trouble to wait out, not a reason to stop. ``command``: ``"helvetia import"`` and the
    like, None for another companion (or a program not known)."""

    def __init__(self, held: AlreadyRunning) -> None:
        super().__init__("locked", f"held by process {held.pid}")
        self.pid = held.pid
        self.command = held.command


def holder_command(pid: int) -> str | None:
    """What process ``pid`` is, from its command line: ``"helvetia import"`` for a ``helvetia``
    command of ours; None for a companion (``helvetia run``) or a process not readable."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            args = f.read(4096).decode("utf-8", "replace").split("\0")
    except (OSError, ValueError):
        return None
    if not any("helvetia" in a or "companion" in a for a in args[:3]):
        return None
    return next((f"helvetia {a}" for a in args[1:] if a in COMMANDS), None)


def lock_path(path: Path) -> Path:
    return Path(f"{path}.lock")


class WriterLock:
    """The store's writer lock, held from ``acquire`` until ``release`` (or the process ends)."""

    def __init__(self, path: Path) -> None:
        self.file = lock_path(path)
        self.fd: int | None = None

    def acquire(self) -> WriterLock:
        try:
            fd = os.open(self.file, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        except OSError as exc:
            raise trouble_of(exc) from exc
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            pid = holder(fd)
            os.close(fd)
            raise AlreadyRunning(pid) from None
        except OSError as exc:
            os.close(fd)
            raise trouble_of(exc) from exc
        with contextlib.suppress(OSError):  # the number is for the message; the lock is held
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        self.fd = fd
        return self

    def release(self) -> None:
        if self.fd is not None:
            with contextlib.suppress(OSError):
                os.ftruncate(self.fd, 0)
            os.close(self.fd)  # closing the descriptor releases the lock
            self.fd = None


def holder(fd: int) -> int:
    """The process number written by the holder of the lock (0 if it cannot be read)."""
    try:
        text = os.pread(fd, 32, 0).decode("ascii").strip()
        return int(text) if text.isdigit() else 0
    except (OSError, UnicodeError):
        return 0
