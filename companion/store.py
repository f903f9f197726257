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

A second copy: the WAL is checkpointed into the main file at each round end and when idle, and
the store is copied with SQLite's online backup into one of two rotating backups once per round.
A commit counter, kept in the store and in a small file beside it, tells at the next start when
commits were lost (a damaged or missing WAL); the newer of the store and its backups is then
used, the damaged files are kept, and the table is told how many actions are missing.

Where each part lives: the schema and the checks at open in ``store_checks``; what went wrong
(damage or trouble) in ``store_trouble``; the files beside the store (backups, commit counter,
set aside) in ``store_files``; known players and device settings in ``store_players``. This
module is the store itself (transactions, opening, the second copy, games, costs, settings) and
re-exports their public names.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .engine import Game, RecordError
from .history.table import keep as keep_summary
from .store_checks import (
    APPLICATION_ID,
    SCHEMA,
    SCHEMA_VERSION,
    _check_rows,
    _check_schema,
    _migrate,
    wal_damage,
)
from .store_files import BACKUPS, _counter, _keep_copy, _read_counter, _set_aside, _sync_dir
from .store_players import (
    KNOWN_PLAYERS,
    NAME_LENGTH,
    device_language,
    forget_player,
    keep_language,
    known_players,
    last_names,
    last_seats,
    remember_players,
)
from .store_trouble import (
    StoreError,
    StoreTrouble,
    _Damage,
    _diagnose,
    _is_damage,
    _why,
    reason,
    trouble_of,
)

__all__ = [
    "Store", "GameInfo", "result_of", "StoreError", "StoreTrouble", "reason", "trouble_of",
    "wal_damage", "SCHEMA", "SCHEMA_VERSION", "APPLICATION_ID", "BACKUPS", "BUSY_TIMEOUT",
    "NAME_LENGTH", "KNOWN_PLAYERS", "device_language", "keep_language", "known_players",
    "last_names", "last_seats", "remember_players", "forget_player",
]

log = logging.getLogger(__name__)
BUSY_TIMEOUT = 5.0  # seconds to wait for another program's lock before calling it trouble


@dataclass(frozen=True)
class GameInfo:
    id: int
    header: dict[str, Any]
    started_at: str
    ended_at: str | None
    result: dict[str, Any] | None
    actions: int


def _now(clock: Callable[[], float]) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(clock()))



# --- the store ----------------------------------------------------------------------------------


