"""The summary table, the store's own: one row per ended game (finished or abandoned), its
``history.summary.GameSummary`` as JSON with a check (``seal``) that ties it to the game's
record as stored (its last chain value and result). The records stay the source of truth: a
row is only ever computed from them (``summary.summarize``), never inside the commit that ends
a game (that would replay the whole game on the tap): the end removes the row, and it is
computed after the commit, beside the screen (``Store.round_end``) or when first read. A row
whose check fails (damage, or a game healed since) is computed again; statistics, exports and
BG Stats read only checked rows.

Games still in play have no row: there are few of them, and they are summed up when asked."""

from __future__ import annotations

import contextlib
import json
import logging
import sqlite3
from collections.abc import Callable
from typing import Any, Protocol

from ..games import GameKind, kind_of_header
from ..history.summary import VERSION, GameSummary
from ..history.summary import in_play as in_play_summary
from .journal import link


class Store(Protocol):
    """What this module needs of ``companion.store.Store``."""

    db: sqlite3.Connection

    def _tx(self) -> contextlib.AbstractContextManager[sqlite3.Connection]: ...

log = logging.getLogger(__name__)

SUMMARY_SCHEMA = """
CREATE TABLE IF NOT EXISTS summaries (  -- computed from the records, rebuilt when missing
    game_id INTEGER PRIMARY KEY REFERENCES games(id),
    version INTEGER NOT NULL,        -- history.summary.VERSION of the code that wrote it
    summary TEXT NOT NULL,           -- JSON: history.summary.GameSummary
    seal TEXT                        -- seal_of: the row's check, tied to the game's record
);
"""


def _record(store: Any, db: sqlite3.Connection, game_id: int
            ) -> tuple[list[str], str, str | None, str | None, str | None] | None:
    """Game ``game_id``'s record as one consistent read (no transaction of another thread
    half-way: the store's ``_writing`` lock), checked (``record_lines``: healed first if it
    fails its checks) when ``store`` is the store; None if there is no such game."""
    lock = getattr(store, "_writing", None)
    with lock if lock is not None else contextlib.nullcontext():
        checked = getattr(store, "record_lines", None)
        lines = checked(game_id) if checked is not None and \
            db.execute("SELECT 1 FROM games WHERE id=?", (game_id,)).fetchone() else None
        row = db.execute("SELECT header, started_at, ended_at, result FROM games WHERE id=?",
                         (game_id,)).fetchone()
        if row is None:
            return None
        header, started, ended, result = row
        if lines is None:
            lines = [header, *(r[0] for r in db.execute(
                "SELECT line FROM actions WHERE game_id=? ORDER BY seq", (game_id,)))]
        return lines, started, ended, result, _basis(db, game_id)


def _sum_up(game_id: int, lines: list[str], started: str, ended: str | None,
            result: str | None) -> GameSummary:
    """A game summed up by its own kind (its header says which)."""
    return _kind(lines[0]).summarize(game_id, lines, started, ended,
                                     json.loads(result) if result else None)


def _compute(db: sqlite3.Connection, game_id: int, store: Any = None) -> GameSummary | None:
    """Game ``game_id`` summed up from its record (read by ``_record``)."""
    got = _record(store, db, game_id)
    return None if got is None else _sum_up(game_id, *got[:4])


def _kind(header: str) -> GameKind:
    """The game of a stored header (the default game's reader says what is wrong with one
    that is not JSON)."""
    try:
        return kind_of_header(json.loads(header))
    except ValueError:
        return kind_of_header(None)


def drop(db: sqlite3.Connection, game_id: int) -> None:
    """Inside the transaction that ends, un-ends or heals game ``game_id``: its row goes (it
    is computed again after the commit, or when read)."""
    db.execute("DELETE FROM summaries WHERE game_id=?", (game_id,))


def _basis(db: sqlite3.Connection, game_id: int) -> str | None:
    """What a row's check is tied to: the game's last chain value and its result."""
    row = db.execute("SELECT COALESCE((SELECT chain FROM actions WHERE game_id=g.id ORDER BY "
                     "seq DESC LIMIT 1), g.head), g.result FROM games g WHERE g.id=?",
                     (game_id,)).fetchone()
    return None if row is None else f"{row[0]} {row[1]}"


