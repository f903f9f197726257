"""Writing a table event: a new game, an action with the costs it taught and the game's end,
the same kept in the journal only while the database is locked (``Kept``), an imported game."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ..engine.messages import Message
from . import games
from . import summaries as summary_table
from .games import result_of
from .journal import ROOT, journal_file, link
from .reading import Reading
from .transactions import _now
from .trouble import Diverged


@dataclass(frozen=True)
class Kept:
    """An event kept in the journal only (``Store.keep_action``): the journal's length with
    it, when the game ended (if it did), and the action's chain value."""

    lines: int
    ended_at: str | None
    chain: str



class Actions(Reading):
    """A table event written: both copies, one transaction (``Transactions._tx``)."""

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

    def append(self, game_id: int, seq: int, line: str) -> None:
        """Store action number ``seq`` (1-based); it must follow the last one stored."""
        self.commit_action(game_id, seq, line)

    def _finish(self, game_id: int, result: Mapping[str, Any],
                ended_at: str | None = None) -> list[Any]:
        ended, text = ended_at or _now(self.clock), json.dumps(result)
        self.db.execute("UPDATE games SET ended_at=?, result=? WHERE id=?",
                        (ended, text, game_id))
        summary_table.drop(self.db, game_id)  # computed after the commit (``round_end``)
        return ["f", ended, text]

    def finish(self, game_id: int, result: Mapping[str, Any]) -> None:
        with self._tx():
            self._journal(game_id, [self._finish(game_id, result)])
        self.later(lambda: summary_table.summary_in_background(self, game_id))

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

