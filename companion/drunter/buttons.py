"""What a seat button means in a game of Drunter & Drüber: held, it asks for undo; pressed by
the active seat, it ends the turn with the placement chosen on the screen (or, with none
possible, the missed turn). Anything else says why nothing happens."""

from __future__ import annotations

from companion.controls import NOT_IN_PLAY
from companion.games.kind import Decision
from companion.hw.events import HOLD, NEXT, ButtonEvent

from .actions import Action, CannotPlace
from .game import phase_message
from .messages import Message
from .options import turn_options
from .state import PLAY, DrunterState


def button_decision(state: DrunterState, event: ButtonEvent, chosen: Action | None
                    ) -> Decision:
    """``chosen``: the placement the screen has ready, if any."""
    if event.kind == HOLD:
        return Decision(undo=True)
    if state.phase != PLAY:
        return Decision(message=Message(NOT_IN_PLAY, {"what": phase_message(state)}))
    who = state.active if event.seat == NEXT else event.seat
    if who != state.active:
        return Decision(message=Message("drunter.not_your_turn",
                                        {"active": state.active, "player": who}))
    if chosen is not None:
        return Decision(action=chosen, seat=who)
    options = turn_options(state)
    if len(options) == 1 and isinstance(options[0].action, CannotPlace):
        return Decision(action=options[0].action, seat=who)
    return Decision(message=Message("drunter.choose_first", {}))