class Store:
    def __init__(self, db: sqlite3.Connection, path: Path, clock: Callable[[], float]) -> None:
        self.db = db
        self.path = path
        self.clock = clock
        self.pending_checkpoint = False

    @contextlib.contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        """One transaction: all of it is on disk when this returns, or none of it. Any failure
        (a full card, a lock, a refused row) rolls it back and raises ``StoreError``."""
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
                raise
        except (sqlite3.Error, OSError) as exc:
            raise trouble_of(exc) from exc
        self.pending_checkpoint = True
        self._note_commits()

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

    def _note_commits(self, sync: bool = False) -> None:
        """Write the counts beside the store (after the commit: never more than it holds). Not
        fsynced at each commit (that would double its cost); at each checkpoint it is."""
        try:
            fd = os.open(_counter(self.path), os.O_WRONLY | os.O_CREAT, 0o644)
            try:
                os.pwrite(fd, "{:20d} {:20d}\n".format(*self.counts).encode(), 0)
                if sync:
                    os.fsync(fd)
            finally:
                os.close(fd)
        except OSError:
            pass  # the count only helps to notice lost commits; the store itself is saved

    # --- opening --------------------------------------------------------------------------

    @classmethod
    def open(cls, path: Path | str, clock: Callable[[], float] = time.time, *,
             timeout: float = BUSY_TIMEOUT) -> tuple[Store, str | None]:
        """Open (or create) the store. Damage is set aside (never deleted, never overwriting)
        and the store starts again from the newest good backup, or empty; lost commits are
        made up from a backup if it has more. The second value then says so in plain words.
        Trouble raises ``StoreTrouble`` and moves nothing."""
        path = Path(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise trouble_of(exc) from exc
        notices: list[str] = []
        wal = Path(f"{path}-wal")
        wal_problem = wal_damage(wal)
        if wal_problem:
            kept = _keep_copy(wal, clock)
            log.warning("the WAL failed its check (%s); kept as %s", wal_problem, kept)
            notices.append("The last saves were damaged (kept aside).")
        seen = _read_counter(path)
        started_new = False
        try:
            store = cls._connect(path, clock, timeout)
        except BaseException as exc:
            if not _is_damage(exc):
                if isinstance(exc, (sqlite3.Error, OSError)):
                    raise _diagnose(trouble_of(exc), path) from exc
                raise
            aside = _set_aside(path, clock)
            restored = cls._restore_backup(path, clock)
            started_new = restored is None
            store = restored or cls._fresh(path, clock)
            log.warning("damaged store (%s) kept as %s", _why(exc), aside)
            notices.append("The saved games could not be read (kept aside): "
                           + ("the last backup was restored." if restored else
                              "a new store was started."))
        if seen is not None and seen[0] > store.counts[0] and not started_new:
            backup = cls._best_backup(path)
            if backup is not None and backup[1][0] > store.counts[0]:
                store.close()
                aside = _set_aside(path, clock)
                restored = cls._restore_backup(path, clock)
                store = restored or cls._fresh(path, clock)
                log.warning("store with lost commits kept as %s; backup used", aside)
                notices.append("The store had lost saves (kept aside): its backup was used.")
            lost = max(seen[1] - store.counts[1], 0)
            notices.append(f"The game goes on with {lost} action(s) fewer than before.")
        store._note_commits(sync=True)
        return store, " ".join(notices) or None

    @classmethod
    def _fresh(cls, path: Path, clock: Callable[[], float]) -> Store:
        """A new, empty store where the damaged one was."""
        try:
            return cls._connect(path, clock)
        except (sqlite3.Error, OSError, _Damage) as exc:
            raise _diagnose(trouble_of(exc) if not isinstance(exc, _Damage) else
                            StoreTrouble("io", str(exc)), path) from exc

    @classmethod
    def _connect(cls, path: Path, clock: Callable[[], float],
                 timeout: float = BUSY_TIMEOUT) -> Store:
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
            if version > SCHEMA_VERSION:
                raise StoreTrouble("newer", f"store version {version}")
            missing = _check_schema(db, version)
            _check_rows(db)
            db.text_factory = str
            if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            db.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT * 1000)}")  # for the saves
            db.execute("PRAGMA foreign_keys=ON")
            if missing or version < SCHEMA_VERSION or app_id != APPLICATION_ID:
                _migrate(db, version)
        except BaseException:
            db.close()
            raise
        return cls(db, path, clock)

    @classmethod
    def _best_backup(cls, path: Path) -> tuple[Path, tuple[int, int]] | None:
        """The backup with the most commits that opens cleanly, and its counts."""
        best: tuple[Path, tuple[int, int]] | None = None
        for name in BACKUPS:
            b = Path(f"{path}.{name}")
            if not b.exists():
                continue
            try:
                with contextlib.closing(sqlite3.connect(f"file:{b}?mode=ro", uri=True)) as db:
                    if db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                        continue
                    counts = tuple(int(db.execute(
                        "SELECT COALESCE((SELECT value FROM meta WHERE key=?), 0)",
                        (k,)).fetchone()[0]) for k in ("commits", "actions"))
            except (sqlite3.Error, UnicodeError):
                continue
            if best is None or counts[0] > best[1][0]:
                best = (b, (counts[0], counts[1]))
        return best

    @classmethod
    def _restore_backup(cls, path: Path, clock: Callable[[], float]) -> Store | None:
        """Copy the best backup into ``path`` (which no longer exists) and open it."""
        best = cls._best_backup(path)
        if best is None:
            return None
        try:
            with contextlib.closing(sqlite3.connect(f"file:{best[0]}?mode=ro", uri=True)) as src, \
                    contextlib.closing(sqlite3.connect(path)) as dst:
                src.backup(dst)
            return cls._connect(path, clock)
        except BaseException as exc:
            if _is_damage(exc):
                _set_aside(path, clock)
                return None
            if isinstance(exc, (sqlite3.Error, OSError)):
                raise _diagnose(trouble_of(exc), path) from exc
            raise

    def close(self) -> None:
        self.db.close()

    # --- the second copy --------------------------------------------------------------------

    def checkpoint(self) -> bool:
        """Copy the WAL into the main file and empty it, so that a lost WAL loses nothing;
        False if another reader kept it from finishing (it is tried again later)."""
        try:
            busy = self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
        except sqlite3.Error:
            return False
        self.pending_checkpoint = bool(busy)
        self._note_commits(sync=True)
        return not busy

    def backup(self) -> Path:
        """Copy the store with SQLite's online backup into the older of the two backups: a
        copy is written beside it, fsynced, and renamed over it, so one good backup always
        remains."""
        slots = [Path(f"{self.path}.{n}") for n in BACKUPS]
        slot = min(slots, key=lambda p: p.stat().st_mtime if p.exists() else -1.0)
        tmp = slot.with_name(slot.name + ".new")
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
        try:
            with contextlib.closing(sqlite3.connect(tmp)) as dst:
                self.db.backup(dst)
                dst.execute("PRAGMA journal_mode=DELETE")
            fd = os.open(tmp, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
            tmp.replace(slot)
            _sync_dir(self.path.parent)
        except (sqlite3.Error, OSError) as exc:
            with contextlib.suppress(OSError):
                tmp.unlink()
            raise trouble_of(exc) from exc
        return slot

    def round_end(self) -> None:
        """After a round's last commit: checkpoint, then a backup. Best effort: the commits
        are safe in the WAL whatever happens here."""
        with contextlib.suppress(StoreError):
            self.checkpoint()
            self.backup()

    def idle(self) -> None:
        """Nothing happening at the table: checkpoint what is still in the WAL."""
        if self.pending_checkpoint:
            self.checkpoint()

    # --- games ----------------------------------------------------------------------------

    def new_game(self, header: Mapping[str, Any]) -> int:
        """The table's new game: it becomes the current one."""
        with self._tx():
            cur = self.db.execute("INSERT INTO games (header, started_at) VALUES (?, ?)",
                                  (json.dumps(header, ensure_ascii=False), _now(self.clock)))
            assert cur.lastrowid is not None
            self._set_meta("current", cur.lastrowid)
        return cur.lastrowid

    def _append(self, game_id: int, seq: int, line: str) -> None:
        last = self.db.execute("SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id=?",
                               (game_id,)).fetchone()[0]
        if seq != last + 1:
            raise StoreError(f"action {seq} of game {game_id} does not follow {last}")
        self.db.execute("INSERT INTO actions (game_id, seq, line) VALUES (?, ?, ?)",
                        (game_id, seq, line))
        self._add_actions(1)

    def commit_action(self, game_id: int, seq: int, line: str, *,
                      costs: Mapping[str, Mapping[str, int]] | None = None,
                      result: Mapping[str, Any] | None = None) -> None:
        """One table event: action ``seq`` (1-based, following the last stored) with the costs
        it taught and, when it ended the game, the result; all of it or nothing."""
        with self._tx():
            self._append(game_id, seq, line)
            if costs:
                self._learn(costs)
            if result is not None:
                self._finish(game_id, result)

    def commit_undo(self, game_id: int, seq: int, *, unfinish: bool = False) -> None:
        """Undo as one event: remove action ``seq`` (the last stored) and, when the game's
        end is undone, mark it in play again."""
        with self._tx():
            cur = self.db.execute(
                "DELETE FROM actions WHERE game_id=? AND seq=? AND seq=(SELECT MAX(seq) FROM "
                "actions WHERE game_id=?)", (game_id, seq, game_id))
            if cur.rowcount != 1:
                raise StoreError(f"action {seq} is not the last of game {game_id}")
            self._add_actions(-1)
            if unfinish:
                self.db.execute("UPDATE games SET ended_at=NULL, result=NULL WHERE id=?",
                                (game_id,))
                keep_summary(self.db, game_id)

    def append(self, game_id: int, seq: int, line: str) -> None:
        """Store action number ``seq`` (1-based); it must follow the last one stored."""
        self.commit_action(game_id, seq, line)

    def remove_last(self, game_id: int, seq: int) -> None:
        """Undo: remove action ``seq``, which must be the last one stored."""
        self.commit_undo(game_id, seq)

    def _finish(self, game_id: int, result: Mapping[str, Any]) -> None:
        self.db.execute("UPDATE games SET ended_at=?, result=? WHERE id=?",
                        (_now(self.clock), json.dumps(result), game_id))
        keep_summary(self.db, game_id)  # the history's summary, in the same transaction

    def finish(self, game_id: int, result: Mapping[str, Any]) -> None:
        with self._tx():
            self._finish(game_id, result)

    def unfinish(self, game_id: int) -> None:
        """The game's end was undone."""
        with self._tx():
            self.db.execute("UPDATE games SET ended_at=NULL, result=NULL WHERE id=?",
                            (game_id,))
            keep_summary(self.db, game_id)

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
        return [GameInfo(r[0], json.loads(r[1]), r[2], r[3],
                         json.loads(r[4]) if r[4] else None, r[5]) for r in rows]

    def record_lines(self, game_id: int) -> list[str]:
        row = self.db.execute("SELECT header FROM games WHERE id=?", (game_id,)).fetchone()
        if row is None:
            raise StoreError(f"There is no game {game_id}.")
        lines = [r[0] for r in self.db.execute(
            "SELECT line FROM actions WHERE game_id=? ORDER BY seq", (game_id,))]
        return [row[0], *lines]

    def import_record(self, lines: Iterable[str]) -> int:
        """Store a game from its record, after replaying it: a record that does not replay is
        refused (``RecordError``, numbering every line, blank ones too) and nothing is stored.
        The table's current game stays the current one."""
        game = Game.from_record(lines)
        with self._tx():
            cur = self.db.execute("INSERT INTO games (header, started_at) VALUES (?, ?)",
                                  (json.dumps(game.header, ensure_ascii=False),
                                   _now(self.clock)))
            game_id = cur.lastrowid
            actions = game.record_lines()[1:]
            self.db.executemany(
                "INSERT INTO actions (game_id, seq, line) VALUES (?, ?, ?)",
                [(game_id, i, line) for i, line in enumerate(actions, 1)])
            self._add_actions(len(actions))
            if game.state.game_over:
                self.db.execute("UPDATE games SET ended_at=?, result=? WHERE id=?",
                                (_now(self.clock), json.dumps(result_of(game)), game_id))
                keep_summary(self.db, game_id)
            if self._meta("current") is None:  # from here on, imports never become current
                current = self.unfinished()
                self._set_meta("current", 0 if current is None else current)
        assert game_id is not None
        return game_id

    def load(self, game_id: int, *overrides: Mapping[str, Any]) -> Game:
        """Rebuild a stored game by replaying it."""
        try:
            return Game.from_record(self.record_lines(game_id), *overrides)
        except RecordError as exc:
            raise StoreError(f"Game {game_id} does not replay: {exc}") from None

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
            self.db.execute("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) "
                            "DO UPDATE SET value=excluded.value", (key, value))


def result_of(game: Game) -> dict[str, Any]:
    s = game.state
    return {"winners": s.winners, "tie_break": s.tie_break, "scores": dict(s.track)}