def seal_of(game_id: int, basis: str | None, version: int, text: str) -> str:
    """The check of a summary row."""
    return link(f"summary {game_id} {version} {basis}", text)


def summary_in_background(store: Any, game_id: int) -> None:
    """After the commit that ended game ``game_id``: its row computed (the record read at
    once, the replay outside any lock or transaction: the table's commits never wait for it)
    and kept if the game did not change meanwhile. A thread beside the screen calls this; a
    failure is logged and the row is computed when read."""
    try:
        got = _record(store, store.db, game_id)
        if got is None or got[2] is None:  # gone, or in play again
            return
        summary = _sum_up(game_id, *got[:4])
        with store._tx() as db:
            if _basis(db, game_id) == got[4]:
                _write(db, summary)
    except Exception:
        log.warning("the summary of game %s was not kept; it will be when asked for", game_id,
                    exc_info=True)


def _write(db: sqlite3.Connection, summary: GameSummary) -> None:
    text = json.dumps(summary.to_json(), ensure_ascii=False)
    db.execute("INSERT INTO summaries (game_id, version, summary, seal) VALUES (?, ?, ?, ?) "
               "ON CONFLICT(game_id) DO UPDATE SET version=excluded.version, "
               "summary=excluded.summary, seal=excluded.seal",
               (summary.id, VERSION, text,
                seal_of(summary.id, _basis(db, summary.id), VERSION, text)))


Progress = Callable[[int, int], None]
"""Called with (games done, games to do) while summaries are computed from the records."""


def summaries(store: Store, *, in_play: bool = True, replay_in_play: bool = False,
              progress: Progress | None = None) -> list[GameSummary]:
    """Every stored game summed up, newest first. Rows that are missing (a store from before
    the table), of an older version or unreadable are computed from the records and kept, each
    as soon as it is computed (``progress`` is told after each: the app keeps its watchdog fed
    and says how far it is); games in play are summed up on the spot (``in_play``) and not
    kept; without ``replay_in_play`` they are listed from their header alone (quick)."""
    db = store.db
    rows = _checked_rows(db)
    ended = [gid for (gid,) in db.execute(
        "SELECT id FROM games WHERE ended_at IS NOT NULL ORDER BY id")]
    out: dict[int, GameSummary] = {}
    stale: list[int] = []
    for gid in ended:
        got = rows.get(gid)
        if got is None:
            stale.append(gid)
        else:
            out[gid] = got
    if stale:
        out.update(_catch_up(store, stale, progress))
    if in_play:
        for gid, header, started, n in db.execute(
                "SELECT id, header, started_at, (SELECT COUNT(*) FROM actions WHERE game_id=id) "
                "FROM games WHERE ended_at IS NULL").fetchall():
            got = _compute(db, gid) if replay_in_play else in_play_summary(gid, header, started,
                                                                            n)
            if got is not None:
                out[gid] = got
    return [out[g] for g in sorted(out, reverse=True)]


# Read as bytes (CAST AS BLOB), whatever the connection's text_factory: a row that is not
# UTF-8 is damage to leave out, not a crash; and the connection is shared with the threads
# beside the table, so it is never switched to bytes for a read.
_ROWS = ("SELECT s.game_id, s.version, CAST(s.summary AS BLOB), CAST(s.seal AS BLOB), "
         "CAST(COALESCE((SELECT chain FROM actions a WHERE a.game_id=s.game_id ORDER BY seq "
         "DESC LIMIT 1), g.head) AS BLOB), CAST(g.result AS BLOB) FROM "
         "summaries s JOIN games g ON g.id = s.game_id")


