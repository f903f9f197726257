"""The game store: one SQLite database in the data directory, so that no game is ever lost.

Every table event (an action with all it implies: the game's end, costs learned, an undo with its
"unfinish") is one transaction, committed (and on disk) before the screen shows it done. Journal:
WAL with ``synchronous=FULL``: each commit is fsynced to the write-ahead log before it returns, so
a power cut loses nothing that was confirmed, and a commit costs one append and one fsync (kinder
to an SD card). The actions are stored exactly as the record's lines, so a game exports as its
record.

What can go wrong at start is decided here, once:

- **Damage** (not a database, a failed integrity check, a foreign schema, rows that cannot be
  decoded, a bad cost): the files are set aside under a new name (never overwriting anything) and
  the store starts again, from the newest backup if there is one; the table is told.
- **Trouble** (locked by another program, read-only, full, no permission, a store of a newer
  companion): nothing is moved. ``StoreTrouble`` says what is wrong and what to do; the app
  retries, and the games are there when the trouble is gone.

Every action is kept twice, in places that fail apart: the database's row and the game's
append-only journal (``journal``), each with a chain of checks, so any change is found and its
place known. At open every game is checked and healed from the other copy (``repair``); only
what both copies lost comes from a backup or is gone, and then the table is told exactly what.
One writer: the store is locked (``lock``) by the process that writes it.

The WAL is checkpointed into the main file when idle, and at each round end the store is copied
into the older of two backups (by a counter kept in them), in the background.

Where each part lives: the schema and the checks at open in ``checks``; what went wrong
(damage or trouble) in ``trouble``; the files beside the store in ``files``; the journal in
``journal``, healing in ``heal`` and ``repair``; one transaction at a time in ``transactions``;
a table event written in ``actions``, undone in ``undo``; games read in ``reading``; the
round end's checkpoint, backup, summaries and journal check in ``upkeep``; known players and
device settings in ``players``; what it says in ``messages``. This module opens the store
(``Store.open``: locked, checked, mended or set aside) and closes it.
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path

from ..engine.messages import Message
from .actions import Actions
from .backups import best_backup
from .checks import (
    APPLICATION_ID,
    SCHEMA_VERSION,
    _check_rows,
    _check_schema,
    _migrate,
    header_damage,
    mend_header,
    wal_damage,
)
from .files import _keep_copy, _set_aside
from .lock import WriterLock
from .messages import Notices
from .repair import first_to_check, game_ids, heal_store
from .trouble import (
    StoreTrouble,
    _Damage,
    _diagnose,
    _is_damage,
    _why,
    trouble_of,
)
from .undo import Undo
from .upkeep import Upkeep

log = logging.getLogger(__name__)
BUSY_TIMEOUT = 5.0  # seconds to wait for another program's lock before calling it trouble
SAVE_TIMEOUT = 1.0  # the same for a save: then the table's actions are queued (``Session``)


def mend_header_kept(path: Path, clock: Callable[[], float]) -> bool:
    """The header's damaged format bytes mended (``checks.mend_header``), a copy kept first."""
    try:
        with open(path, "rb") as f:
            head = f.read(60)
    except OSError:
        return False
    if not header_damage(head):
        return False
    kept = _keep_copy(path, clock)
    why = mend_header(path)
    log.warning("the store's header was damaged (%s); mended, kept as %s", why, kept)
    return why is not None


