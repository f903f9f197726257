"""The Players screen: each known player's games, wins, win rate, average and best VP,
average VP by source, favourite character and head to head (``docs/statistics.md``)."""

from __future__ import annotations

from typing import Any

import pygame

from ....engine.scoring import BREAKDOWN
from ....history.stats import PlayerStats, player_stats
from ...contract import AppView
from ...kit.widgets import BODY, INK, MUTED, PANEL, W, Widget, button, draw_text
from ...words.i18n import _, character, pgettext
from ..turn.virtual import level_word
from .words import SOURCES, TOP, Screen, back_button, title_bar


def number(x: float) -> str:
    """One decimal, in the current language's way (a comma in German, French, ...)."""
    return f"{x:.1f}".replace(".", pgettext("decimal separator", "."))


def percent(x: float) -> str:
    return _("{n} %").format(n=round(x * 100))


def figures(p: PlayerStats) -> list[tuple[str, str]]:
    """The player's figures as the screen shows them: (label, value)."""
    def rival(r: Any) -> str:
        if r is None:
            return "—"
        name = _("Virtual player ({level})").format(level=level_word(r.virtual)) \
            if r.virtual else r.name
        return _("{name} ({n} of {m})").format(name=name, n=r.times, m=r.together)

    fav = p.favourite
    return [
        (_("Games"), str(p.games)),
        (_("Wins"), f"{p.wins} ({percent(p.win_rate)})"),
        (_("Average VP"), number(p.average_vp)),
        (_("Best VP"), str(p.best_vp)),
        *((_(SOURCES[k]), _("{n} VP a game").format(n=number(v)))
          for k, v in p.average_by_source().items() if k in BREAKDOWN),
        (_("marriages"), _("{n} a game").format(
            n=number(p.marriages / p.games if p.games else 0.0))),
        (_("Favourite character"), character(fav) if fav else "—"),
        (_("Beats most often"), rival(p.beats_most)),
        (_("Loses most often to"), rival(p.loses_to_most)),
    ]


class PlayersScreen(Screen):
    """One known player at a time (the most wins first), its figures across the screen; the
    arrows go to the next and the previous player."""

    def __init__(self, came_from: Any = None) -> None:
        self.came_from = came_from
        self.stats: list[PlayerStats] | None = None
        self.chosen = 0
        self.shown: dict[str, str] = {}
        """The chosen player's figures as drawn: label -> value, for tests."""
        self.buttons_left = W

    def load(self, app: AppView) -> list[PlayerStats]:
        if self.stats is None:  # every finished game (the Games list reads one page only)
            games = app.stored.summaries(in_play=False)
            self.stats = player_stats(games)
        return self.stats

    def layout(self, app: AppView) -> list[Widget]:
        stats = self.load(app)
        back = back_button(app, lambda: app.show(self.came_from) if self.came_from is not None
                           else app.after_change())
        out = [back]
        self.buttons_left = back.rect.left
        if len(stats) > 1:
            x = back.rect.left - 4
            out.append(button("players:next", (x - 60, 4, 56, 48), ">",
                              lambda: setattr(self, "chosen", (self.chosen + 1) % len(stats))))
            out.append(button("players:prev", (x - 120, 4, 56, 48), "<",
                              lambda: setattr(self, "chosen", (self.chosen - 1) % len(stats))))
            self.buttons_left = x - 120
        return out

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        stats = self.load(app)
        self.shown = {}
        if not stats:
            title_bar(s, _("Players"), right=self.buttons_left)
            draw_text(s, _("No finished games with named players yet."),
                      pygame.Rect(16, TOP + 20, W - 32, 60), BODY, MUTED)
            return
        p = stats[min(self.chosen, len(stats) - 1)]
        n = f"  {self.chosen + 1}/{len(stats)}" if len(stats) > 1 else ""
        title_bar(s, p.name + n, right=self.buttons_left)
        box = pygame.Rect(8, TOP, W - 16, 480 - TOP - 4)
        rows = figures(p)
        line = box.height // len(rows)
        label_w = 410
        for i, (label, value) in enumerate(rows):
            y = box.top + i * line
            if i % 2 == 0:
                pygame.draw.rect(s, PANEL, (box.left, y, box.width, line))
            draw_text(s, label, pygame.Rect(box.left + 6, y, label_w - 10, line), BODY,
                      MUTED, wrap=False, valign="middle")
            draw_text(s, value, pygame.Rect(box.left + label_w, y, box.width - label_w - 6,
                                            line), BODY, INK, wrap=False, valign="middle")
            self.shown[label] = value
        self.shown["name"] = p.name
