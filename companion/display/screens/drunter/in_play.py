"""How Drunter & Drüber's screens reach the game in play (``app.session``, of this kind)."""

from __future__ import annotations

from ....drunter import Game
from ....drunter.table import TableLog
from ...contract import AppView


def drunter_game(app: AppView) -> Game:
    """The game of Drunter & Drüber in play, for its screens."""
    game = app.session.game if app.session is not None else None
    if not isinstance(game, Game):
        raise LookupError("this screen is shown only during a game of Drunter & Drüber")
    return game


def table_log(app: AppView) -> TableLog:
    """What the table does with the pieces: the last action's steps (the same after a restart
    as before it), or after an undo what the table takes back (kept by the session)."""
    log = app.session.table if app.session is not None else None
    if not isinstance(log, TableLog):
        raise LookupError("this screen is shown only during a game of Drunter & Drüber")
    return log
