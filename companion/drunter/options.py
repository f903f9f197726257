"""What the active player can do now, each with its words: the placements legal for its tiles
(those over a toilet call a vote), or, only when there is none, missing the turn (§D3)."""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action, CannotPlace
from .messages import Message
from .placement import legal_placements
from .state import PLAY, DrunterState
from .vote import needs_vote


@dataclass(frozen=True)
class Option:
    action: Action
    message: Message
    """What it does, as a message for the display to word."""
    vote: bool = False
    """It covers a public toilet: the tile is announced and everyone votes (§D5)."""


def turn_options(state: DrunterState) -> list[Option]:
    """The active player's options in the play phase (empty in any other phase). Each one's
    action is accepted by ``apply`` as it is."""
    if state.phase != PLAY:
        return []
    placements = legal_placements(state, state.active)
    if not placements:
        return [Option(CannotPlace(state.active),
                       Message("drunter.option.cannot_place", {"player": state.active}))]
    out = []
    for p in placements:
        vote = needs_vote(state, p.squares)
        code = "drunter.option.place_vote" if vote else "drunter.option.place"
        out.append(Option(p, Message(code, {"tile": (p.kind, p.length), "road": p.road,
                                            "square": p.square}), vote))
    return out
