"""Whose decision the game waits for: the players with a choice of their own now."""

from __future__ import annotations

from .state import COUPLES, DRAFT, NEUTRAL, PLACE, PLAY, SCHOOL, GameState
from .values import Colour


def deciders(state: GameState) -> list[Colour]:
    """The colours with a decision of their own now (several while start buildings are placed);
    none while the table decides (a draw, a letter, the tiles that came up)."""
    if state.phase == PLAY:
        return [state.active] if state.active else []
    if state.phase == PLACE:
        return [c for c in state.colours if state.to_place.get(c)]
    if state.phase in (DRAFT, NEUTRAL, COUPLES, SCHOOL):
        return state.queue[:1]
    return []
