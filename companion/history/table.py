"""The summary table: one row per ended game (finished or abandoned), its ``GameSummary`` as
JSON, kept in step with the records by the store and rebuilt from them when missing or of an
older version. The records stay the source of truth: a row is only ever computed from them
(``summary.summarize``), in the same transaction as the change of the game it sums up.

Games still in play have no row: there are few of them, and they are summed up when asked."""

from __future__ import annotations

import contextlib
import json
import logging
import sqlite3
from collections.abc import Callable
from typing import Any, Protocol

from ..games import GameKind, kind_of_header
from .summary import VERSION, GameSummary
from .summary import in_play as in_play_summary


class Store(Protocol):
    """What this module needs of ``companion.store.Store`` (which calls ``keep``)."""

    db: sqlite3.Connection

    def _tx(self) -> contextlib.AbstractContextManager[sqlite3.Connection]: ...

log = logging.getLogger(__name__)

SUMMARY_SCHEMA = """
CREATE TABLE IF NOT EXISTS summaries (  -- computed from the records, rebuilt when missing
    game_id INTEGER PRIMARY KEY REFERENCES games(id),
    version INTEGER NOT NULL,        -- history.summary.VERSION of the code that wrote it
    summary TEXT NOT NULL            -- JSON: history.summary.GameSummary
);
"""


def _compute(db: sqlite3.Connection, game_id: int) -> GameSummary | None:
    row = db.execute("SELECT header, started_at, ended_at, result FROM games WHERE id=?",
                     (game_id,)).fetchone()
    if row is None:
        return None
    header, started, ended, result = row
    lines = [header, *(r[0] for r in db.execute(
        "SELECT line FROM actions WHERE game_id=? ORDER BY seq", (game_id,)))]
    return _kind(header).summarize(game_id, lines, started, ended,
                                   json.loads(result) if result else None)


def _kind(header: str) -> GameKind:
    """The game of a stored header (the default game's reader says what is wrong with one
    that is not JSON)."""
    try:
        return kind_of_header(json.loads(header))
    except ValueError:
        return kind_of_header(None)


def keep(db: sqlite3.Connection, game_id: int) -> None:
    """The store's hook, inside the transaction that ended (or un-ended) game ``game_id``: its
    row is written from its record, or removed while it is in play again."""
    ended = db.execute("SELECT ended_at FROM games WHERE id=?", (game_id,)).fetchone()
    if ended is None or ended[0] is None:
        db.execute("DELETE FROM summaries WHERE game_id=?", (game_id,))
        return
    try:
        summary = _compute(db, game_id)
    except sqlite3.Error:
        raise  # the store's trouble: the whole event fails, as it should
    except Exception:  # the history's own fault must never keep a game from ending
        log.exception("game %s could not be summed up; it will be when it is asked for",
                      game_id)
        db.execute("DELETE FROM summaries WHERE game_id=?", (game_id,))
        return
    if summary is not None:
        _write(db, summary)


def _write(db: sqlite3.Connection, summary: GameSummary) -> None:
    db.execute("INSERT INTO summaries (game_id, version, summary) VALUES (?, ?, ?) "
               "ON CONFLICT(game_id) DO UPDATE SET version=excluded.version, "
               "summary=excluded.summary",
               (summary.id, VERSION, json.dumps(summary.to_json(), ensure_ascii=False)))


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
    try:
        rows = {gid: (version, text) for gid, version, text in
                db.execute("SELECT game_id, version, summary FROM summaries")}
    except sqlite3.OperationalError:  # a damaged row (not UTF-8): all computed again
        log.warning("the summaries could not be read", exc_info=True)
        rows = {}
    ended = [gid for (gid,) in db.execute(
        "SELECT id FROM games WHERE ended_at IS NOT NULL ORDER BY id")]
    out: dict[int, GameSummary] = {}
    stale: list[int] = []
    for gid in ended:
        version, text = rows.get(gid, (None, None))
        got = _decode(text) if version == VERSION else None
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


def _decode(text: Any) -> GameSummary | None:
    try:
        return GameSummary.from_json(json.loads(text))
    except (TypeError, ValueError, KeyError):
        return None  # damaged or of another shape: computed again from the record


def _catch_up(store: Store, ids: list[int], progress: Progress | None
              ) -> dict[int, GameSummary]:
    """Each game computed and kept on its own: a stop half-way keeps what was done."""
    computed = {}
    keep_them = True
    for n, gid in enumerate(ids, 1):
        got = _compute(store.db, gid)
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


def rebuild(store: Store) -> int:
    """Every row computed again from the records; returns how many games were summed up."""
    with store._tx() as db:
        db.execute("DELETE FROM summaries")
    return len(summaries(store, in_play=False))


def summary_of(store: Store, game_id: int) -> GameSummary | None:
    """One game summed up (from its row if in step, else from its record)."""
    row = store.db.execute("SELECT version, summary FROM summaries WHERE game_id=?",
                           (game_id,)).fetchone()
    if row is not None and row[0] == VERSION:
        got = _decode(row[1])
        if got is not None:
            return got
    return _compute(store.db, game_id)
