"""From table events to engine actions: what a seat button means in the current state.

Why a press does nothing is data, like the engine's refusals: a ``Message`` (a code with
parameters) that the display words in the table's language (``display.i18n.say``)."""

from __future__ import annotations

from .engine import EndTurn, GameState, Message, phase_message, why_not
from .engine.messages import N_, message
from .engine.state import PLAY
from .engine.values import is_colour
from .games.kind import Decision
from .hw.events import HOLD, NEXT, ButtonEvent

NOT_IN_PLAY = "seat.not_in_play"
"""A press while no turn is played: ``what`` is the phase's own message."""
NOBODY_HERE = "seat.nobody_here"
"""A press at a place where nobody plays in this game."""
ENGLISH = {NOT_IN_PLAY: N_("The seat buttons end turns. Now: {what}."),
           NOBODY_HERE: N_("Nobody plays at this seat in this game.")}
"""The seat buttons' own codes with their English templates (the gettext msgids)."""
PARAM_KINDS = {"what": "phase"}


def button_decision(state: GameState, event: ButtonEvent) -> Decision:
    """A short press ends the pressing seat's turn when it is that seat's turn and every coin
    has bought its action (the shared 'next' button: the active seat's); a hold asks for undo.
    Anything else changes nothing and says why."""
    if event.kind == HOLD:
        return Decision(undo=True)
    if state.phase != PLAY or state.active is None:
        return Decision(message=Message(NOT_IN_PLAY, {"what": phase_message(state)}))
    seat = state.active if event.seat == NEXT else event.seat
    if not is_colour(seat):  # a seat of no colour of the game: as the rules refuse it
        return Decision(message=message("not_a_player", player=seat))
    action = EndTurn(seat)
    reason = why_not(state, action)  # not this seat's turn, coins left, ...: the rules say
    if reason is not None:
        return Decision(message=reason)
    return Decision(action=action)

