"""Work that takes longer than a frame (a virtual player's thought, a hint), done beside the
screen's thread: one worker thread takes the jobs in turn; the app polls every frame, so the
screen draws and answers taps and seat buttons while the work goes on.

A job belongs to whoever asked (a screen, an overlay): once that is no longer shown, the job
is withdrawn (skipped if not begun; a running one is asked, between its steps, to stop) and
its answer, if any, thrown away."""

from __future__ import annotations

import queue
import sys
import threading
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")
SWITCH_INTERVAL = 0.0005
"""Seconds a thread holds the interpreter before another may take it, while a job runs."""


class Job(Generic[T]):
    """One piece of work beside the screen; ``ready`` once its answer (or its error) is in."""

    def __init__(self, work: Callable[[Callable[[], bool]], T], owner: object) -> None:
        self.work = work
        """Called on the worker with ``withdrawn``: true once the answer is no longer wanted."""
        self.owner = owner
        self._finished = threading.Event()
        self._withdrawn = threading.Event()
        self._value: T | None = None
        self._error: BaseException | None = None

    @property
    def ready(self) -> bool:
        return self._finished.is_set()

    @property
    def withdrawn(self) -> bool:
        return self._withdrawn.is_set()

    def withdraw(self) -> None:
        self._withdrawn.set()

    def value(self) -> T:
        """The answer (the work's own error raised again); only once ``ready``."""
        if not self.ready:
            raise RuntimeError("the job is not done yet")
        if self._error is not None:
            raise self._error
        return self._value  # type: ignore[return-value]

    def wait(self, timeout: float | None = None) -> bool:
        return self._finished.wait(timeout)

    def _run(self) -> None:
        try:
            if not self.withdrawn:
                self._value = self.work(self._withdrawn.is_set)
        except BaseException as exc:  # handed to the screen thread as it is
            self._error = exc
        finally:
            self._finished.set()


class Beside:
    """The worker and its queue of jobs. ``wake`` is called (from the worker) when a job is
    done: it wakes the app's loop."""

    def __init__(self, wake: Callable[[], None] = lambda: None) -> None:
        self.wake = wake
        self.jobs: list[Job[object]] = []
        """The jobs asked for and not yet seen done by ``poll``."""
        self._queue: queue.SimpleQueue[Job[object] | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None

    def run(self, owner: object, work: Callable[[Callable[[], bool]], T]) -> Job[T]:
        """``work`` queued for the worker, on behalf of ``owner``."""
        job: Job[T] = Job(work, owner)
        self.jobs.append(job)  # type: ignore[arg-type]
        if self._thread is None:
            self._thread = threading.Thread(target=self._work, name="beside", daemon=True)
            self._thread.start()
        self._queue.put(job)  # type: ignore[arg-type]
        return job

    def poll(self, shown: Callable[[object], bool]) -> bool:
        """On the screen's thread, every frame: the jobs of owners no longer ``shown``
        withdrawn; True when a job finished since the last poll (its owner draws again)."""
        finished = False
        for job in list(self.jobs):
            if not shown(job.owner):
                job.withdraw()
            if job.ready or job.withdrawn:
                self.jobs.remove(job)
                finished = finished or (job.ready and not job.withdrawn)
        return finished

    @property
    def busy(self) -> bool:
        return any(not job.ready and not job.withdrawn for job in self.jobs)

    def close(self) -> None:
        """Every job withdrawn and the worker told to stop (it is a daemon: a running job
        never holds the app's exit)."""
        for job in self.jobs:
            job.withdraw()
        if self._thread is not None:
            self._queue.put(None)
            self._thread = None

    def _work(self) -> None:
        while True:
            job = self._queue.get()
            if job is None:
                return
            # While a job runs, the screen's thread gets the interpreter back within a
            # millisecond of asking (Python's default is 5 ms, and a frame asks many times).
            interval = sys.getswitchinterval()
            sys.setswitchinterval(min(interval, SWITCH_INTERVAL))
            try:
                job._run()
            finally:
                sys.setswitchinterval(interval)
            if not job.withdrawn:
                self.wake()
