"""What the table does with the pieces after an action, as messages: move the worker, take a
worker off the map, vote, take the tile back, put the cards in the box, choose the objective,
reveal the cards. The display words them (the codes are ``drunter.table.*``)."""

from __future__ import annotations

from .actions import Action, CannotPlace, Place, Vote
from .board import ROADS
from .messages import Message
from .state import CHOOSE, REVEAL, VOTE, DrunterState


def steps(before: DrunterState, action: Action, after: DrunterState) -> list[Message]:
    """The table's steps for ``action``, which led from ``before`` to ``after``."""
    out: list[Message] = []
    if isinstance(action, Place) and after.phase == VOTE:
        out.append(Message("drunter.table.vote"))
    if isinstance(action, Vote):
        result = after.votes[-1]
        if result.passed:
            out.append(Message("drunter.table.vote_won", {"yes": result.yes, "no": result.no}))
        else:
            out.append(Message("drunter.table.vote_lost", {"yes": result.yes, "no": result.no,
                                                           "player": result.player}))
        if any(c != "abstain" for _, cards in result.cards for c in cards):
            out.append(Message("drunter.table.cards_out"))
    if isinstance(action, CannotPlace):
        out.append(Message("drunter.table.missed", {"player": action.player}))
    if len(after.tiles) > len(before.tiles):
        tile = after.tiles[-1]
        if after.workers[tile.road] is not None:
            out.append(Message("drunter.table.move_worker", {"road": tile.road,
                                                             "square": tile.squares[-1]}))
    for road in ROADS:
        if before.workers[road] is not None and after.workers[road] is None:
            out.append(Message("drunter.table.worker_leaves", {"road": road}))
    if after.phase == CHOOSE and before.phase != CHOOSE:
        out.append(Message("drunter.table.choose"))
    if after.phase == REVEAL and before.phase != REVEAL:
        out.append(Message("drunter.table.reveal_variant" if after.variant
                           else "drunter.table.reveal"))
    return out
