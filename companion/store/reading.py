"""Reading stored games: the table's game to continue, the list, a game's record (checked, and
healed from its journal first if its row fails its checks), a game replayed, the summaries."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..engine import RecordError
from ..engine.messages import Message
from ..games import Played
from ..history.summary import GameSummary
from . import games
from . import summaries as summary_table
from .repair import db_copies, heal_store
from .transactions import Transactions
from .trouble import StoreError


@dataclass(frozen=True)
class GameInfo:
    id: int
    header: dict[str, Any]
    started_at: str
    ended_at: str | None
    result: dict[str, Any] | None
    actions: int


class Reading(Transactions):
    """What the screens and the commands read of the store."""

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
                    self.tell_late(heal_store(self, only={game_id}, background=True))
                self._checked.add(game_id)
        row = self.db.execute("SELECT header FROM games WHERE id=?", (game_id,)).fetchone()
        if row is None:
            raise StoreError(Message("store.no_game", {"game": game_id}))
        lines = [r[0] for r in self.db.execute(
            "SELECT line FROM actions WHERE game_id=? ORDER BY seq", (game_id,))]
        return [row[0], *lines]

    def load(self, game_id: int, *overrides: Mapping[str, Any]) -> Played:
        """Rebuild a stored game by replaying it."""
        try:
            return games.from_record(self.record_lines(game_id), *overrides)
        except RecordError as exc:
            raise StoreError(Message("store.no_replay", {"game": game_id,
                                                         "detail": str(exc)})) from None

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

