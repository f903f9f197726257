"""How far one undo goes: the last action, and with a choice nobody made (a forced school
return) what led to it; whether that takes back a whole round end (play-test 2026-11-28,
finding 10)."""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Action
from .options import legal_actions
from .state import SCHOOL, GameState
from .table import round_ended


def forced(state: GameState | None) -> bool:
    """The state offers one action only, which the app records without asking."""
    return state is not None and state.phase == SCHOOL and len(legal_actions(state)) == 1


def reach(states: Sequence[GameState], actions: Sequence[Action]) -> int:
    """How many of the last actions one undo takes back (``App.undo``)."""
    n = min(1, len(actions))
    while n < len(actions) and forced(states[len(actions) - n]):
        n += 1
    return n


def round_taken_back(states: Sequence[GameState], actions: Sequence[Action]) -> int | None:
    """The round whose whole end one undo takes back (the action that ended it among those
    undone), or None."""
    n = reach(states, actions)
    for i in range(len(actions) - n, len(actions)):
        if round_ended(states[i], actions[i], states[i + 1]):
            return states[i].round
    return None
