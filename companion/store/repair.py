"""Checking every game at open and writing back what healing found: a damaged copy is
rewritten from the good one (what was damaged is kept under a new name first), a game that
went back is said exactly, the table's current game is the newest game started at the table."""

from __future__ import annotations

import contextlib
import logging
import re
import sqlite3
from collections import Counter
from pathlib import Path
from typing import Any

from ..engine import HelvetiaError
from ..engine.messages import Message
from ..engine.record import loads_line
from . import games
from .files import BACKUPS, _free_name, _keep_copy, _sync_dir
from .heal import Copy, Healed, heal
from .journal import events_of, journal_dir, journal_file, read, rewrite, seal_of
from .messages import english
from .summaries import drop as drop_summary
from .trouble import trouble_of

Store = Any  # the store (``opening.Store``), not imported: it imports this module

log = logging.getLogger(__name__)
QUIET_LINES = 2  # a journal this far ahead of the database: a commit cut off by a power cut


def _text(v: Any) -> str | None:
    if v is None:
        return None
    if isinstance(v, bytes):
        return v.decode("utf-8", "replace")
    return str(v)


def db_copies(db: sqlite3.Connection, only: set[int] | None = None) -> dict[int, Copy]:
    """Every game of a database (or those ``only``) as a copy (rows that cannot be read
    become text that fails their checks). Every text column is read as bytes (CAST AS BLOB):
    the connection is shared with the threads beside the table, so its text_factory is never
    switched for a read."""
    out: dict[int, Copy] = {}
    where = "" if only is None else f" WHERE id IN ({','.join(str(int(g)) for g in only)})"
    for gid, header, started, ended, result, head, jlines, seal in db.execute(
            "SELECT id, CAST(header AS BLOB), CAST(started_at AS BLOB), CAST(ended_at AS BLOB), "
            "CAST(result AS BLOB), CAST(head AS BLOB), jlines, CAST(seal AS BLOB) "
            f"FROM games{where}"):
        out[int(gid)] = Copy(_text(header), _text(head), _text(started), [], _text(ended),
                             _text(result), int(jlines or 0), False)
        out[int(gid)].seal = _text(seal)  # type: ignore[attr-defined]
    which = "" if only is None else \
        f" WHERE game_id IN ({','.join(str(int(g)) for g in only)})"
    for gid, _seq, line, chain in db.execute(
            "SELECT game_id, seq, CAST(line AS BLOB), CAST(chain AS BLOB) "
            f"FROM actions{which} ORDER BY game_id, seq"):
        if int(gid) in out:
            out[int(gid)].actions.append((_text(line) or "", _text(chain) or ""))
    for c in out.values():
        c.sealed = getattr(c, "seal", None) == seal_of(
            c.head, c.started_at, c.ended_at, c.result, c.lines, len(c.actions))
    return out


def backup_copies(path: Path) -> list[dict[int, Copy]]:
    out = []
    for name in BACKUPS:
        b = Path(f"{path}.{name}")
        if not b.exists():
            continue
        try:
            with contextlib.closing(sqlite3.connect(f"file:{b}?mode=ro", uri=True)) as db:
                out.append(db_copies(db))
        except sqlite3.Error:
            continue
    return out


def game_ids(store: Store) -> tuple[set[int], set[int]]:
    """The ids of the games in the database, and of those with a journal."""
    in_db = {int(r[0]) for r in store.db.execute("SELECT id FROM games")}
    journaled: set[int] = set()
    with contextlib.suppress(OSError):
        journaled = {int(m.group(1)) for p in journal_dir(store.path).iterdir()
                     if (m := re.fullmatch(r"game-(\d+)\.log", p.name))}
    return in_db, journaled


def first_to_check(store: Store) -> set[int]:
    """The games checked before the first frame: the table's current game, the newest, and
    any a journal has and the database lost (few: the rest waits, ``heal_store(only=...)``)."""
    in_db, journaled = game_ids(store)
    current = store._meta("current")
    first = journaled - in_db
    first |= {g for g in (current, max(in_db, default=None)) if g is not None}
    return first


