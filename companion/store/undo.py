"""Undoing: the last action taken out of both copies (the game's end with it, if it went),
or, while the database is locked, a ``u`` line in the journal only; and what the last undos told
the table to take back (the ``table_undone`` setting, docs/store.md)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ..engine.messages import Message
from . import summaries as summary_table
from .transactions import Transactions
from .trouble import Diverged

UNDONE = "table_undone"
"""The setting that keeps what the last undos took back (``commit_undo``, ``undone``)."""


class Undo(Transactions):
    """An undo as one table event."""

    def keep_undo(self, game_id: int, seq: int, unfinish: bool = False) -> int:
        """While the database is locked: the undo of a kept action into the journal only."""
        return self._keep(game_id, [["u", seq]] + ([["r"]] if unfinish else []))

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

    def remove_last(self, game_id: int, seq: int) -> None:
        """Undo: remove action ``seq``, which must be the last one stored."""
        self.commit_undo(game_id, seq)

    def _unfinish(self, game_id: int) -> list[Any]:
        self.db.execute("UPDATE games SET ended_at=NULL, result=NULL WHERE id=?", (game_id,))
        summary_table.drop(self.db, game_id)
        return ["r"]

    def unfinish(self, game_id: int) -> None:
        """The game's end was undone."""
        with self._tx():
            self._journal(game_id, [self._unfinish(game_id)])

