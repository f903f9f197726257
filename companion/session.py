"""A game at the table, of any kind: its record and the store kept in step, event by event.

Each table event (an action with everything it implies, an undo, a new game) is one commit of
the store. The commit goes through a *runner*: by default it runs right there; the app gives a
``Saver``, which runs it on a thread of its own while the screen shows "saving" and the watchdog
is pinged, so that a slow SD card never freezes the table. Either way the event is done only
when the commit has returned; if it fails, nothing of it is done and ``StoreError`` says why.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from .engine.messages import Message
from .games import Changed, GameKind, Played, kind_of_header
from .store import Store, StoreError, reason

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
        value: list[T] = []
        error: list[BaseException] = []

        def work() -> None:
            try:
                value.append(fn())
            except BaseException as exc:  # handed to the caller's thread
                error.append(exc)
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
        if error:
            raise error[0]
        return value[0]


class Session:
    """A game of any kind at the table (``kind``: its ``GameKind``). Apply checks an action
    with the rules, commits it with everything it implies, and only then is it done: a
    refused action changes nothing, and a store that fails takes it back."""

    def __init__(self, store: Store, game_id: int, game: Played,
                 runner: Runner[Any] = inline, kind: GameKind | None = None) -> None:
        self.store = store
        self.game_id = game_id
        self.game = game
        self.kind = kind or kind_of_header(game.header)
        """The game's kind: what the app asks of it (its screens, buttons, LEDs, result)."""
        self.runner = runner
        self.head = store.head(game_id)
        """The chain value of the last action stored: each commit must follow it."""
        self.queued: list[Callable[[], str]] = []
        """Commits waiting for a store locked by another program (oldest first): the actions
        are done at the table and saved, in order, as soon as the lock is gone."""
        self.waiting: StoreError | None = None
        """Why the queued commits wait (a ``store.waiting`` message), None if none do."""
        self._flushing = threading.Lock()
        self.taken_back: list[tuple[Any, Any, Any]] = []
        """The actions undone since the last action done, in the order they were undone, each
        as (state before it, the action, state after it): what the table takes back. Kept
        with each undo in the store, so that a restart shows the same (``_taken_again``)."""
        self.table = self.kind.table_steps(game)
        """The table's steps as the kind keeps them (None for a game that keeps none)."""
        self._taken_again()
        self.kept_heads: list[str] = []
        """The chain value after each queued action (kept in the journal)."""
        self.changed = Changed()
        """What the last action done changed (the kind's ``changed``)."""
        self.scores_before = self.kind.scores_before(game)
        """The scores before the game's newest scoring, as the kind counts them (None for a
        game whose scores are not shown filling); taken again after each scoring."""
        self.summary_pending = False
        """A summary of what the table did is still to be shown (an action's ``changed``
        asked for one; the screen that shows it clears it)."""

    @classmethod
    def start(cls, store: Store, header: Mapping[str, Any],
              runner: Runner[Any] = inline) -> Session:
        """A new game of the kind its header names (checked); what this device learned goes
        into its header. ``StoreError`` if it cannot be saved (then there is no new game)."""
        kind = kind_of_header(header)
        game = kind.new(kind.prepare(header, store.catalogue_overrides()))
        try:
            game_id = runner(lambda: store.new_game(game.header))
        except Exception as exc:
            raise StoreError(Message("store.failed_new_game", {"reason": reason(exc)})) from exc
        return cls(store, game_id, game, runner, kind)

    @classmethod
    def resume(cls, store: Store, runner: Runner[Any] = inline) -> Session | None:
        """The unfinished game, of the kind the store's record names, rebuilt by replaying
        what was stored; None if there is none."""
        game_id = store.unfinished()
        if game_id is None:
            return None
        return cls(store, game_id, store.load(game_id), runner)

    @property
    def state(self) -> Any:
        """The game's state (of its kind's own type)."""
        return self.game.state

    def apply(self, action: Any) -> Any:
        """Apply an action (typed, or its JSON object) and store it; returns the new state."""
        before = self.game.state
        state = self.game.apply(action)  # refused here: nothing stored, nothing changed
        action = self.game.actions[-1]
        seq = len(self.game.actions)
        line = self.kind.action_line(self.game, action)
        changed = self.kind.changed(before, state)
        result = self.kind.result(self.game) if self.kind.game_over(self.game) else None

        def commit(kept: Any = None) -> str:
            return self.store.commit_action(self.game_id, seq, line, costs=changed.costs,
                                            result=result, after=self.head, kept=kept)

        if self.queued:  # the store is locked: this action waits its turn
            self._keep_queued(seq, line, result, commit)
            self._done(before, action, state, changed)
            return state
        try:
            self.head = self.runner(commit)
        except Exception as exc:
            if reason(exc) == "locked":  # another program: the action is kept in the journal
                self._keep_queued(seq, line, result, commit)
                self.waiting = StoreError(Message("store.waiting", {"reason": "locked"}))
                self._done(before, action, state, changed)
                return state
            self.game.undo()  # not done: the table's steps and marks stay as they were
            raise StoreError(Message("store.failed_action", {"reason": reason(exc)})) from exc
        self._done(before, action, state, changed)
        if changed.backup:  # a backup, in the background: the commit above is safe already
            self.store.round_end_in_background()
        return state

    def _done(self, before: Any, action: Any, after: Any, changed: Changed) -> None:
        """An action is done (saved, or kept to be saved): nothing more to take back; the
        table's steps, the scores before a scoring and the summary due follow it."""
        self.taken_back = []
        self.changed = changed
        if self.table is not None:
            self.table.done(before, action, after)
        if changed.scored and self.scores_before is not None:
            self.scores_before = self.kind.scores_before(self.game)
        if changed.summary:  # e.g. the setup's steps as a checklist before the turns
            self.summary_pending = True

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

    def undo(self) -> Any:
        if self.queued:  # not saved yet: taken back at the table only
            if not self._flushing.acquire(blocking=False):
                raise self.waiting or StoreError(Message("store.waiting", {"reason": "locked"}))
            try:
                if self.queued:
                    seq, was_over = len(self.game.actions), self.state.game_over
                    self.runner(lambda: self.store.keep_undo(self.game_id, seq, was_over))
                    self.queued.pop()
                    self.kept_heads.pop()
                    action = self._undone()
                    self._tell_table()
                    return action
            finally:
                self._flushing.release()
        seq = len(self.game.actions)
        was_over = self.state.game_over
        action = self._undone()
        lines = [self.kind.action_line(self.game, a) for _b, a, _a in self.taken_back]
        try:
            self.head = self.runner(lambda: self.store.commit_undo(
                self.game_id, seq, unfinish=was_over, after=self.head, undone=lines))
        except Exception as exc:
            self.game.apply(action)  # not undone: the table's steps stay as they were
            self.taken_back.pop()
            raise StoreError(Message("store.failed_undo", {"reason": reason(exc)})) from exc
        self._tell_table()
        return action

    def _undone(self) -> Any:
        """Undo the last action in the game (not yet in the store), kept in ``taken_back``."""
        after = self.game.state
        action = self.game.undo()
        self.taken_back.append((self.game.state, action, after))
        return action

    def _tell_table(self) -> None:
        """The table's steps say what the latest undo takes back."""
        if self.table is not None:
            self.table.took_back(*self.taken_back[-1])

    def _taken_again(self) -> None:
        """After a restart: the undos since the last action as the store kept them, done
        again in memory (each undone action applied, then undone, latest undone first), so
        that the table is told the same take-back steps as before. An action the rules now
        refuse (a damaged setting) ends it: what was taken back before it stays."""
        done = 0
        for line in reversed(self.store.undone(self.game_id)):  # the last one undone was
            try:                                                # the earliest in the game
                self.game.apply(json.loads(line))
            except Exception:  # refused or malformed: the rest cannot follow it
                log.warning("a kept undo no longer fits the game; its steps are not shown")
                break
            done += 1
        for _ in range(done):
            self._undone()
            self._tell_table()

    def idle(self) -> None:
        """Nothing happening at the table: let the store checkpoint (best effort)."""
        try:
            self.runner(self.store.idle)
        except Exception:
            log.exception("idle checkpoint failed")

    def abandon(self) -> None:
        """Leave the game unfinished for good: kept in the store, marked abandoned."""
        result = self.kind.abandoned(self.game)
        try:
            self.runner(lambda: self.store.finish(self.game_id, result))
        except Exception as exc:
            raise StoreError(Message("store.failed_abandon", {"reason": reason(exc)})) from exc
