"""Helvetia's table ticks kept across a restart (its kind's ``table_keeper``): which steps the
table ticked off, which group of the checklist was open, whether it went on past the round
end's checklist, and the new buildings tapped so far on the reveal grid, saved beside the game
(a device setting) so that a restart after a power cut or a crash on the round end opens its
checklist (or its grid) as it was. What no longer fits the game (another game, another count
of actions, a damaged setting, taps the grid would refuse) is dropped."""

from __future__ import annotations

import contextlib
import json
import threading
from typing import TYPE_CHECKING, Any

from ..display.screens.round_end.reveal_grid import tappable
from ..display.words.table_log import TableLog
from ..engine.state import OVER, PLAY, REVEAL
from ..store import StoreError

if TYPE_CHECKING:
    from ..session import Session
    from ..store import Store

SETTING = "table_ticks"
_ORDER = threading.Lock()


def _table(session: Session) -> TableLog:
    """The session's table steps (Helvetia's log; an empty one for a game without)."""
    log = session.table
    return log if isinstance(log, TableLog) else TableLog()


def _mark(session: Session) -> dict[str, Any]:
    table = _table(session)
    return {"game": session.game_id, "actions": len(session.game.actions),
            "ticked": sorted(table.ticked), "pending": bool(session.summary_pending),
            "open": table.opened, "drawn": list(table.drawn)}


class TableKeep:
    """What of the table's ticks was seen and saved last (one per app and kind)."""

    def __init__(self) -> None:
        self.seen: dict[str, Any] | None = None
        """The marks last looked at, but the count of actions (a change there alone is
        no reason to write)."""
        self.kept: dict[str, Any] | None = None
        """The newest marks to write."""

    def keep(self, session: Session, store: Store) -> None:
        """Saves the ticks (in the background) when the table ticked a step or went on
        past a round end's checklist. Only then: what an action leaves (no ticks; a round
        end's checklist open) is what a restart rebuilds from the record anyway, and a
        write beside every action would slow the action's own save on a slow card."""
        mark = _mark(session)
        seen = {k: v for k, v in mark.items() if k != "actions"}
        if seen == self.seen:
            return
        self.seen = seen
        key = _table(session).key
        went_on = not mark["pending"] and key is not None and key[0] in ("round", "setup")
        drawn = mark["drawn"] or (self.kept or {}).get("drawn")  # tapped, or no longer
        if not mark["ticked"] and not went_on and mark["open"] is None and not drawn:
            return
        self.kept = mark

        def write() -> None:
            # The newest marks at the time of writing: a slower thread never writes an
            # older one. A failed save is no trouble: ticks are a help, the record is saved
            # on its own, and the next change tries again.
            with _ORDER, contextlib.suppress(StoreError):
                store.set_setting(SETTING, json.dumps(self.kept))
        store.later(write)

    def restore(self, session: Session, store: Store) -> None:
        """After a restart (the log rebuilt from the record): the ticks as they were, and a
        round end's (or the setup's) checklist the table had not gone past is opened again."""
        table = _table(session)
        try:
            saved = json.loads(store.setting(SETTING) or "null")
        except ValueError:  # a damaged setting: the steps as the record has them, unticked
            saved = None
        same = isinstance(saved, dict) and saved.get("game") == session.game_id and \
            saved.get("actions") == len(session.game.actions)
        shown = len(table.shown())
        if same:
            table.ticked = {i for i in saved.get("ticked", ())
                            if isinstance(i, int) and 0 <= i < shown}
            opened = saved.get("open")
            table.opened = opened if isinstance(opened, str) else None
            drawn = saved.get("drawn")
            if session.state.phase == REVEAL and tappable(session.state, drawn):
                table.drawn[:] = drawn  # the grid half-tapped as it was
        at_round_end = table.key is not None and table.key[0] == "round"
        setup_done = table.key == ("setup",)  # the setup's checklist before the first turn
        if (at_round_end or setup_done) and session.state.phase in (PLAY, OVER):
            session.summary_pending = bool(saved.get("pending")) if same else bool(table.left())
        elif at_round_end and session.state.phase == REVEAL:
            session.summary_pending = True  # the new buildings drawn, the checklist follows
        self.kept = _mark(session)
        self.seen = {k: v for k, v in (self.kept or {}).items() if k != "actions"}
