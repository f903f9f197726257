"""The game store: one SQLite database in the data directory, so that no game is ever lost.

Every confirmed action is its own transaction, committed (and on disk) before the screen shows
it done. Journal: WAL with ``synchronous=FULL``. Each commit is fsynced to the write-ahead log
before it returns, so a power cut loses nothing that was confirmed, and a commit costs one
append and one fsync instead of the rollback journal's several (kinder to an SD card). The
actions are stored exactly as the record's lines, so a game exports as its record.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .engine import Game, RecordError

SCHEMA_VERSION = 1
SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    header TEXT NOT NULL,            -- the record's header line
    started_at TEXT NOT NULL,
    ended_at TEXT,
    result TEXT                      -- JSON: winners, tie_break, scores
);
CREATE TABLE IF NOT EXISTS actions (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,            -- 1 for the first action
    line TEXT NOT NULL,              -- the action, exactly as its record line
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS costs (   -- building costs read off the tiles
    type TEXT PRIMARY KEY,
    cost TEXT NOT NULL,              -- JSON: {good: count}
    learned_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""


class StoreError(Exception):
    """The store cannot do what was asked; the message says why, for the screen."""


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


class Store:
    def __init__(self, db: sqlite3.Connection, path: Path, clock: Callable[[], float]) -> None:
        self.db = db
        self.path = path
        self.clock = clock

    @contextlib.contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        """One transaction: all of it is on disk when this returns, or none of it."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    # --- opening --------------------------------------------------------------------------

    @classmethod
    def open(cls, path: Path | str, clock: Callable[[], float] = time.time
             ) -> tuple[Store, str | None]:
        """Open (or create) the store. A database that cannot be opened or fails its integrity
        check is moved aside with a timestamp, never deleted, and a fresh one started; the
        second value then says so in plain words."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            return cls._connect(path, clock), None
        except (sqlite3.DatabaseError, StoreError) as exc:
            stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(clock()))
            aside = path.with_name(f"{path.name}.damaged-{stamp}")
            for suffix in ("", "-wal", "-shm"):
                part = Path(str(path) + suffix)
                if part.exists():
                    part.replace(Path(str(aside) + suffix))
            notice = (f"The saved games could not be read ({exc}). They were kept as "
                      f"{aside.name}, and a new store was started.")
            return cls._connect(path, clock), notice

    @classmethod
    def _connect(cls, path: Path, clock: Callable[[], float]) -> Store:
        db = sqlite3.connect(path, isolation_level=None, timeout=5)  # transactions by hand
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            db.execute("PRAGMA foreign_keys=ON")
            check = db.execute("PRAGMA integrity_check").fetchone()[0]
            if check != "ok":
                raise StoreError(f"integrity check: {check}")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version not in (0, SCHEMA_VERSION):
                raise StoreError(f"store version {version}, newer than this companion")
            db.executescript(SCHEMA)
            db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        except BaseException:
            db.close()
            raise
        return cls(db, path, clock)

    def close(self) -> None:
        self.db.close()

    # --- games ----------------------------------------------------------------------------

    def new_game(self, header: Mapping[str, Any]) -> int:
        with self._tx():
            cur = self.db.execute("INSERT INTO games (header, started_at) VALUES (?, ?)",
                                  (json.dumps(header, ensure_ascii=False), _now(self.clock)))
        assert cur.lastrowid is not None
        return cur.lastrowid

    def append(self, game_id: int, seq: int, line: str) -> None:
        """Store action number ``seq`` (1-based); it must follow the last one stored."""
        with self._tx():
            last = self.db.execute("SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id=?",
                                   (game_id,)).fetchone()[0]
            if seq != last + 1:
                raise StoreError(f"action {seq} of game {game_id} does not follow {last}")
            self.db.execute("INSERT INTO actions (game_id, seq, line) VALUES (?, ?, ?)",
                            (game_id, seq, line))

    def remove_last(self, game_id: int, seq: int) -> None:
        """Undo: remove action ``seq``, which must be the last one stored."""
        with self._tx():
            cur = self.db.execute(
                "DELETE FROM actions WHERE game_id=? AND seq=? AND seq=(SELECT MAX(seq) FROM "
                "actions WHERE game_id=?)", (game_id, seq, game_id))
            if cur.rowcount != 1:
                raise StoreError(f"action {seq} is not the last of game {game_id}")

    def finish(self, game_id: int, result: Mapping[str, Any]) -> None:
        with self._tx():
            self.db.execute("UPDATE games SET ended_at=?, result=? WHERE id=?",
                            (_now(self.clock), json.dumps(result), game_id))

    def unfinish(self, game_id: int) -> None:
        """The game's end was undone."""
        with self._tx():
            self.db.execute("UPDATE games SET ended_at=NULL, result=NULL WHERE id=?",
                            (game_id,))

    def unfinished(self) -> int | None:
        """The most recent game that has not ended: the one to continue at start."""
        row = self.db.execute("SELECT id FROM games WHERE ended_at IS NULL "
                              "ORDER BY id DESC LIMIT 1").fetchone()
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
        refused (``RecordError``) and nothing is stored."""
        lines = [line for line in lines if line.strip()]
        game = Game.from_record(lines)
        with self._tx():
            cur = self.db.execute("INSERT INTO games (header, started_at) VALUES (?, ?)",
                                  (json.dumps(game.header, ensure_ascii=False),
                                   _now(self.clock)))
            game_id = cur.lastrowid
            self.db.executemany(
                "INSERT INTO actions (game_id, seq, line) VALUES (?, ?, ?)",
                [(game_id, i, line) for i, line in enumerate(game.record_lines()[1:], 1)])
            if game.state.game_over:
                self.db.execute("UPDATE games SET ended_at=?, result=? WHERE id=?",
                                (_now(self.clock), json.dumps(result_of(game)), game_id))
        assert game_id is not None
        return game_id

    def load(self, game_id: int, *overrides: Mapping[str, Any]) -> Game:
        """Rebuild a stored game by replaying it."""
        try:
            return Game.from_record(self.record_lines(game_id), *overrides)
        except RecordError as exc:
            raise StoreError(f"Game {game_id} does not replay: {exc}") from None

    # --- costs and settings ----------------------------------------------------------------

    def learn_costs(self, costs: Mapping[str, Mapping[str, int]]) -> None:
        with self._tx():
            for t, cost in costs.items():
                self.db.execute("INSERT INTO costs (type, cost, learned_at) VALUES (?, ?, ?) "
                                "ON CONFLICT(type) DO UPDATE SET cost=excluded.cost, "
                                "learned_at=excluded.learned_at",
                                (t, json.dumps(dict(cost)), _now(self.clock)))

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
