"""The app's side of a game of Drunter & Drüber: start, apply, undo, the seat buttons and the
LEDs, for a ``DrunterSession`` kept as ``app.drunter`` (Helvetia's stays ``app.session``).
The app hooks these in with a line each; the screens are ``screens/drunter_*.py``."""

from __future__ import annotations

from typing import Any

from ..drunter import Action, CannotPlace, HelvetiaError, turn_options
from ..drunter.state import PLAY
from ..drunter_session import DrunterSession
from ..hw.drunter_leds import drunter_frame
from ..hw.events import HOLD, NEXT, ButtonEvent
from ..hw.leds import RGB
from ..session import Session
from ..store import StoreError
from . import i18n
from .contract import AppView, drunter_session
from .i18n import _


def adopt(app: AppView) -> None:
    """After the store's game was resumed: a Drunter game becomes ``app.drunter`` (the app's
    Helvetia session stays empty)."""
    session = getattr(app, "session", None)
    if isinstance(session, Session) and not isinstance(session, DrunterSession) and \
            getattr(session.game, "header", {}).get("game") == "drunter":
        app.drunter = DrunterSession.of(session)
        app.session = None
    if app.drunter is not None:
        i18n.set_players(app.drunter.state.players)


def start(app: AppView, header: dict[str, Any]) -> bool:
    """A new game of Drunter & Drüber, stored; a refusal is shown and starts nothing."""
    if app.store is None:  # (the new-game screen is not shown then: the trouble screen is)
        return False
    try:
        app.drunter = DrunterSession.start(app.store, header, runner=app.saver)
    except (HelvetiaError, StoreError) as exc:
        app.banner = i18n.error_text(exc)
        app.dirty = True
        return False
    app.session = None
    app.after_change()
    return True


def apply(app: AppView, action: Action) -> bool:
    """Check, commit, then show; a refusal or a failed save is shown and changes nothing."""
    try:
        drunter_session(app).apply(action)
    except (HelvetiaError, StoreError) as exc:
        app.banner = i18n.error_text(exc)
        app.dirty = True
        return False
    waiting = drunter_session(app).waiting
    app.banner = i18n.error_text(waiting) if waiting else None
    app.after_change()
    return True


def undo(app: AppView) -> None:
    try:
        drunter_session(app).undo()
    except (HelvetiaError, StoreError) as exc:
        app.banner = i18n.error_text(exc)
    else:
        app.banner = None
    app.after_change()


def seat(app: AppView, event: ButtonEvent) -> None:
    """A seat button: held, it asks for undo; pressed by the active seat, it ends the turn:
    the placement chosen on the screen goes down (or, with none possible, the turn is
    missed). Anything else says why nothing happened."""
    from .screens.drunter_undo import DrunterUndoConfirm

    if event.kind == HOLD:
        app.overlay = DrunterUndoConfirm()
        app.dirty = True
        return
    state = drunter_session(app).state
    if state.phase != PLAY:
        app.banner = _("The seat buttons end turns. Now: {what}.").format(
            what=i18n.say(_phase(state)))
        app.dirty = True
        return
    who = state.active if event.seat == NEXT else event.seat
    if who != state.active:
        app.banner = _("It is {who}'s turn, not {other}'s.").format(
            who=i18n.name(state.active), other=i18n.name(who))
        app.dirty = True
        return
    chosen = getattr(app.screen, "chosen", None)
    if chosen is not None:
        apply(app, chosen)
        return
    options = turn_options(state)
    if len(options) == 1 and isinstance(options[0].action, CannotPlace):
        apply(app, options[0].action)
        return
    app.banner = _("Choose a tile and where it goes first; then the seat button places it.")
    app.dirty = True


def _phase(state: Any) -> Any:
    from ..drunter import phase_message

    return phase_message(state)


def leds(app: AppView) -> list[RGB]:
    game = drunter_session(app).game
    last = game.actions[-1] if game.actions else None
    return drunter_frame(game.state, last, app.config.leds.layout, t=app.clock(),
                         seats=app.config.seats)
