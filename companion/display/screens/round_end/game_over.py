"""The game's end: who won and why, the final scores, the way to a new game."""

from __future__ import annotations

from itertools import pairwise

import pygame

from ....engine.round_end import scored
from ....engine.scoring import awake_villagers
from ...contract import AppView, game_state
from ...kit.widgets import BODY, INK, LED_BAND_TOP, W, Widget, button, draw_text, font
from ...words.i18n import _, colour
from ..menu.navigation import make
from ..parts import TOP, Screen, menu_button, nav_width, title_bar
from .score_table import score_table


class GameOverScreen(Screen):
    def __init__(self) -> None:
        self.shown: dict[str, int] = {}
        """The final scores as drawn, by colour."""
        self._rounds: int | None = None
        self.words = ""
        """The line above the scores, as drawn (for tests)."""
        self.change: dict[str, int] = {}
        """The change since the last round end's scoring, by colour, as drawn."""

    def layout(self, app: AppView) -> list[Widget]:
        from ..history import games as history  # the history's screens: imported when a game ends

        # Top right, like the other screens' buttons: the whole screen below for the scores.
        new = max(font(BODY).size(_("New game"))[0] + 24, 150)
        look = max(font(BODY).size(_("Villages"))[0] + 24, 110)
        menu = nav_width(_("Menu"))
        return [button("new_game", (W - 4 - new, 4, new, 48), _("New game"),
                       app.new_game, style="primary"),
                button("villages", (W - 12 - new - look, 4, look, 48), _("Villages"),
                       lambda: app.show(make("villages"))),
                menu_button(app, (W - 20 - new - look - menu, 4, menu, 48)),
                *history.winner_buttons(app, W - 8, TOP + 4)]

    def rounds(self, app: AppView) -> int:
        """The round ends scored in this game (the last one the table stopped at)."""
        if self._rounds is None:
            game = app.session.game if app.session is not None else None
            states = game.states if game is not None else []
            self._rounds = sum(1 for a, b in pairwise(states) if scored(a, b))
        return self._rounds

    def buttons_left(self) -> int:
        new = max(font(BODY).size(_("New game"))[0] + 24, 150)
        look = max(font(BODY).size(_("Villages"))[0] + 24, 110)
        return W - 20 - new - look - nav_width(_("Menu"))

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        from ..history import games as history

        state = game_state(app)
        names = " & ".join(colour(c) for c in state.winners)
        title = (_("{who} wins!") if len(state.winners) == 1 else _("{who} share the win!"))
        title_bar(s, title.format(who=names), state.winners[0], self.buttons_left())
        if state.tie_break == "awake_villagers":
            why = _("Tied on VP: decided by the most awake villagers ({n}).").format(
                n=awake_villagers(state, state.winners[0]))
        elif state.tie_break == "shared":
            why = _("Tied on VP and on awake villagers: the win is shared.")
        else:
            why = _("Final scores:")
        if state.ended_by == "agreement":  # said as the reason the game ended (§12)
            why = " ".join((_("The table agreed to end the game after round {n}, at {vp} "
                              "VP.").format(n=self.rounds(app), vp=max(state.track.values())),
                            "" if state.tie_break else why)).strip()
        room = W - 24 - history.winner_buttons_width()
        below = max(draw_text(s, why, pygame.Rect(8, TOP + 2, room, 56), BODY, INK).bottom,
                    TOP + 52)
        score_table(s, state, app.last_track, below + 6, bottom=LED_BAND_TOP)
        self.shown = {p.colour: state.track[p.colour] for p in state.players}
        self.words = why
        self.change = {p.colour: state.track[p.colour] - app.last_track.get(p.colour, 0)
                       for p in state.players} if app.last_track else {}
