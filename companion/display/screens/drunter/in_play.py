"""How Drunter & Drüber's screens reach the game in play (``app.session``, of this kind)."""

from __future__ import annotations

from ....drunter import Game, table
from ....drunter.messages import Message
from ...contract import AppView


def drunter_game(app: AppView) -> Game:
    """The game of Drunter & Drüber in play, for its screens."""
    game = app.session.game if app.session is not None else None
    if not isinstance(game, Game):
        raise LookupError("this screen is shown only during a game of Drunter & Drüber")
    return game


def table_steps(app: AppView) -> list[Message]:
    """What the table does with the pieces after the last action (none before the first):
    the same after a restart as before it."""
    game = drunter_game(app)
    states, actions = game.states, game.actions
    if not actions:
        return []
    return table.steps(states[-2], actions[-1], states[-1])
