"""Upkeep after a round's last commit, beside the screen: the journals of games just ended (and
one older finished game's, in turn) checked against the database, the summary rows of games just
ended, the WAL into the main file (also when the table is idle), a backup."""

from __future__ import annotations

import contextlib
import logging
import sqlite3
import threading
from pathlib import Path

from . import summaries as summary_table
from .backups import write_backup
from .repair import heal_store
from .transactions import Transactions
from .trouble import StoreError

log = logging.getLogger(__name__)
IN_TURN = "journal_in_turn"
"""The ``meta`` key of the finished game whose journal the round ends checked last in turn."""


class Upkeep(Transactions):
    """What the store does when nobody waits for it."""

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
        """After a round's last commit: the journals checked (``check_journals``), the
        summary rows of games just ended, a checkpoint, then a backup. Best effort: the
        commits are safe in the WAL and the journal whatever happens here. Safe to call on a
        thread of its own (``round_end_in_background``)."""
        with self._backing_up, contextlib.suppress(StoreError):
            self.check_journals()
            self.summarize_ended()
            self.backup()

    def _ended_unsummed(self) -> list[int]:
        """Ended games without a summary row (just ended, or their row not kept), newest
        first, at most four."""
        return [gid for (gid,) in self.db.execute(
            "SELECT id FROM games WHERE ended_at IS NOT NULL AND id NOT IN "
            "(SELECT game_id FROM summaries) ORDER BY id DESC LIMIT 4")]

    def summarize_ended(self) -> None:
        """The summary rows of ended games that have none (a game just ended: its row is
        computed here, after its commit, never inside it), each in its own transaction."""
        for gid in self._ended_unsummed():
            summary_table.summary_in_background(self, gid)

    def check_journals(self) -> list[int]:
        """Each game just ended checked against its journal once, while both copies are
        there, and one older finished game in turn (newest first, round and round: every
        journal is checked now and then, and a start never checks more for it). Damage is
        healed from the other copy (the damaged one kept) and said (``late_notices``), as
        ``repair.heal_store`` does at an unclean start. Returns the games checked."""
        if not self.writer:
            return []
        ended = self._ended_unsummed()
        in_turn = self._next_in_turn(set(ended))
        checked = ended + ([] if in_turn is None else [in_turn])
        for gid in checked:
            try:
                with self._writing:  # the table's commits wait: both copies read as they are
                    self.tell_late(heal_store(self, only={gid}, background=True))
            except Exception:  # best effort, like the rest of the round end: logged; the
                log.exception("the journal check of game %s failed", gid)  # backup goes on
        if in_turn is not None:
            with contextlib.suppress(StoreError), self._tx():  # (locked: that game again)
                self._set_meta(IN_TURN, in_turn)
        return checked

    def _next_in_turn(self, skip: set[int]) -> int | None:
        """The finished game after the one checked last in turn (an older one; the newest
        again after the oldest), other than ``skip``."""
        last = self._meta(IN_TURN)
        for below in ([last] if last else []) + [None]:
            rows = self.db.execute(
                "SELECT id FROM games WHERE ended_at IS NOT NULL AND id < COALESCE(?, id + 1) "
                "ORDER BY id DESC LIMIT ?", (below, len(skip) + 1))
            found = [int(gid) for (gid,) in rows if int(gid) not in skip]
            if found:
                return found[0]
        return None

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

