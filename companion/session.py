"""A game at the table: the engine's record and the store kept in step, action by action."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from .engine import Action, Build, Game, GameState, action_to_json, parse_action
from .engine.catalogue import merge
from .store import Store, StoreError, result_of


class Session:
    """Apply checks an action with the rules, commits it, and only then is it done: a refused
    action changes nothing, and a store that fails takes the action back."""

    def __init__(self, store: Store, game_id: int, game: Game) -> None:
        self.store = store
        self.game_id = game_id
        self.game = game

    @classmethod
    def start(cls, store: Store, header: Mapping[str, Any]) -> Session:
        """A new game; the costs learned on this device go into its header."""
        header = dict(header)
        learned = store.catalogue_overrides()
        if learned:
            header["catalogue"] = merge(learned, header.get("catalogue", {}))
        game = Game(header)
        return cls(store, store.new_game(game.header), game)

    @classmethod
    def resume(cls, store: Store) -> Session | None:
        """The unfinished game, rebuilt by replaying what was stored; None if there is none."""
        game_id = store.unfinished()
        if game_id is None:
            return None
        return cls(store, game_id, store.load(game_id))

    @property
    def state(self) -> GameState:
        return self.game.state

    def apply(self, action: Action | Mapping[str, Any]) -> GameState:
        if not isinstance(action, Action):
            action = parse_action(action)
        state = self.game.apply(action)  # refused here: nothing stored, nothing changed
        seq = len(self.game.actions)
        try:
            self.store.append(self.game_id, seq, json.dumps(action_to_json(action),
                                                            ensure_ascii=False))
        except Exception as exc:
            self.game.undo()
            raise StoreError(f"The action could not be saved ({exc}); it was not done.") \
                from exc
        if isinstance(action, Build) and action.cost is not None:
            self.store.learn_costs({action.building: dict(action.cost)})
        if state.game_over:
            self.store.finish(self.game_id, result_of(self.game))
        return state

    def undo(self) -> Action:
        seq = len(self.game.actions)
        was_over = self.state.game_over
        action = self.game.undo()
        try:
            self.store.remove_last(self.game_id, seq)
        except Exception as exc:
            self.game.apply(action)
            raise StoreError(f"The undo could not be saved ({exc}); nothing was undone.") \
                from exc
        if was_over:
            self.store.unfinish(self.game_id)
        return action

