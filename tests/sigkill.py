"""A power cut, as near as a test gets: a forked child does its work, reporting through a pipe,
and is killed with SIGKILL at a chosen moment; what it reported before it died comes back."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable


def killed_after(work: Callable[[int], object], delay: float) -> bytes:
    """Run ``work(report)`` in a forked child (``report``: the write end of a pipe; the child
    ends with ``os._exit``, 1 if ``work`` returns or raises), SIGKILL it after ``delay``
    seconds, and return everything it wrote to ``report``."""
    pid, read = _forked(work)
    time.sleep(delay)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    with os.fdopen(read, "rb") as f:
        return f.read()


def killed_once_reported(work: Callable[[int], object]) -> bytes:
    """As ``killed_after``, but the child is killed as soon as it has reported something
    (or has ended); returns what it reported first."""
    pid, read = _forked(work)
    got = os.read(read, 4096)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    os.close(read)
    return got


def _forked(work: Callable[[int], object]) -> tuple[int, int]:
    """The child's pid and the read end of its report pipe."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        try:
            work(write)
        finally:
            os._exit(1)
    os.close(write)
    return pid, read
