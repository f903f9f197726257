"""A game at the table: the engine's record and the store kept in step, event by event.

Each table event (an action with everything it implies, an undo, a new game) is one commit of
the store. The commit goes through a *runner*: by default it runs right there; the app gives a
``Saver``, which runs it on a thread of its own while the screen shows "saving" and the watchdog
is pinged, so that a slow SD card never freezes the table. Either way the event is done only
when the commit has returned; if it fails, nothing of it is done and ``StoreError`` says why.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from .engine import Action, Game, GameState, parse_action
from .engine.actions import action_to_json
from .engine.catalogue import merge
from .engine.game import dumps
from .engine.messages import Message
from .store import Store, StoreError, reason, result_of

T = TypeVar("T")
Runner = Callable[[Callable[[], T]], T]
log = logging.getLogger(__name__)


def inline(fn: Callable[[], T]) -> T:
    """Run the commit here and now (the CLI, tests)."""
    return fn()


class Saver:
    """Runs each commit on a thread of its own; meanwhile ``waiting(seconds_so_far)`` is called
    on the caller's thread about every ``tick`` seconds (to draw "saving" and ping the
    watchdog). Returns (or raises) what the commit did, once it has finished."""

    def __init__(self, waiting: Callable[[float], None], tick: float = 0.05) -> None:
        self.waiting = waiting
        self.tick = tick
        self.busy = False

    def __call__(self, fn: Callable[[], T]) -> T:
        done = threading.Event()
        box: dict[str, Any] = {}

        def work() -> None:
            try:
                box["value"] = fn()
            except BaseException as exc:  # handed to the caller's thread
                box["error"] = exc
            finally:
                done.set()

        start = time.monotonic()
        self.busy = True
        try:
            threading.Thread(target=work, name="helvetia-save", daemon=True).start()
            while not done.wait(self.tick):
                self.waiting(time.monotonic() - start)
        finally:
            self.busy = False
        if "error" in box:
            raise box["error"]
        return box["value"]  # type: ignore[no-any-return]


class Session:
    """Apply checks an action with the rules, commits it with everything it implies, and only
    then is it done: a refused action changes nothing, and a store that fails takes it back."""

    def __init__(self, store: Store, game_id: int, game: Game,
                 runner: Runner[Any] = inline) -> None:
        self.store = store
        self.game_id = game_id
        self.game = game
        self.runner = runner
        self.head = store.head(game_id)
        """The chain value of the last action stored: each commit must follow it."""
        self.queued: list[Callable[[], str]] = []
        """Commits waiting for a store locked by another program (oldest first): the actions
        are done at the table and saved, in order, as soon as the lock is gone."""
        self.waiting: StoreError | None = None
        """Why the queued commits wait (a ``store.waiting`` message), None if none do."""
        self._flushing = threading.Lock()
        self.kept_heads: list[str] = []
        """The chain value after each queued action (kept in the journal)."""

    @classmethod
    def start(cls, store: Store, header: Mapping[str, Any],
              runner: Runner[Any] = inline) -> Session:
        """A new game; the costs learned on this device go into its header. ``StoreError`` if
        it cannot be saved (then there is no new game)."""
        header = dict(header)
        learned = store.catalogue_overrides()
        if learned:
            header["catalogue"] = merge(learned, header.get("catalogue", {}))
        game = Game(header)
        try:
            game_id = runner(lambda: store.new_game(game.header))
        except Exception as exc:
            raise StoreError(Message("store.failed_new_game", {"reason": reason(exc)})) from exc
        return cls(store, game_id, game, runner)

    @classmethod
    def resume(cls, store: Store, runner: Runner[Any] = inline) -> Session | None:
        """The unfinished game, rebuilt by replaying what was stored; None if there is none."""
        game_id = store.unfinished()
        if game_id is None:
            return None
        return cls(store, game_id, store.load(game_id), runner)

    @property
    def state(self) -> GameState:
        return self.game.state

    def apply(self, action: Action | Mapping[str, Any]) -> GameState:
        if not isinstance(action, Action):
            action = parse_action(action)
        before = self.game.state
        state = self.game.apply(action)  # refused here: nothing stored, nothing changed
        seq = len(self.game.actions)
        line = dumps(action_to_json(action))
        costs = {t: dict(c) for t, c in state.learned_costs.items()  # read off a tile
                 if before.learned_costs.get(t) != c}
        result = result_of(self.game) if state.game_over else None
        round_end = state.round != before.round or state.game_over

        def commit(kept: Any = None) -> str:
            return self.store.commit_action(self.game_id, seq, line, costs=costs,
                                            result=result, after=self.head, kept=kept)

        if self.queued:  # the store is locked: this action waits its turn
            self._keep_queued(seq, line, result, commit)
            return state
        try:
            self.head = self.runner(commit)
        except Exception as exc:
            if reason(exc) == "locked":  # another program: the action is kept in the journal
                self._keep_queued(seq, line, result, commit)
                self.waiting = StoreError(Message("store.waiting", {"reason": "locked"}))
                return state
            self.game.undo()
            raise StoreError(Message("store.failed_action", {"reason": reason(exc)})) from exc
        if round_end:  # a backup, in the background: the commit above is safe already
            self.store.round_end_in_background()
        return state

    def _keep_queued(self, seq: int, line: str, result: Mapping[str, Any] | None,
                     commit: Callable[[Any], str]) -> None:
        """The database is locked: the action goes into the journal (one checked copy on the
        card, fsynced, before the table is told it is kept) and its database commit waits in
        ``queued``."""
        after = self.kept_heads[-1] if self.kept_heads else self.head
        try:
            kept = self.runner(lambda: self.store.keep_action(self.game_id, seq, line, after,
                                                              result))
        except Exception as exc:  # not even the journal: the action is not done
            self.game.undo()
            raise StoreError(Message("store.failed_action", {"reason": reason(exc)})) from exc
        self.kept_heads.append(kept.chain)
        self.queued.append(lambda: commit(kept))

    def flush(self) -> bool:
        """Save the queued commits, in order (on a thread of its own: the app's loop starts
        it); True when none wait any more. A failure leaves the rest queued for next time."""
        with self._flushing:
            while self.queued:
                try:
                    self.head = self.queued[0]()
                except Exception as exc:
                    self.waiting = StoreError(Message("store.waiting",
                                                      {"reason": reason(exc)}))
                    return False
                self.queued.pop(0)
                self.kept_heads.pop(0)
            self.waiting = None
            return True

    def undo(self) -> Action:
        if self.queued:  # not saved yet: taken back at the table only
            if not self._flushing.acquire(blocking=False):
                raise self.waiting or StoreError(Message("store.waiting", {"reason": "locked"}))
            try:
                if self.queued:
                    seq, was_over = len(self.game.actions), self.state.game_over
                    self.runner(lambda: self.store.keep_undo(self.game_id, seq, was_over))
                    self.queued.pop()
                    self.kept_heads.pop()
                    return self.game.undo()
            finally:
                self._flushing.release()
        seq = len(self.game.actions)
        was_over = self.state.game_over
        action = self.game.undo()
        try:
            self.head = self.runner(lambda: self.store.commit_undo(
                self.game_id, seq, unfinish=was_over, after=self.head))
        except Exception as exc:
            self.game.apply(action)
            raise StoreError(Message("store.failed_undo", {"reason": reason(exc)})) from exc
        return action

    def idle(self) -> None:
        """Nothing happening at the table: let the store checkpoint (best effort)."""
        try:
            self.runner(self.store.idle)
        except Exception:
            log.exception("idle checkpoint failed")

    def abandon(self) -> None:
        """Leave the game unfinished for good: kept in the store, marked abandoned."""
        result = {"abandoned": True, "winners": [], "tie_break": None,
                  "scores": dict(self.state.track)}
        try:
            self.runner(lambda: self.store.finish(self.game_id, result))
        except Exception as exc:
            raise StoreError(Message("store.failed_abandon", {"reason": reason(exc)})) from exc
