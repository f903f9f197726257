"""§D6 and §D8, the end: what each objective card scores from the buildings still standing,
and who wins (tie-break: votes left in the hand; in the variant the second card)."""

from __future__ import annotations

from collections.abc import Mapping

from .board import BUILDING_TYPES, Building, Square
from .state import SPECIAL_CARDS, DrunterState
from .values import Colour
from .vote import votes_left


def standing(state: DrunterState) -> dict[Square, Building]:
    """The buildings no tile covers."""
    return {s: b for s, b in state.board.buildings.items() if s not in state.covered}


def card_score(state: DrunterState, card: str) -> int:
    """The points of one objective card: a building type scores the values of its standing
    buildings; the specials as §D8 says."""
    up = standing(state).values()
    if card in BUILDING_TYPES:
        return sum(b.value for b in up if b.type == card)
    if card == "max3":
        return sum(b.value for b in up if b.value <= 3)
    if card == "max4":
        return sum(b.value for b in up if b.value <= 4)
    if card == "lowest":
        lowest: dict[str, int] = {}
        for b in up:
            lowest[b.type] = min(b.value, lowest.get(b.type, b.value))
        return sum(lowest.values())
    if card == "one_point":
        return len(up)
    raise ValueError(card)


OBJECTIVE_CARDS = BUILDING_TYPES + SPECIAL_CARDS


def decide(state: DrunterState, revealed: Mapping[Colour, tuple[str, ...]]) -> None:
    """Scores, winners and how a tie was broken, into ``state``."""
    state.scores = {c: card_score(state, cards[0]) for c, cards in revealed.items()}
    best = max(state.scores.values())
    tied = [c for c in state.colours if state.scores[c] == best]
    state.tie_break = None
    if len(tied) > 1:
        if state.variant:
            state.second_scores = {c: card_score(state, cards[1])
                                   for c, cards in revealed.items()}
            key = state.second_scores
            state.tie_break = "second_card"
        else:
            key = {c: votes_left(state, c) for c in tied}
            state.tie_break = "votes"
        top = max(key[c] for c in tied)
        tied = [c for c in tied if key[c] == top]
        if len(tied) > 1:
            state.tie_break = "shared"
    state.winners = tuple(tied)
