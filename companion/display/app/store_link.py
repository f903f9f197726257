"""Opening the store off the screen thread: a retry of a locked, missing or full store runs on
a thread of its own while the trouble screen stays alive and the watchdog is pinged; the loop
takes the result when it is there."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from ...config import Config
from ...session import Saver, Session
from ...store import AlreadyRunning, Held, Store, StoreError, StoreTrouble, device_language
from ...store.messages import Notices
from ..words import i18n

if TYPE_CHECKING:
    pass

log = logging.getLogger(__name__)
RETRY = 5.0  # seconds between tries to open a store in trouble
OPEN_TIMEOUT = 1.0  # seconds to wait for another program's lock at open, then show trouble


class Opening:
    """``Store.open(path, timeout=timeout)`` on a thread of its own; ``result()`` returns what
    it returned or raises what it raised, once ``done``."""

    def __init__(self, path: Path, timeout: float) -> None:
        self._value: list[tuple[Store, Notices | None]] = []
        self._error: list[BaseException] = []
        self._thread = threading.Thread(target=self._run, args=(path, timeout),
                                        name="helvetia-open", daemon=True)
        self._thread.start()

    def _run(self, path: Path, timeout: float) -> None:
        try:
            self._value.append(Store.open(path, timeout=timeout))
        except BaseException as exc:  # handed to the screen thread
            self._error.append(exc)

    @property
    def done(self) -> bool:
        return not self._thread.is_alive()

    def result(self) -> tuple[Store, Notices | None]:
        self._thread.join()
        if self._error:
            raise self._error[0]
        return self._value[0]


class StoreLink:
    """The app's side of the store: opening it (and again, in the background, while it is in
    trouble) and resuming its game. Mixed into ``App``, whose attributes it uses."""

    store: Store | None
    trouble: StoreTrouble | None
    session: Session | None
    opening: Opening | None
    banner: str | None
    retry_at: float
    dirty: bool
    store_path: Path
    saver: Saver
    config: Config
    clock: Callable[[], float]
    after_change: Callable[[], None]
    flushing: threading.Thread | None = None
    flush_at: float = 0.0

    def keep_saving(self) -> None:
        """Actions queued for a locked store: save them on a thread of its own, every
        ``RETRY`` seconds until it works; meanwhile the banner says what they wait for."""
        session = self.session
        if session is None or (self.flushing is not None and self.flushing.is_alive()):
            return
        self.flushing = None
        if not session.queued:
            return
        if session.waiting is not None and self.banner is None:
            self.banner = i18n.error_text(session.waiting)
            self.dirty = True
        if self.clock() >= self.flush_at:
            self.flush_at = self.clock() + RETRY
            self.flushing = threading.Thread(target=self._flush, args=(session,),
                                             name="helvetia-flush", daemon=True)
            self.flushing.start()

    def _flush(self, session: Session) -> None:
        if session.flush():
            self.banner = None
            self.dirty = True

    def open_store(self, opening: Opening | None = None) -> bool:
        """Open the store (``opening``: opened in the background already; else here, on the
        saver's thread) and resume its game; on trouble, keep it and say what is wrong."""
        try:
            self.store, notice = opening.result() if opening else self.saver(
                lambda: Store.open(self.store_path, timeout=OPEN_TIMEOUT))
        except Exception as exc:  # trouble: nothing was moved; shown, and tried again
            if isinstance(exc, AlreadyRunning):  # another companion or a command: named,
                exc = Held(exc)  # waited for, taken over (no exit, no restart loop)
            elif not isinstance(exc, StoreTrouble):  # unforeseen: still no crash loop at start
                log.exception("the store could not be opened")
                exc = StoreTrouble("io", f"{type(exc).__name__}: {exc}")
            self.store, self.trouble = None, exc
            self.retry_at = self.clock() + RETRY
            return False
        self.trouble = None
        i18n.use(device_language(self.store) or self.config.language)  # chosen on this device
        self.banner = None
        try:
            self.session = Session.resume(self.store, runner=self.saver)
        except Exception as exc:  # kept in the store; the table can still start a new game
            if not isinstance(exc, StoreError):
                log.exception("the stored game could not be resumed")
            self.banner = i18n.error_text(exc)
        if self.session is not None:  # the notice names them too
            i18n.set_players(self.session.kind.players(self.session.game))
        self.banner = " ".join(t for t in (i18n.store_text(notice), self.banner) if t) or None
        return True

    def retry_store(self) -> None:
        """Try the store again, on a thread of its own: the screen goes on meanwhile."""
        if self.opening is None:
            self.opening = Opening(self.store_path, OPEN_TIMEOUT)
        if not self.opening.done:
            return  # the loop looks again at its next turn
        opening, self.opening = self.opening, None
        if self.open_store(opening):
            self.after_change()
        self.dirty = True
