"""One transaction at a time: the store's connection, a table event's journal lines and the
game's sealed row written together (all of it on disk, or none of it), the counters in ``meta``,
the device's settings, and the writes nobody waits for (``later``). Every part of the store
(``actions``, ``undo``, ``reading``, ``upkeep``, ``opening``) builds on ``Transactions``."""

from __future__ import annotations

import contextlib
import logging
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from ..engine.messages import Message
from .journal import Appended, journal_file, seal_of
from .lock import WriterLock
from .trouble import StoreError, trouble_of

log = logging.getLogger(__name__)


def _now(clock: Callable[[], float]) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(clock()))


class Transactions:
    """The store's connection and its one-at-a-time transactions (``opening.Store``)."""

    def __init__(self, db: sqlite3.Connection, path: Path, clock: Callable[[], float],
                 lock: WriterLock | None = None) -> None:
        self.db = db
        self.path = path
        self.clock = clock
        self.lock = lock
        self.writer = lock is not None
        self.pending_checkpoint = False
        self.healed: dict[int, Any] = {}  # a reader's view of games it could not write back
        self._journaled: list[Appended] = []
        self._backing_up = threading.Lock()
        self.backup_thread: threading.Thread | None = None
        self.later_thread: threading.Thread | None = None
        self.unjournaled = 0  # games healed from a backup without their journal (at open)
        self._writing = threading.RLock()  # one transaction at a time, whichever thread
        self.failed_later: list[StoreError] = []  # what ``later`` could not save, to be said
        self.checking: frozenset[int] = frozenset()
        """Games still being checked against their journals beside the table (after an
        unclean shutdown, the games other than the table's): the Games list says so."""
        self.late_notices: list[Message] = []
        """What a check beside the table found (the games after an unclean start, a record
        read, a round end's journal check), for the screen to say: added by ``tell_late``,
        taken by ``take_late_notices`` (both under a lock: the checks run beside the table)."""
        self._notices_lock = threading.Lock()
        self.check_thread: threading.Thread | None = None
        self._stop_checking = threading.Event()
        self._checked: set[int] = set()  # games whose rows passed their checks when read

    def tell_late(self, said: list[Message]) -> None:
        """Keep what a check beside the table found, for the screen to say."""
        with self._notices_lock:
            self.late_notices = [*self.late_notices, *said]

    def take_late_notices(self) -> list[Message]:
        """What checks beside the table found since the last call, each said once."""
        with self._notices_lock:
            said, self.late_notices = self.late_notices, []
        return said

    @contextlib.contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        """One transaction: all of it is on disk when this returns (the journal lines first,
        then the database), or none of it. Any failure (a full card, a lock, a refused row)
        rolls it back, cuts the journal back, and raises ``StoreError``."""
        with self._writing:
            yield from self._tx_held()

    def _tx_held(self) -> Iterator[sqlite3.Connection]:
        self._journaled = []
        try:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                yield self.db
                self.db.execute("UPDATE meta SET value = value + 1 WHERE key = 'commits'")
                self.db.execute("COMMIT")
            except BaseException:
                if self.db.in_transaction:
                    with contextlib.suppress(sqlite3.Error):
                        self.db.execute("ROLLBACK")
                for appended in self._journaled:
                    appended.undo()
                raise
        except (sqlite3.Error, OSError) as exc:
            raise trouble_of(exc) from exc
        finally:
            for appended in self._journaled:
                appended.close()
            self._journaled = []
        self.pending_checkpoint = True

    def later(self, write: Callable[[], Any]) -> threading.Thread:
        """A write nobody waits for (a setting, the known players, a cost read off a tile),
        on a thread of its own: the screen never waits for the card. A failure is kept in
        ``failed_later`` for the screen to say."""
        def run() -> None:
            try:
                write()
            except StoreError as exc:
                self.failed_later.append(exc)
            except Exception:  # never lost silently: logged
                log.exception("a background save failed")

        t = threading.Thread(target=run, name="helvetia-later", daemon=True)
        t.start()
        self.later_thread = t
        return t

    def _journal(self, game_id: int, events: list[list[Any]],
                 journaled: int | None = None) -> None:
        """Append the event's journal lines (fsynced) and seal the game's row with them;
        ``journaled``: they are in the journal already (``keep_action``), up to that line."""
        if journaled is not None:
            self.db.execute("UPDATE games SET jlines=MAX(COALESCE(jlines, 0), ?) WHERE id=?",
                            (journaled, game_id))
            self._seal(game_id)
            return
        appended = Appended(journal_file(self.path, game_id), events)
        self._journaled.append(appended)
        self.db.execute("UPDATE games SET jlines = COALESCE(jlines, 0) + ? WHERE id=?",
                        (appended.lines, game_id))
        self._seal(game_id)

    def _seal(self, game_id: int) -> None:
        head, started, ended, result, jlines = self.db.execute(
            "SELECT head, started_at, ended_at, result, jlines FROM games WHERE id=?",
            (game_id,)).fetchone()
        n = self.db.execute("SELECT COUNT(*) FROM actions WHERE game_id=?",
                            (game_id,)).fetchone()[0]
        self.db.execute("UPDATE games SET seal=? WHERE id=?",
                        (seal_of(head, started, ended, result, jlines, n), game_id))

    def _meta(self, key: str) -> int | None:
        row = self.db.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return None if row is None else int(row[0])

    def _set_meta(self, key: str, value: int | None) -> None:
        if value is None:
            self.db.execute("DELETE FROM meta WHERE key=?", (key,))
        else:
            self.db.execute("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO "
                            "UPDATE SET value=excluded.value", (key, value))

    def _add_actions(self, n: int) -> None:
        self.db.execute("UPDATE meta SET value = value + ? WHERE key = 'actions'", (n,))

    @property
    def counts(self) -> tuple[int, int]:
        """(commits, actions) as this store has them."""
        return self._meta("commits") or 0, self._meta("actions") or 0

    def head(self, game_id: int) -> str:
        """The chain value of the game's last action (its head if it has none)."""
        row = self.db.execute("SELECT chain FROM actions WHERE game_id=? ORDER BY seq DESC "
                              "LIMIT 1", (game_id,)).fetchone()
        if row is None:
            row = self.db.execute("SELECT head FROM games WHERE id=?", (game_id,)).fetchone()
        if row is None:
            raise StoreError(Message("store.no_game", {"game": game_id}))
        return str(row[0])

    def _keep(self, game_id: int, events: list[list[Any]]) -> int:
        file = journal_file(self.path, game_id)
        with self._writing:
            try:
                Appended(file, events).close()
                return file.read_bytes().count(b"\n")
            except OSError as exc:
                raise trouble_of(exc) from exc

    def setting(self, key: str, default: str | None = None) -> str | None:
        row = self.db.execute("SELECT value FROM settings WHERE key=?", (key,)).fetchone()
        return default if row is None else str(row[0])

    def set_setting(self, key: str, value: str) -> None:
        with self._tx():
            self._put_setting(key, value)

    def _put_setting(self, key: str, value: str) -> None:
        """A setting, within the transaction open."""
        self.db.execute("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) "
                        "DO UPDATE SET value=excluded.value", (key, value))