def _checked_rows(db: sqlite3.Connection, where: str = "",
                  args: tuple[Any, ...] = ()) -> dict[int, GameSummary]:
    """The rows that pass their check, decoded: any other is left out (computed again)."""
    found = db.execute(_ROWS + where, args).fetchall()
    out = {}
    for gid, version, raw, seal, chain, result in found:
        try:
            text = raw.decode("utf-8")
            basis = f"{_str(chain)} {_str(result)}"
        except (AttributeError, UnicodeError):
            continue
        if version != VERSION or _str(seal) != seal_of(gid, basis, version, text):
            continue
        got = _decode(text)
        if got is not None:
            out[int(gid)] = got
    return out


def _str(v: Any) -> str | None:
    return v.decode("utf-8", "replace") if isinstance(v, bytes) else None if v is None else str(v)


def _decode(text: Any) -> GameSummary | None:
    try:
        return GameSummary.from_json(json.loads(text))
    except (TypeError, ValueError, KeyError, AttributeError, RecursionError):
        return None  # damaged or of another shape: computed again from the record


def _catch_up(store: Store, ids: list[int], progress: Progress | None
              ) -> dict[int, GameSummary]:
    """Each game computed and kept on its own: a stop half-way keeps what was done."""
    computed = {}
    keep_them = True
    for n, gid in enumerate(ids, 1):
        got = _compute(store.db, gid, store)
        if got is not None:
            computed[gid] = got
            if keep_them:
                try:
                    with store._tx() as db:
                        _write(db, got)
                except Exception:  # a read-only or full store: the figures are right anyway
                    log.warning("the summaries could not be kept", exc_info=True)
                    keep_them = False
        if progress is not None:
            progress(n, len(ids))
    return computed


FINISHED_SQL = ("(g.ended_at IS NOT NULL AND NOT COALESCE(CASE WHEN json_valid(g.result) THEN "
                "json_extract(g.result, '$.abandoned') END, 0))")
"""A game the Games list counts as finished (ended, not abandoned), in SQL."""


def page(store: Store, finished: bool, offset: int, limit: int,
         progress: Progress | None = None) -> tuple[list[GameSummary], int, int]:
    """One page of the Games list, newest first, paged in SQL: (its games, how many games
    are finished, how many are not). Only the page's rows are read (checked; a row that
    fails is computed again and kept); a game in play is listed from its header."""
    db = store.db
    done, total = db.execute(f"SELECT COALESCE(SUM({FINISHED_SQL}), 0), COUNT(*) "
                             "FROM games g").fetchone()
    ids = [gid for (gid,) in db.execute(
        f"SELECT id FROM games g WHERE {FINISHED_SQL} = ? ORDER BY id DESC LIMIT ? OFFSET ?",
        (1 if finished else 0, max(limit, 0), max(offset, 0)))]
    marks = ",".join("?" * len(ids))
    rows = _checked_rows(db, f" WHERE s.game_id IN ({marks})", tuple(ids)) if ids else {}
    found = db.execute(f"SELECT id, header, started_at, ended_at, (SELECT COUNT(*) FROM actions "
                       f"WHERE game_id=id) FROM games WHERE id IN ({marks}) ORDER BY id DESC",
                       tuple(ids)).fetchall()
    stale = [gid for gid, _h, _s, ended, _n in found if ended is not None and gid not in rows]
    if stale:  # rows missing or failing their check: computed again, kept, progress said
        rows.update(_catch_up(store, stale, progress))
    out = []
    for gid, header, started, ended, n in found:
        got = rows.get(gid)
        if got is None and ended is None:
            got = in_play_summary(gid, header, started, n)
        if got is not None:
            out.append(got)
    return out, int(done), int(total) - int(done)


def rebuild(store: Store) -> int:
    """Every row computed again from the records; returns how many games were summed up."""
    with store._tx() as db:
        db.execute("DELETE FROM summaries")
    return len(summaries(store, in_play=False))


def summary_of(store: Store, game_id: int) -> GameSummary | None:
    """One game summed up (from its row if it passes its check, else from its record)."""
    got = _checked_rows(store.db, " WHERE s.game_id=?", (game_id,)).get(game_id)
    return got if got is not None else _compute(store.db, game_id, store)
