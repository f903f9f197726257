"""The Players screen: each known player's games, wins, win rate, average and best VP,
average VP by source, favourite character and head to head (``docs/statistics.md``)."""

from __future__ import annotations

from typing import Any

import pygame

from ...engine.scoring import BREAKDOWN
from ...history.stats import PlayerStats, player_stats
from ..i18n import _, character
from ..ui import BODY, INK, MUTED, PANEL, W, Widget, button, draw_text, font
from .history_words import SOURCES, TOP, Screen, back_button, title_bar

LIST_W = 236
PER_PAGE = 6


def number(x: float) -> str:
    """One decimal, in the current language's way (a comma in German, French, ...)."""
    text = f"{x:.1f}"
    return text.replace(".", _(".")) if _(".") != "." else text


def percent(x: float) -> str:
    return _("{n} %").format(n=round(x * 100))


def figures(p: PlayerStats) -> list[tuple[str, str]]:
    """The player's figures as the screen shows them: (label, value)."""
    def rival(r: Any) -> str:
        if r is None:
            return "—"
        return _("{name} ({n} of {m} games)").format(name=r.name, n=r.times, m=r.together)

    fav = p.favourite
    return [
        (_("Games"), str(p.games)),
        (_("Wins"), f"{p.wins} ({percent(p.win_rate)})"),
        (_("Average VP"), number(p.average_vp)),
        (_("Best VP"), str(p.best_vp)),
        *((_(SOURCES[k]), number(v)) for k, v in p.average_by_source().items()
          if k in BREAKDOWN),
        (_("marriages"), number(p.marriages / p.games if p.games else 0.0)),
        (_("Favourite character"), character(fav) if fav else "—"),
        (_("Beats most often"), rival(p.beats_most)),
        (_("Loses most often to"), rival(p.loses_to_most)),
    ]


class PlayersScreen(Screen):
    """The known players on the left (the most wins first); the one chosen on the right."""

    def __init__(self, came_from: Any) -> None:
        self.came_from = came_from
        self.stats: list[PlayerStats] | None = None
        self.chosen = 0
        self.page = 0
        self.shown: dict[str, str] = {}
        """The chosen player's figures as drawn: label -> value, for tests."""

    def load(self, app: Any) -> list[PlayerStats]:
        if self.stats is None:
            games = self.came_from.load(app) if hasattr(self.came_from, "load") else []
            self.stats = player_stats(games)
        return self.stats

    def choose(self, name: str) -> None:
        stats = self.stats or []
        self.chosen = next(i for i, p in enumerate(stats) if p.name == name)

    def layout(self, app: Any) -> list[Widget]:
        stats = self.load(app)
        out = [back_button(app, lambda: app.show(self.came_from))]
        pages = max(1, (len(stats) + PER_PAGE - 1) // PER_PAGE)
        self.page = min(self.page, pages - 1)
        for i, p in enumerate(stats[self.page * PER_PAGE:(self.page + 1) * PER_PAGE]):
            n = self.page * PER_PAGE + i
            out.append(button(f"player:{p.name}", (8, TOP + i * 60, LIST_W - 8, 56), p.name,
                              lambda n=n: setattr(self, "chosen", n),
                              selected=n == self.chosen))
        if pages > 1:
            out.append(button("players:prev", (8, 420, 110, 52), "<",
                              lambda: setattr(self, "page", self.page - 1),
                              enabled=self.page > 0))
            out.append(button("players:next", (LIST_W - 110, 420, 110, 52), ">",
                              lambda: setattr(self, "page", self.page + 1),
                              enabled=self.page < pages - 1))
        return out

    def draw(self, app: Any, s: pygame.Surface) -> None:
        stats = self.load(app)
        w = max(font(BODY).size(_("Back"))[0] + 24, 90)
        title_bar(s, _("Players"), right=W - 8 - w)
        self.shown = {}
        if not stats:
            draw_text(s, _("No finished games with named players yet."),
                      pygame.Rect(16, TOP + 20, W - 32, 60), BODY, MUTED)
            return
        p = stats[min(self.chosen, len(stats) - 1)]
        box = pygame.Rect(LIST_W + 8, TOP, W - LIST_W - 16, 480 - TOP - 4)
        rows = figures(p)
        line = box.height // len(rows)
        label_w = box.width * 11 // 20
        for i, (label, value) in enumerate(rows):
            y = box.top + i * line
            if i % 2 == 0:
                pygame.draw.rect(s, PANEL, (box.left, y, box.width, line))
            draw_text(s, label, pygame.Rect(box.left + 6, y, label_w - 10, line), BODY,
                      MUTED, wrap=False, valign="middle")
            draw_text(s, value, pygame.Rect(box.left + label_w, y, box.width - label_w - 6,
                                            line), BODY, INK, wrap=False, valign="middle")
            self.shown[label] = value
