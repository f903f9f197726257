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
``journal``, healing in ``heal`` and ``repair``; known players and device settings in
``players``; what it says in ``messages``. This module is the store itself (transactions,
opening, backups, games, costs, settings).
"""

from __future__ import annotations

import contextlib
import json
import logging
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine import RecordError
from ..engine.messages import Message
from ..games import Played
from ..history.summary import GameSummary
from . import games
from . import summaries as summary_table
from .backups import best_backup, write_backup
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
from .games import result_of
from .journal import ROOT, Appended, journal_file, link, seal_of
from .lock import WriterLock
from .messages import Notices
from .repair import db_copies, first_to_check, game_ids, heal_store
from .trouble import (
    Diverged,
    StoreError,
    StoreTrouble,
    _Damage,
    _diagnose,
    _is_damage,
    _why,
    trouble_of,
)

log = logging.getLogger(__name__)
BUSY_TIMEOUT = 5.0  # seconds to wait for another program's lock before calling it trouble
SAVE_TIMEOUT = 1.0  # the same for a save: then the table's actions are queued (``Session``)
UNDONE = "table_undone"
"""The setting that keeps what the last undos took back (``commit_undo``, ``undone``)."""


@dataclass(frozen=True)
class Kept:
    """An event kept in the journal only (``Store.keep_action``): the journal's length with
    it, when the game ended (if it did), and the action's chain value."""

    lines: int
    ended_at: str | None
    chain: str


@dataclass(frozen=True)
class GameInfo:
    id: int
    header: dict[str, Any]
    started_at: str
    ended_at: str | None
    result: dict[str, Any] | None
    actions: int


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


def _now(clock: Callable[[], float]) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(clock()))



# --- the store ----------------------------------------------------------------------------------