class Store(Actions, Undo, Upkeep):
    """The store: opened (and checked) here; a table event written in ``actions``, undone in
    ``undo``; games read in ``reading``; the round end's upkeep in ``upkeep``; one
    transaction at a time in ``transactions``."""

    # --- opening --------------------------------------------------------------------------

    @classmethod
    def open(cls, path: Path | str, clock: Callable[[], float] = time.time, *,
             timeout: float = BUSY_TIMEOUT, writer: bool = True) -> tuple[Store, Notices | None]:
        """Open (or create) the store and check every game, healing a damaged copy from the
        other. A writer (the default) locks the store first (``AlreadyRunning`` if another
        process has it); a reader (``writer=False``) takes no lock and writes nothing, its
        healed games are held in memory. Damage is set aside (never deleted, never
        overwriting); the second value says what the table must know (``Notices``). Trouble
        raises ``StoreTrouble`` and moves nothing."""
        path = Path(path)
        try:
            if writer:
                path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise trouble_of(exc) from exc
        if path.is_dir() or (path.is_symlink() and not path.exists()):  # never retried away
            raise StoreTrouble("in_the_way", f"{path} is not a file")
        lock = WriterLock(path).acquire() if writer else None
        try:
            notices: list[Message] = []
            if writer:  # damage SQLite would take for a read-only store, for ever
                mend_header_kept(path, clock)
            wal = Path(f"{path}-wal")
            unclean = wal.exists()  # the last connection's clean close removes it
            wal_problem = wal_damage(wal)
            if wal_problem and writer:
                kept = _keep_copy(wal, clock)
                log.warning("the WAL failed its check (%s); kept as %s", wal_problem, kept)
            replaced = None
            try:
                store = cls._connect(path, clock, timeout, lock)
            except BaseException as exc:
                if not _is_damage(exc) or not writer:
                    if isinstance(exc, _Damage):
                        raise StoreTrouble("io", _why(exc)) from exc
                    if isinstance(exc, (sqlite3.Error, OSError)):
                        raise _diagnose(trouble_of(exc), path) from exc
                    raise
                aside = _set_aside(path, clock)
                restored = cls._restore_backup(path, clock, lock)
                store = restored or cls._fresh(path, clock, lock)
                log.warning("damaged store (%s) kept as %s", _why(exc), aside)
                replaced = "store.restored" if restored else "store.started_new"
            try:
                if replaced is None and writer:  # the table's game first, the rest beside it
                    first = first_to_check(store)
                    said = heal_store(store, only=first)
                    rest = set().union(*game_ids(store)) - first
                    if (unclean or store._meta("unchecked")) and rest:  # (a check cut short)
                        store.check_in_background(rest)
                else:
                    said = heal_store(store, replaced is not None)
            except BaseException:
                store.db.close()
                raise
            games = [g.id for g in store.games()] if replaced else []
            if replaced and (store.unjournaled or not games):  # not all from the journals
                notices.append(Message(replaced))
            elif replaced and not said:  # the backup and the journals: every game whole
                notices.append(Message("store.repaired", {"game": games[0], "n": len(games)}))
            notices += said
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        return store, Notices(notices) or None

    @classmethod
    def _fresh(cls, path: Path, clock: Callable[[], float], lock: WriterLock | None) -> Store:
        """A new, empty store where the damaged one was."""
        try:
            return cls._connect(path, clock, lock=lock)
        except (sqlite3.Error, OSError, _Damage) as exc:
            raise _diagnose(trouble_of(exc) if not isinstance(exc, _Damage) else
                            StoreTrouble("io", str(exc)), path) from exc

    @classmethod
    def _connect(cls, path: Path, clock: Callable[[], float],
                 timeout: float = BUSY_TIMEOUT, lock: WriterLock | None = None) -> Store:
        if lock is None and not path.exists():  # a reader of a store not begun: empty
            return cls._empty(path, clock)
        db = sqlite3.connect(path, isolation_level=None, timeout=timeout,
                             check_same_thread=False)  # transactions by hand; a saver thread
        try:
            db.text_factory = bytes  # to find rows that are not UTF-8: damage, not a crash
            check = db.execute("PRAGMA integrity_check").fetchone()[0]
            if check != b"ok":
                raise _Damage(f"integrity check: {check.decode('utf-8', 'replace')[:200]}")
            app_id = db.execute("PRAGMA application_id").fetchone()[0]
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if app_id not in (0, APPLICATION_ID):
                raise _Damage("not a Helvetia Companion store")
            mended = False
            if version > SCHEMA_VERSION:
                try:  # our tables exactly (a newer store adds some): the number was damaged
                    older = _check_schema(db, 1)
                    mended = lock is not None
                except _Damage:
                    pass
                if not mended:
                    raise StoreTrouble("newer", f"store version {version}")
                log.warning("the store's version number was damaged (%s); mended", version)
                version = SCHEMA_VERSION - 1 if older else SCHEMA_VERSION
            missing = _check_schema(db, version)
            _check_rows(db, version)
            db.text_factory = str
            if lock is not None:
                if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                    db.execute("PRAGMA journal_mode=WAL")
                db.execute("PRAGMA synchronous=FULL")
                db.execute(f"PRAGMA busy_timeout={int(SAVE_TIMEOUT * 1000)}")  # for the saves
                db.execute("PRAGMA foreign_keys=ON")
                if missing or version < SCHEMA_VERSION or app_id != APPLICATION_ID or mended:
                    _migrate(db, version)
            elif missing or version < SCHEMA_VERSION:
                raise StoreTrouble("io", "a store of an older companion: open it to write once")
        except BaseException:
            db.close()
            raise
        return cls(db, path, clock, lock)

    @classmethod
    def _empty(cls, path: Path, clock: Callable[[], float]) -> Store:
        db = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        _migrate(db, 0)
        return cls(db, path, clock)

    @classmethod
    def _restore_backup(cls, path: Path, clock: Callable[[], float],
                        lock: WriterLock | None) -> Store | None:
        """Copy the best backup into ``path`` (which no longer exists) and open it."""
        best = best_backup(path)
        if best is None:
            return None
        try:
            with contextlib.closing(sqlite3.connect(f"file:{best[0]}?mode=ro", uri=True)) as src, \
                    contextlib.closing(sqlite3.connect(path)) as dst:
                src.backup(dst)
            return cls._connect(path, clock, lock=lock)
        except BaseException as exc:
            if _is_damage(exc):
                _set_aside(path, clock)
                return None
            if isinstance(exc, (sqlite3.Error, OSError)):
                raise _diagnose(trouble_of(exc), path) from exc
            raise

    def check_in_background(self, ids: set[int]) -> threading.Thread:
        """Check and heal games ``ids`` on a thread of its own with its own connection (the
        table's commits and this check take turns, one transaction at a time)."""
        self.checking = frozenset(ids)

        def run() -> None:
            db = None
            try:
                db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False,
                                     timeout=BUSY_TIMEOUT)
                db.execute("PRAGMA synchronous=FULL")
                db.execute("PRAGMA foreign_keys=ON")
                beside = Store(db, self.path, self.clock)
                beside.writer = True
                beside._writing = self._writing
                with beside._tx():  # until the check ends: a start after a clean close
                    beside._set_meta("unchecked", 1)  # still checks the rest
                for gid in sorted(ids, reverse=True):  # the newest first: the Games list's top
                    if self._stop_checking.is_set():
                        return  # closing: the rest is checked at the next start
                    self.tell_late(heal_store(beside, only={gid}, background=True))
                    self.checking = self.checking - {gid}
                with beside._tx():
                    beside._set_meta("unchecked", None)
            except Exception:  # never lost silently: logged; the games are checked next start
                log.exception("the background check of the stored games failed")
            finally:
                self.checking = frozenset()
                if db is not None:
                    db.close()

        t = threading.Thread(target=run, name="helvetia-check", daemon=True)
        t.start()
        self.check_thread = t
        return t

    def checked(self) -> None:
        """Wait for the background check (``check_in_background``) to end."""
        if self.check_thread is not None:
            self.check_thread.join()

    def close(self) -> None:
        self._stop_checking.set()  # a check beside the table stops after its game
        # what runs in the background ends
        for t in (self.backup_thread, self.later_thread, self.check_thread):
            if t is not None:
                t.join()
        with self._writing, self._backing_up:
            self.db.close()
        if self.lock is not None:
            self.lock.release()

