"""The store's schema and the checks a file passes at open: every table one of ours with our
columns, every row readable, every learned cost a cost (else: damage); the migration that adds
what is missing; and the write-ahead log's own frame check, which finds commits SQLite would
silently drop."""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import struct
from pathlib import Path
from typing import Any

from ..engine.catalogue import shipped_data
from .journal import chain_of, seal_of
from .summaries import SUMMARY_SCHEMA
from .trouble import _Damage, _why

SCHEMA_VERSION = 4  # 3: the actions' chained checks and the summaries; 4: their checks
APPLICATION_ID = 0x48454C56  # "HELV": this file is a Helvetia Companion store
SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    header TEXT NOT NULL,            -- the record's header line
    started_at TEXT NOT NULL,
    ended_at TEXT,
    result TEXT,                     -- JSON: winners, tie_break, scores
    head TEXT,                       -- the actions' chain at the start (journal.link)
    jlines INTEGER,                  -- the game's journal lines when this row was written
    seal TEXT                        -- heal.seal_of: this row's own check
);
CREATE TABLE IF NOT EXISTS actions (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,            -- 1 for the first action
    line TEXT NOT NULL,              -- the action, exactly as its record line
    chain TEXT,                      -- journal.link(chain before, line)
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
CREATE TABLE IF NOT EXISTS meta (    -- the store's own book-keeping
    key TEXT PRIMARY KEY,            -- commits, actions, current
    value INTEGER NOT NULL
);
""" + SUMMARY_SCHEMA

# --- the write-ahead log's own check -----------------------------------------------------------

_WAL_MAGIC = (0x377F0682, 0x377F0683)


def _wal_sum(data: bytes, big: bool, s0: int, s1: int) -> tuple[int, int]:
    words = struct.unpack((">" if big else "<") + f"{len(data) // 4}I", data)
    m = 0xFFFFFFFF
    for i in range(0, len(words), 2):
        s0 = (s0 + words[i] + s1) & m
        s1 = (s1 + words[i + 1] + s0) & m
    return s0, s1


def wal_damage(wal: Path) -> str | None:
    """Why the WAL ``wal`` lost committed frames (a frame that fails its checksum with valid
    frames after it, or a broken header with frames behind it); None if it is sound. SQLite
    itself silently stops at the first bad frame, and would drop every commit after it."""
    try:
        data = wal.read_bytes()
    except OSError:  # none, or not readable: then SQLite cannot use it either (trouble)
        return None
    if len(data) < 32:
        return None
    magic, _version, page, _seq, salt1, salt2, c0, c1 = struct.unpack(">8I", data[:32])
    frame = 24 + page
    if magic not in _WAL_MAGIC or page < 512 or page & (page - 1) or page > 65536:
        return "its header is damaged" if len(data) > 32 else None
    big = magic & 1 == 1
    if _wal_sum(data[:24], big, 0, 0) != (c0, c1):
        return "its header is damaged" if len(data) >= 32 + frame else None
    s = (c0, c1)
    bad = None
    for n, at in enumerate(range(32, len(data) - frame + 1, frame)):
        head = data[at:at + 24]
        _pgno, _commit, f1, f2, k0, k1 = struct.unpack(">6I", head)
        if (f1, f2) != (salt1, salt2):
            break  # frames of an earlier generation: the end of this log
        got = _wal_sum(data[at + 24:at + frame], big, *_wal_sum(head[:8], big, *s))
        if got != (k0, k1):
            if bad is None:
                bad = n
        elif bad is not None:
            return f"frame {bad + 1} fails its checksum, with good frames after it"
        s = (k0, k1)
    return None


# --- the database header's own bytes ------------------------------------------------------------

WRITE_VERSION, READ_VERSION = 18, 19  # SQLite's file format numbers: 1 legacy, 2 WAL
SCHEMA_FORMAT, TEXT_ENCODING = 44, 56  # 4-byte numbers: 1 to 4; 1 (UTF-8) to 3


def header_damage(head: bytes) -> bool:
    """The header's format numbers are out of their range: SQLite would open the store
    read-only, or not at all, for ever."""
    if len(head) < 60 or head[:16] != b"SQLite format 3\0":
        return False
    schema = int.from_bytes(head[SCHEMA_FORMAT:SCHEMA_FORMAT + 4], "big")
    encoding = int.from_bytes(head[TEXT_ENCODING:TEXT_ENCODING + 4], "big")
    return (head[WRITE_VERSION] not in (1, 2) or head[READ_VERSION] not in (1, 2)
            or not 0 <= schema <= 4 or not 0 <= encoding <= 3)


def mend_header(path: Path) -> str | None:
    """Out-of-range format numbers set back to ours (WAL: 2 and 2; schema format 4; UTF-8),
    in place and fsynced. What was mended, or None. The caller keeps a copy first."""
    try:
        with open(path, "r+b") as f:
            head = f.read(60)
            if not header_damage(head):
                return None
            fixes = {WRITE_VERSION: b"\2\2", SCHEMA_FORMAT: (4).to_bytes(4, "big"),
                     TEXT_ENCODING: (1).to_bytes(4, "big")}
            for at, value in fixes.items():
                f.seek(at)
                f.write(value)
            f.flush()
            os.fsync(f.fileno())
    except OSError:
        return None  # not readable or not writable: the open that follows says why
    return f"format bytes {head[18:20].hex()} {head[44:48].hex()} {head[56:60].hex()}"


# --- checks at open -----------------------------------------------------------------------------


def _columns(db: sqlite3.Connection, table: str) -> list[tuple[Any, ...]]:
    return [tuple(r[1:]) for r in db.execute(f"PRAGMA table_info({table})")]


def _check_schema(db: sqlite3.Connection, version: int) -> bool:
    """Every table in the file is one of ours, with our columns: anything else is a foreign
    database (damage). True when tables of ours are missing (``_migrate`` adds them)."""
    with contextlib.closing(sqlite3.connect(":memory:")) as ref:
        ref.text_factory = bytes
        ref.executescript(SCHEMA)
        want = {r[0]: _columns(ref, r[0].decode()) for r in
                ref.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    have = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
    if version > 0 and not have:
        raise _Damage("a store without tables")
    older = False
    for name in have:
        cols = _columns(db, name.decode("utf-8")) if name in want else None
        if cols is None:
            raise _Damage(f"a foreign table {name.decode('utf-8', 'replace')[:40]!r}")
        if version < SCHEMA_VERSION and cols == want[name][:len(cols)]:
            older |= cols != want[name]  # a store before the chains: its columns are added
        elif cols != want.get(name):
            raise _Damage(f"a foreign table {name.decode('utf-8', 'replace')[:40]!r}")
    return older or bool(set(want) - set(have))


def _text(v: Any) -> str:
    if not isinstance(v, bytes):
        raise _Damage(f"a value that is not text: {type(v).__name__}")
    return v.decode("utf-8")


def _check_rows(db: sqlite3.Connection, version: int) -> None:
    """Every row decodes (UTF-8, JSON where JSON is kept) and every learned cost is a cost of
    the catalogue's goods: a row that does not is damage, found here and not mid-game. (The
    games and their actions carry their own checks since version 3: ``heal`` reads them.)"""
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if version >= 3:
        tables -= {b"games", b"actions"}
    try:
        if b"games" in tables:
            for header, started, ended, result in db.execute(
                    "SELECT header, started_at, ended_at, result FROM games"):
                h = json.loads(_text(header))
                if not isinstance(h, dict) or not isinstance(h.get("players"), list):
                    raise _Damage("a game without players")
                _text(started)
                if ended is not None:
                    _text(ended)
                if result is not None and not isinstance(json.loads(_text(result)), dict):
                    raise _Damage("a game's result is not an object")
        if b"actions" in tables:
            for (line,) in db.execute("SELECT line FROM actions"):
                _text(line)
        if b"costs" in tables:
            goods = set(shipped_data()["goods"])
            types = set(shipped_data()["buildings"])
            for t, cost, at in db.execute("SELECT type, cost, learned_at FROM costs"):
                c = json.loads(_text(cost))
                _text(at)
                if (_text(t) not in types or not isinstance(c, dict) or not c
                        or any(g not in goods or type(n) is not int or not 1 <= n <= 99
                               for g, n in c.items())):
                    raise _Damage(f"a bad cost for {t.decode('utf-8', 'replace')[:40]!r}")
        if b"settings" in tables:
            for k, v in db.execute("SELECT key, value FROM settings"):
                _text(k)
                _text(v)
    except (ValueError, RecursionError) as exc:  # not UTF-8, not JSON, nested past reason
        raise _Damage(f"a row that cannot be read: {_why(exc)}") from None


def _loose(v: Any) -> str | None:
    return v.decode("utf-8", "replace") if isinstance(v, bytes) else None if v is None else str(v)


def _seal_all(db: sqlite3.Connection) -> None:
    """A store from before the chains: its rows as they are get their chains and seals (their
    journals are written at the next open)."""
    games = db.execute("SELECT id, header, started_at, ended_at, result FROM games").fetchall()
    for game_id, header, started, ended, result in games:
        text = [_loose(v) for v in (header, started, ended, result)]
        lines = [str(_loose(r[1])) for r in db.execute(
            "SELECT seq, line FROM actions WHERE game_id=? ORDER BY seq", (game_id,))]
        chain = chain_of(text[0] or "", lines)
        for seq, c in enumerate(chain[1:], 1):
            db.execute("UPDATE actions SET chain=? WHERE game_id=? AND seq=?",
                       (c, game_id, seq))
        db.execute("UPDATE games SET head=?, jlines=0, seal=? WHERE id=?",
                   (chain[0], seal_of(chain[0], text[1], text[2], text[3], 0, len(lines)),
                    game_id))


def _migrate(db: sqlite3.Connection, version: int) -> None:
    """Create what is missing, in one transaction, and mark the file as ours."""
    db.execute("BEGIN IMMEDIATE")
    try:
        for statement in SCHEMA.split(";"):
            if statement.strip():
                db.execute(statement)
        for table, column in (("games", "head"), ("games", "jlines"), ("games", "seal"),
                              ("actions", "chain"), ("summaries", "seal")):
            if column not in {r[1] for r in db.execute(f"PRAGMA table_info({table})")}:
                db.execute(f"ALTER TABLE {table} ADD COLUMN {column} "
                           f"{'INTEGER' if column == 'jlines' else 'TEXT'}")
        if version < 3:
            _seal_all(db)
        actions = db.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
        db.execute("INSERT OR IGNORE INTO meta (key, value) VALUES ('commits', 0)")
        db.execute("INSERT OR IGNORE INTO meta (key, value) VALUES ('actions', ?)", (actions,))
        db.execute(f"PRAGMA application_id={APPLICATION_ID}")
        db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
