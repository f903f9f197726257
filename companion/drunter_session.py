"""A game of Drunter & Drüber at the table: its record and the store kept in step, as
Helvetia's ``Session`` does (one commit per action or undo, the same runner, the same queue
while another program holds the store), with this game's record format and result."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import drunter
from .drunter.messages import Message
from .drunter.state import DrunterState
from .drunter.table import TableLog
from .engine.game import dumps
from .session import Runner, Session, inline
from .store import Store, StoreError, reason
from .store.games import drunter_result


class DrunterSession(Session):
    game: drunter.Game  # type: ignore[assignment]
    _table: TableLog | None = None

    @classmethod
    def start(cls, store: Store, header: Mapping[str, Any],  # type: ignore[override]
              runner: Runner[Any] = inline) -> DrunterSession:
        """A new game (checked, then stored); ``StoreError`` if it cannot be saved."""
        game = drunter.Game(header)
        try:
            game_id = runner(lambda: store.new_game(game.header))
        except Exception as exc:
            raise StoreError(Message("store.failed_new_game", {"reason": reason(exc)})) from exc
        return cls(store, game_id, game, runner)

    @classmethod
    def of(cls, session: Session) -> DrunterSession:
        """The resumed session of a stored Drunter game, as this game's session."""
        return cls(session.store, session.game_id, session.game,  # type: ignore[arg-type]
                   session.runner)

    @property
    def state(self) -> DrunterState:  # type: ignore[override]
        return self.game.state

    @property
    def table_log(self) -> TableLog:
        """The steps the screens show: the last action's (the same after a restart as
        before it), or after an undo what the table takes back."""
        log = self._table
        if log is None:
            log = self._table = TableLog()
            states, actions = self.game._states, self.game.actions
            if actions:
                log.done(states[-2], actions[-1], states[-1])
        return log

    def undo(self) -> Any:
        states = self.game._states
        before, after = (states[-2], states[-1]) if len(states) > 1 else (None, None)
        action = super().undo()
        if before is not None and after is not None and isinstance(action, drunter.Action):
            self.table_log.took_back(before, action, after)
        return action

    def apply(self, action: Any) -> DrunterState:  # type: ignore[override]
        if not isinstance(action, drunter.Action):
            action = drunter.parse_action(action)
        before = self.game.state
        state = self.game.apply(action)  # refused here: nothing stored, nothing changed
        self.table_log.done(before, action, state)
        seq = len(self.game.actions)
        line = dumps(drunter.action_to_json(action))
        result = drunter_result(self.game) if state.game_over else None

        def commit() -> str:
            return self.store.commit_action(self.game_id, seq, line, result=result,
                                            after=self.head)

        if self.queued:
            self.queued.append(commit)
            return state
        try:
            self.head = self.runner(commit)
        except Exception as exc:
            if reason(exc) == "locked":
                self.queued.append(commit)
                self.waiting = StoreError(Message("store.waiting", {"reason": "locked"}))
                return state
            self.game.undo()
            self._table = None  # the last action's steps again
            raise StoreError(Message("store.failed_action", {"reason": reason(exc)})) from exc
        if state.game_over:
            self.store.round_end_in_background()
        return state

    def abandon(self) -> None:
        result = {"game": "drunter", "abandoned": True, "winners": [], "tie_break": None,
                  "scores": {}}
        try:
            self.runner(lambda: self.store.finish(self.game_id, result))
        except Exception as exc:
            raise StoreError(Message("store.failed_abandon", {"reason": reason(exc)})) from exc
