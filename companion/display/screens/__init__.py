"""The screens, and which one the game in play calls for (its kind says: ``GameKind.screen_for``;
Helvetia's are the ones here)."""

from __future__ import annotations

from ...engine.state import OVER, PLAY, REVEAL, SCHOOL
from ..contract import AppView, helvetia_state
from .menu.costs import CostsScreen
from .menu.menu import Menu
from .menu.undo import UndoConfirm
from .parts import Screen
from .round_end.game_over import GameOverScreen
from .round_end.round_screen import RoundScreen, final_round_end
from .setup.checklist import SetupChecklist, wanted
from .setup.done import SetupDoneScreen, setup_just_done
from .setup.new_game import NewGameScreen
from .setup.setup_screen import SetupScreen
from .turn.market import MarketScreen
from .turn.turn_screen import TurnScreen
from .turn.villages import VillagesScreen
from .turn.virtual import VirtualScreen, virtual_decider


def screen_for(app: AppView) -> Screen:
    """No game: the new-game screen; else the screen the game's kind calls for."""
    if app.session is None:
        return NewGameScreen(app.config.seats)
    return app.session.kind.screen_for(app)


def helvetia_screen_for(app: AppView) -> Screen:
    """The screen a game of Helvetia's state calls for."""
    state = helvetia_state(app)
    if state is None:
        return NewGameScreen(app.config.seats)
    if state.phase == OVER:
        # the last round end's checklist first: the final tiles, coins and scores
        return RoundScreen(state) if final_round_end(app) else GameOverScreen()
    if wanted(app):  # before the first action: what to lay out on the table (§1, §6)
        return SetupChecklist()
    if setup_just_done(app):  # the setup's steps (the dowry, the token) before any turn
        return SetupDoneScreen()
    virtual = virtual_decider(app)
    if virtual is not None and not (state.phase == PLAY and app.summary_pending) \
            and app.session is not None:
        return VirtualScreen(state, *virtual, seed=app.session.game_id)
    if state.phase in (SCHOOL, REVEAL) or (state.phase == PLAY and app.summary_pending):
        return RoundScreen(state)
    if state.phase == PLAY:
        old = app.screen
        record = app.session.game.actions if app.session is not None else ()
        if isinstance(old, TurnScreen) and (old.state.round, old.state.active) == (
                state.round, state.active):  # the same turn: the hint asked for still holds
            return TurnScreen(state, record, old.hinted)
        return TurnScreen(state, record)
    return SetupScreen(state)


home_screen = screen_for

__all__ = ["CostsScreen", "GameOverScreen", "MarketScreen", "Menu", "NewGameScreen", "RoundScreen",
           "Screen", "SetupScreen", "TurnScreen", "UndoConfirm", "VillagesScreen", "home_screen",
           "screen_for"]
