"""What the table does with the pieces after an action, as messages: move the worker, take a
worker off the map, vote, take the tile back, put the cards in the box, choose the objective,
reveal the cards; and, once an action is undone, what to take back (``back_steps``, red on the
screens, as Helvetia's ``table.back.*``). The display words them (codes ``drunter.table.*``).

``TableLog`` is what the screens show: the last action's steps, or after an undo the steps
that take the undone actions back (and nothing of the action before them, which lies on the
table already)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .actions import Action, CannotPlace, ChooseObjectives, Place, Reveal, Vote
from .board import ROADS
from .messages import Message
from .state import ABSTAIN, CHOOSE, REVEAL, VOTE, DrunterState, PlacedTile


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
        if any(c != ABSTAIN for _, cards in result.cards for c in cards):
            out.append(Message("drunter.table.cards_out"))
        else:  # every "..?" lies face up on the table: back into the hands
            out.append(Message("drunter.table.abstain_back"))
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


def _tile_params(tile: PlacedTile) -> dict[str, object]:
    return {"player": tile.player, "tile": (tile.kind, tile.length), "road": tile.road,
            "square": tile.squares[0]}


def back_steps(before: DrunterState, action: Action, after: DrunterState) -> list[Message]:
    """The moves that take ``action`` back on the table once it is undone (``after`` ->
    ``before``): every piece the action or its steps moved goes back where it lay; an
    action that moved none says so (the screen never keeps an older action's lines)."""
    out: list[Message] = []
    for road in ROADS:  # the workers first: they stand on the tiles to take back
        was, now = before.workers[road], after.workers[road]
        if was is not None and now is None:
            out.append(Message("drunter.table.back.worker_returns", {"road": road,
                                                                     "square": was}))
        elif was != now and was is not None:
            out.append(Message("drunter.table.back.worker", {"road": road, "square": was}))
    if isinstance(action, Place):  # laid, or announced for a vote: back into the hand
        tile = after.tiles[-1] if len(after.tiles) > len(before.tiles) else after.pending
        if tile is not None:
            out.append(Message("drunter.table.back.tile", _tile_params(tile)))
    if isinstance(action, Vote) and before.pending is not None:  # voted on again
        lost = len(after.tiles) == len(before.tiles)  # lost: it went back into the hand
        out.append(Message("drunter.table.back.tile_again" if lost else
                           "drunter.table.back.revote", _tile_params(before.pending)))
    if isinstance(action, Vote):
        for colour, cards in after.votes[-1].cards:
            spent = tuple(c for c in cards if c != ABSTAIN)
            if spent:
                out.append(Message("drunter.table.back.cards", {"player": colour,
                                                                "cards": spent}))
    if after.phase == CHOOSE and before.phase != CHOOSE:
        out.append(Message("drunter.table.back.choose"))
    if after.phase == REVEAL and before.phase != REVEAL:
        out.append(Message("drunter.table.back.reveal"))
    return out or [Message("drunter.table.back.nothing")]


def undone(before: DrunterState, action: Action, after: DrunterState) -> Message | None:
    """What undoing ``action`` (from ``before`` to ``after``) takes back, as the undo question
    names it: the vote with the tile voted on, whose it is and its count; a missed turn and
    whose; the objectives; the reveal. ``None`` for a tile laid or announced (its option's
    words name it)."""
    if isinstance(action, Vote) and before.pending is not None and after.votes:
        result = after.votes[-1]
        return Message("drunter.undone.vote", {**_tile_params(before.pending),
                                               "yes": result.yes, "no": result.no})
    if isinstance(action, CannotPlace):
        return Message("drunter.undone.missed", {"player": action.player})
    if isinstance(action, ChooseObjectives):
        return Message("drunter.undone.choose")
    if isinstance(action, Reveal):
        return Message("drunter.undone.reveal")
    return None


@dataclass
class TableLog:
    """The steps the screens show: the last action's (``done``), or after one undo or more
    the steps that take them back, latest first (``took_back``); a new action starts afresh."""

    steps: list[Message] = field(default_factory=list)
    back: list[Message] = field(default_factory=list)
    """The take-back steps of the actions undone since the last action done."""

    def done(self, before: DrunterState, action: Action, after: DrunterState) -> None:
        self.steps = steps(before, action, after)
        self.back = []

    def took_back(self, before: DrunterState, action: Action, after: DrunterState) -> None:
        """``action`` (from ``before`` to ``after``) was undone: its take-back steps follow
        those of the actions undone just before it; no step of a done action stays shown."""
        self.steps = []
        self.back = self.back + back_steps(before, action, after)

    def shown(self) -> list[tuple[Message, bool]]:
        """Each step with whether it is a take-back step (shown red)."""
        return [(m, False) for m in self.steps] + [(m, True) for m in self.back]
