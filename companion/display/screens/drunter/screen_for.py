"""Which Drunter & Drüber screen the game's state calls for (its ``GameKind.screen_for``)."""

from __future__ import annotations

from ....drunter.state import CHOOSE, OVER, REVEAL, VOTE
from ...contract import AppView
from ...words import i18n
from ..parts import Screen
from .end import DrunterChooseScreen, DrunterOverScreen, DrunterRevealScreen
from .in_play import drunter_game
from .turn import DrunterTurnScreen
from .vote import DrunterVoteScreen


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
