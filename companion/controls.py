"""From table events to engine actions: what a seat button means in the current state."""

from __future__ import annotations

from dataclasses import dataclass

from .engine import Action, EndTurn, GameState, why_not
from .engine.state import PLAY, colour_name
from .hw.events import HOLD, NEXT, ButtonEvent


@dataclass(frozen=True)
class Decision:
    action: Action | None = None
    """The action to apply, if the event asks for one the rules allow now."""
    undo: bool = False
    """The event asks to undo the last action: the app asks for confirmation first."""
    message: str | None = None
    """Why nothing happens, for the screen."""


def button_decision(state: GameState, event: ButtonEvent) -> Decision:
    """A short press ends the pressing seat's turn when it is that seat's turn and every coin
    has bought its action (the shared 'next' button: the active seat's); a hold asks for undo.
    Anything else changes nothing and says why."""
    if event.kind == HOLD:
        return Decision(undo=True)
    if state.phase != PLAY or state.active is None:
        return Decision(message="The buttons end turns; no turn is being played now.")
    seat = state.active if event.seat == NEXT else event.seat
    if seat != state.active:
        return Decision(message=f"It is {colour_name(state.active)}'s turn, not "
                                f"{colour_name(seat)}'s.")
    action = EndTurn(seat)
    reason = why_not(state, action)
    if reason is not None:
        return Decision(message=str(reason))  # English; the engine's Message is ``reason``
    return Decision(action=action)