class Store:
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
        self.late_notices: list[Message] = []  # what that check found, for the screen to say
        self.check_thread: threading.Thread | None = None
        self._stop_checking = threading.Event()
        self._checked: set[int] = set()  # games whose rows passed their checks when read

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
                    self.late_notices += heal_store(beside, only={gid}, background=True)
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

    # --- the second copy --------------------------------------------------------------------

    def checkpoint(self, db: sqlite3.Connection | None = None) -> bool:
        """Copy the WAL into the main file and empty it (on ``db``, a connection of its own
        when in the background); False if a reader kept it from finishing (tried again
        later)."""
        try:
            busy = (db or self.db).execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
        except sqlite3.Error:
            return False
        self.pending_checkpoint = bool(busy)
        return not busy

    def backup(self) -> Path:
        """A copy of the store into the older of the two backups (``backups.write_backup``)."""
        return write_backup(self.path, self.checkpoint)

    def round_end(self) -> None:
        """After a round's last commit: a checkpoint, then a backup. Best effort: the commits
        are safe in the WAL and the journal whatever happens here. Safe to call on a thread
        of its own (``round_end_in_background``)."""
        with self._backing_up, contextlib.suppress(StoreError):
            self.summarize_ended()
            self.backup()

    def summarize_ended(self) -> None:
        """The summary rows of ended games that have none (a game just ended: its row is
        computed here, after its commit, never inside it), each in its own transaction."""
        missing = [gid for (gid,) in self.db.execute(
            "SELECT id FROM games WHERE ended_at IS NOT NULL AND id NOT IN "
            "(SELECT game_id FROM summaries) ORDER BY id DESC LIMIT 4")]
        for gid in missing:
            summary_table.summary_in_background(self, gid)

    def summaries(self, *, in_play: bool = True, replay_in_play: bool = False,
                  progress: summary_table.Progress | None = None
                  ) -> list[GameSummary]:
        """Every stored game summed up, newest first, from checked rows (others computed
        again from the records): ``summaries.summaries``."""
        return summary_table.summaries(self, in_play=in_play, replay_in_play=replay_in_play,
                                       progress=progress)

    def games_page(self, finished: bool, offset: int, limit: int,
                   progress: summary_table.Progress | None = None
                   ) -> tuple[list[GameSummary], int, int]:
        """One page of the Games list, paged in SQL (``summaries.page``): its games (newest
        first), and how many are finished and not."""
        return summary_table.page(self, finished, offset, limit, progress)

    def summary_of(self, game_id: int) -> GameSummary | None:
        """One game summed up (``summaries.summary_of``)."""
        return summary_table.summary_of(self, game_id)

    def round_end_in_background(self) -> threading.Thread:
        """``round_end`` on a thread of its own: the caller (the screen) never waits for it."""
        t = threading.Thread(target=self.round_end, name="helvetia-backup", daemon=True)
        t.start()
        self.backup_thread = t
        return t

    def idle(self) -> None:
        """Nothing happening at the table: checkpoint what is still in the WAL."""
        if self.pending_checkpoint:
            self.checkpoint()

    # --- games ----------------------------------------------------------------------------

    def new_game(self, header: Mapping[str, Any]) -> int:
        """The table's new game: it becomes the current one."""
        text = json.dumps(header, ensure_ascii=False)
        started = _now(self.clock)
        head = link(ROOT, text)
        with self._tx():
            cur = self.db.execute("INSERT INTO games (header, started_at, head, jlines) VALUES "
                                  "(?, ?, ?, 0)", (text, started, head))
            assert cur.lastrowid is not None
            self._set_meta("current", cur.lastrowid)
            with contextlib.suppress(FileNotFoundError):  # a journal of a game lost with it
                journal_file(self.path, cur.lastrowid).unlink()
            self._journal(cur.lastrowid, [["h", text, head, started, "table"]])
        return cur.lastrowid

    def head(self, game_id: int) -> str:
        """The chain value of the game's last action (its head if it has none)."""
        row = self.db.execute("SELECT chain FROM actions WHERE game_id=? ORDER BY seq DESC "
                              "LIMIT 1", (game_id,)).fetchone()
        if row is None:
            row = self.db.execute("SELECT head FROM games WHERE id=?", (game_id,)).fetchone()
        if row is None:
            raise StoreError(Message("store.no_game", {"game": game_id}))
        return str(row[0])

    def _append(self, game_id: int, seq: int, line: str, after: str | None) -> list[Any]:
        last = self.db.execute("SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id=?",
                               (game_id,)).fetchone()[0]
        before = self.head(game_id)
        if seq != last + 1 or (after is not None and after != before):
            raise Diverged(Message("store.failed_action", {"reason": "diverged"}))
        chain = link(before, line)
        self.db.execute("INSERT INTO actions (game_id, seq, line, chain) VALUES (?, ?, ?, ?)",
                        (game_id, seq, line, chain))
        self._add_actions(1)
        return ["a", seq, line, chain]

    def commit_action(self, game_id: int, seq: int, line: str, *,
                      costs: Mapping[str, Mapping[str, int]] | None = None,
                      result: Mapping[str, Any] | None = None,
                      after: str | None = None, kept: Kept | None = None) -> str:
        """One table event: action ``seq`` (1-based, following the last stored, and, if
        ``after`` is given, following that chain value) with the costs it taught and, when it
        ended the game, the result; all of it or nothing. Returns the new chain value.
        ``kept``: the event is in the journal already (``keep_action``, while the database
        was locked): only the database is written."""
        with self._tx():
            events = [self._append(game_id, seq, line, after)]
            if costs:
                self._learn(costs)
            if result is not None:
                events.append(self._finish(game_id, result,
                                           kept.ended_at if kept is not None else None))
            self._journal(game_id, events, kept.lines if kept is not None else None)
        return str(events[0][3])

    def keep_action(self, game_id: int, seq: int, line: str, after: str,
                    result: Mapping[str, Any] | None = None) -> Kept:
        """While the database is locked by another program: action ``seq`` (following chain
        value ``after``) and the game's end into the game's journal only, fsynced: one
        checked copy on the card, which the next open takes (the journal leads,
        docs/store.md). ``commit_action(..., kept=...)`` writes the database later."""
        events: list[list[Any]] = [["a", seq, line, link(after, line)]]
        ended = None
        if result is not None:
            ended = _now(self.clock)
            events.append(["f", ended, json.dumps(result)])
        return Kept(self._keep(game_id, events), ended, str(events[0][3]))

    def keep_undo(self, game_id: int, seq: int, unfinish: bool = False) -> int:
        """While the database is locked: the undo of a kept action into the journal only."""
        return self._keep(game_id, [["u", seq]] + ([["r"]] if unfinish else []))

    def _keep(self, game_id: int, events: list[list[Any]]) -> int:
        file = journal_file(self.path, game_id)
        with self._writing:
            try:
                Appended(file, events).close()
                return file.read_bytes().count(b"\n")
            except OSError as exc:
                raise trouble_of(exc) from exc

    def commit_undo(self, game_id: int, seq: int, *, unfinish: bool = False,
                    after: str | None = None, undone: Sequence[str] = ()) -> str:
        """Undo as one event: remove action ``seq`` (the last stored, with chain value
        ``after`` if given) and, when the game's end is undone, mark it in play again.
        ``undone``: the record lines of the actions undone since the last action done, this
        one included (latest undone last), kept in the same transaction for ``undone``.
        Returns the chain value the game is at afterwards."""
        with self._tx():
            if after is not None and after != self.head(game_id):
                raise Diverged(Message("store.failed_undo", {"reason": "diverged"}))
            cur = self.db.execute(
                "DELETE FROM actions WHERE game_id=? AND seq=? AND seq=(SELECT MAX(seq) FROM "
                "actions WHERE game_id=?)", (game_id, seq, game_id))
            if cur.rowcount != 1:
                raise Diverged(Message("store.failed_undo", {"reason": "diverged"}))
            self._add_actions(-1)
            events: list[list[Any]] = [["u", seq]]
            if unfinish:
                events.append(self._unfinish(game_id))
            self._journal(game_id, events)
            head = self.head(game_id)
            if undone:
                self._put_setting(UNDONE, json.dumps({"game": game_id, "head": head,
                                                      "undone": list(undone)}))
            return head

    def undone(self, game_id: int) -> list[str]:
        """The record lines of the actions undone since the game's last action done, in the
        order they were undone (``commit_undo``); none once another action is stored (the
        game's chain head has moved on), for another game, or from a damaged setting."""
        try:
            kept = json.loads(self.setting(UNDONE) or "null")
            if kept["game"] != game_id or kept["head"] != self.head(game_id):
                return []
            lines = kept["undone"]
        except (ValueError, TypeError, KeyError):
            return []
        return [line for line in lines if isinstance(line, str)] \
            if isinstance(lines, list) else []

    def append(self, game_id: int, seq: int, line: str) -> None:
        """Store action number ``seq`` (1-based); it must follow the last one stored."""
        self.commit_action(game_id, seq, line)

    def remove_last(self, game_id: int, seq: int) -> None:
        """Undo: remove action ``seq``, which must be the last one stored."""
        self.commit_undo(game_id, seq)

    def _finish(self, game_id: int, result: Mapping[str, Any],
                ended_at: str | None = None) -> list[Any]:
        ended, text = ended_at or _now(self.clock), json.dumps(result)
        self.db.execute("UPDATE games SET ended_at=?, result=? WHERE id=?",
                        (ended, text, game_id))
        summary_table.drop(self.db, game_id)  # computed after the commit (``round_end``)
        return ["f", ended, text]

    def _unfinish(self, game_id: int) -> list[Any]:
        self.db.execute("UPDATE games SET ended_at=NULL, result=NULL WHERE id=?", (game_id,))
        summary_table.drop(self.db, game_id)
        return ["r"]

    def finish(self, game_id: int, result: Mapping[str, Any]) -> None:
        with self._tx():
            self._journal(game_id, [self._finish(game_id, result)])
        self.later(lambda: summary_table.summary_in_background(self, game_id))

    def unfinish(self, game_id: int) -> None:
        """The game's end was undone."""
        with self._tx():
            self._journal(game_id, [self._unfinish(game_id)])

    def unfinished(self) -> int | None:
        """The table's current game if it has not ended: the one to continue at start. (A
        store from before the current game was kept: the most recent game not ended.)"""
        current = self._meta("current")
        if current is None:
            row = self.db.execute("SELECT id FROM games WHERE ended_at IS NULL "
                                  "ORDER BY id DESC LIMIT 1").fetchone()
        else:
            row = self.db.execute("SELECT id FROM games WHERE id=? AND ended_at IS NULL",
                                  (current,)).fetchone()
        return None if row is None else int(row[0])

    def games(self) -> list[GameInfo]:
        rows = self.db.execute(
            "SELECT g.id, g.header, g.started_at, g.ended_at, g.result, COUNT(a.seq) "
            "FROM games g LEFT JOIN actions a ON a.game_id = g.id GROUP BY g.id ORDER BY g.id")
        out = []
        for r in rows:
            h = self.healed.get(r[0])
            if h is not None:  # a reader's view of a game healed in memory
                r = (r[0], h.header, h.started_at, h.ended_at, h.result, len(h.lines))
            out.append(GameInfo(r[0], json.loads(r[1]), r[2], r[3],
                                json.loads(r[4]) if r[4] else None, r[5]))
        return out

    def record_lines(self, game_id: int) -> list[str]:
        """The game's record (header line first), checked: a game not checked at open (the
        start checks the table's game only) whose row or actions fail their checks is healed
        from its journal first (``repair.heal_store``), and what was found is said later
        (``late_notices``)."""
        healed = self.healed.get(game_id)
        if healed is not None:
            return [healed.header, *healed.lines]
        if self.writer and game_id not in self._checked:
            with self._writing:  # no other thread's transaction half-way in what is read
                copy = db_copies(self.db, {game_id}).get(game_id)
                if copy is not None and not (copy.sealed and copy.rows_sound()):
                    self.late_notices += heal_store(self, only={game_id}, background=True)
                self._checked.add(game_id)
        row = self.db.execute("SELECT header FROM games WHERE id=?", (game_id,)).fetchone()
        if row is None:
            raise StoreError(Message("store.no_game", {"game": game_id}))
        lines = [r[0] for r in self.db.execute(
            "SELECT line FROM actions WHERE game_id=? ORDER BY seq", (game_id,))]
        return [row[0], *lines]

    def import_record(self, lines: Iterable[str]) -> int:
        """Store a game from its record, after replaying it: a record that does not replay is
        refused (``RecordError``, numbering every line, blank ones too) and nothing is stored.
        The table's current game stays the current one; an import never becomes it."""
        game = games.from_record(lines)
        text = json.dumps(game.header, ensure_ascii=False)
        started = _now(self.clock)
        actions = game.record_lines()[1:]
        chain = [link(ROOT, text)]
        for line in actions:
            chain.append(link(chain[-1], line))
        with self._tx():
            if self._meta("current") is None:  # from here on, imports never become current
                current = self.unfinished()
                self._set_meta("current", 0 if current is None else current)
            cur = self.db.execute("INSERT INTO games (header, started_at, head, jlines) "
                                  "VALUES (?, ?, ?, 0)", (text, started, chain[0]))
            game_id = cur.lastrowid
            assert game_id is not None
            self.db.executemany(
                "INSERT INTO actions (game_id, seq, line, chain) VALUES (?, ?, ?, ?)",
                [(game_id, i, line, chain[i]) for i, line in enumerate(actions, 1)])
            self._add_actions(len(actions))
            events: list[list[Any]] = [["h", text, chain[0], started, "import"]]
            events += [["a", i, line, chain[i]] for i, line in enumerate(actions, 1)]
            if game.state.game_over:
                events.append(self._finish(game_id, result_of(game)))
            with contextlib.suppress(FileNotFoundError):
                journal_file(self.path, game_id).unlink()
            self._journal(game_id, events)
        if game.state.game_over:  # its summary row, after the commit (a command waits)
            summary_table.summary_in_background(self, game_id)
        return game_id

    def load(self, game_id: int, *overrides: Mapping[str, Any]) -> Played:
        """Rebuild a stored game by replaying it."""
        try:
            return games.from_record(self.record_lines(game_id), *overrides)
        except RecordError as exc:
            raise StoreError(Message("store.no_replay", {"game": game_id,
                                                         "detail": str(exc)})) from None

    # --- costs and settings ----------------------------------------------------------------

    def _learn(self, costs: Mapping[str, Mapping[str, int]]) -> None:
        for t, cost in costs.items():
            self.db.execute("INSERT INTO costs (type, cost, learned_at) VALUES (?, ?, ?) "
                            "ON CONFLICT(type) DO UPDATE SET cost=excluded.cost, "
                            "learned_at=excluded.learned_at",
                            (t, json.dumps(dict(cost)), _now(self.clock)))

    def learn_costs(self, costs: Mapping[str, Mapping[str, int]]) -> None:
        with self._tx():
            self._learn(costs)

    def costs(self) -> dict[str, dict[str, int]]:
        return {t: json.loads(c) for t, c in self.db.execute("SELECT type, cost FROM costs")}

    def catalogue_overrides(self) -> dict[str, Any]:
        """The costs learned so far, as catalogue overrides for a new game's header."""
        costs = self.costs()
        if not costs:
            return {}
        return {"buildings": {t: {"cost": c, "cost_confidence": "read off the tile"}
                              for t, c in sorted(costs.items())}}

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
