"""Which Drunter & Drüber screen the game's state calls for (its ``GameKind.screen_for``)."""

from __future__ import annotations

from ...drunter.state import CHOOSE, OVER, REVEAL, VOTE
from .. import i18n
from ..contract import AppView
from .common import Screen
from .drunter_end import DrunterChooseScreen, DrunterOverScreen, DrunterRevealScreen
from .drunter_in_play import drunter_game
from .drunter_turn import DrunterTurnScreen
from .drunter_vote import DrunterVoteScreen


def drunter_screen_for(app: AppView) -> Screen:
    state = drunter_game(app).state
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
