"""Which Drunter & Drüber screen the game's state calls for (the app's ``screen_for`` asks
this while ``app.drunter`` holds a game)."""

from __future__ import annotations

from ...drunter.state import CHOOSE, OVER, REVEAL, VOTE
from .. import i18n
from ..contract import AppView, drunter_session
from .common import Screen
from .drunter_end import DrunterChooseScreen, DrunterOverScreen, DrunterRevealScreen
from .drunter_turn import DrunterTurnScreen
from .drunter_vote import DrunterVoteScreen


def drunter_screen_for(app: AppView) -> Screen:
    state = drunter_session(app).state
    i18n.set_players(state.players)  # names on every screen
    if state.phase == VOTE:
        return DrunterVoteScreen(state)
    if state.phase == CHOOSE:
        return DrunterChooseScreen()
    if state.phase == REVEAL:
        return DrunterRevealScreen(state)
    if state.phase == OVER:
        return DrunterOverScreen(state)
    return DrunterTurnScreen(state)