def heal_store(store: Store, replaced: bool = False, only: set[int] | None = None,
               background: bool = False) -> list[Message]:
    """Check every game of ``store`` (or those ``only``) against its journal; heal; write
    back (a writer) or keep the healed games in memory (a reader). What the table must know,
    as messages. ``replaced``: the database was set aside and this one is a backup or new (a
    game without its journal is then as the backup has it: said by the caller, not as
    repaired). ``background``: beside the table's game (the current game is left as it is)."""
    in_db, journaled = game_ids(store)
    ids = in_db | journaled
    if only is not None:
        ids &= only
    dbs = db_copies(store.db, ids if only is not None else None)
    current = store._meta("current")
    backups: list[dict[int, Copy]] | None = None
    repaired: list[int] = []
    said: list[Message] = []
    kept_db = False
    table_games: list[int] = []
    for gid in sorted(ids):
        reading = read(journal_file(store.path, gid))
        journal = Copy.of_journal(reading) if reading else None
        db = dbs.get(gid)
        if reading is None and db is None:  # an empty journal of a game never begun
            if store.writer:
                journal_file(store.path, gid).unlink(missing_ok=True)
            continue
        replay = (gid == current and not background) or db is None or not db.sealed or not (
            journal and journal.sealed)  # (beside the table: the game was played, not read)
        healed = heal(db, journal, (), replay=replay)
        if healed is None or healed.gone:
            if backups is None:
                backups = backup_copies(store.path)
            healed = heal(db, journal, [b[gid] for b in backups if gid in b], replay=True)
        if healed is not None and reading is None:  # a store from before the journals
            healed.role = "table" if gid == current else "import"
        if healed is not None and healed.role == "table":
            table_games.append(gid)
        if healed is not None and reading is not None and reading.torn:
            healed.journal_ok = False  # written again without the line cut short
        if healed is not None and healed.db_ok and healed.journal_ok:
            continue
        if not store.writer:
            if healed is not None:
                store.healed[gid] = healed
            continue
        if not kept_db and db is not None and (healed is None or not db.sealed
                                               or not db.rows_sound()):
            _keep_db(store)  # damaged (not merely behind its journal): kept as it is
            kept_db = True
        if reading is not None and not reading.torn and (healed is None or
                                                         not healed.journal_ok):
            _keep_journal(store, gid)
        cut_off = (healed is not None and not healed.gone and db is not None and db.sealed
                   and db.rows_sound() and journal is not None and journal.sealed
                   and 0 <= journal.lines - db.lines <= QUIET_LINES)  # a power cut mid-save
        legacy = db is not None and db.sealed and journal is None and db.lines == 0
        cut_off |= (db is None and healed is not None and journal is not None
                    and journal.sealed and journal.lines <= QUIET_LINES)  # a new game's
        quiet = not replaced and (cut_off or legacy)
        _write_back(store, gid, healed)
        if healed is None:
            said.append(Message("store.game_lost", {"game": gid}))
        elif healed.gone:
            said.append(went_back(gid, healed))
        elif replaced and journal is None:
            store.unjournaled += 1
        elif not quiet:
            repaired.append(gid)
    if store.writer and not background and table_games and (
            current is None or current < max(table_games)):
        with store._tx():
            store._set_meta("current", max(table_games))
    if repaired:
        said.insert(0, Message("store.repaired", {"game": repaired[0], "n": len(repaired)}))
    for line in said:
        log.warning("store: %s", english(line))
    return said


def went_back(gid: int, healed: Healed) -> Message:
    """The notice of a game that went back: where it stands now and whose actions are gone."""
    game = games.new(loads_line(healed.header))
    for line in healed.lines:
        game.apply(loads_line(line))
    seats: Counter[str] = Counter()
    for line in healed.gone_lines:
        with contextlib.suppress(HelvetiaError, AttributeError):
            seats[str(loads_line(line).get("player"))] += 1
    unknown = healed.gone - sum(seats.values())
    pairs = tuple((c, n) for c, n in seats.items() if c != "None") + (
        (("nobody", unknown + seats.get("None", 0)),) if unknown + seats.get("None", 0) else ())
    s = game.state
    if getattr(s, "round", 0) == 0:  # a game without rounds: said as its setup
        return Message("store.went_back_setup", {"game": gid, "n": healed.gone,
                                                  "seats": pairs})
    return Message("store.went_back", {"game": gid, "round": s.round, "player": s.active,
                                       "n": healed.gone, "seats": pairs})


def _keep_db(store: Store) -> None:
    """Keep the database as it is (damaged) under a new name before it is repaired."""
    with contextlib.suppress(sqlite3.Error):
        store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    try:
        kept = _keep_copy(store.path, store.clock)
        log.warning("the store before its repair is kept as %s", kept)
    except Exception:  # keeping is best effort; the repair must go on
        log.exception("the damaged store could not be kept")


def _keep_journal(store: Store, gid: int) -> None:
    file = journal_file(store.path, gid)
    if not file.exists():
        return
    aside = _free_name(file, "damaged", store.clock, ("",))
    try:
        file.rename(aside)
        _sync_dir(file.parent)
    except OSError as exc:
        raise trouble_of(exc) from exc


def _write_back(store: Store, gid: int, healed: Healed | None) -> None:
    """The game as healed into both copies: the journal afresh, then the database's rows."""
    if healed is None:
        with store._tx() as db:
            db.execute("DELETE FROM summaries WHERE game_id=?", (gid,))
            db.execute("DELETE FROM actions WHERE game_id=?", (gid,))
            db.execute("DELETE FROM games WHERE id=?", (gid,))
        return
    events = events_of(healed.header, healed.started_at, healed.role, healed.lines,
                       healed.ended_at, healed.result)
    file = journal_file(store.path, gid)
    file.parent.mkdir(exist_ok=True)
    jlines = rewrite(file, events) if not healed.journal_ok or not file.exists() else \
        read(file).lines  # type: ignore[union-attr]
    chain = [e[3] for e in events[1:] if e[0] == "a"]
    head = events[0][2]
    with store._tx() as db:
        db.execute("DELETE FROM actions WHERE game_id=?", (gid,))
        db.execute("INSERT INTO games (id, header, started_at, ended_at, result, head, jlines, "
                   "seal) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET "
                   "header=excluded.header, started_at=excluded.started_at, "
                   "ended_at=excluded.ended_at, result=excluded.result, head=excluded.head, "
                   "jlines=excluded.jlines, seal=excluded.seal",
                   (gid, healed.header, healed.started_at, healed.ended_at, healed.result,
                    head, jlines, seal_of(head, healed.started_at, healed.ended_at,
                                          healed.result, jlines, len(healed.lines))))
        db.executemany("INSERT INTO actions (game_id, seq, line, chain) VALUES (?, ?, ?, ?)",
                       [(gid, i, line, chain[i - 1])
                        for i, line in enumerate(healed.lines, 1)])
        drop_summary(db, gid)  # computed again from the game as healed, when read
        n = db.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
        db.execute("UPDATE meta SET value=? WHERE key='actions'", (n,))
