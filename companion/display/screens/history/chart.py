"""A game's VP after every round, drawn with pygame: one line a player in its colour (light
colours with a dark edge), thick enough to follow from a metre, the target VP marked."""

from __future__ import annotations

import pygame

from ....history.summary import GameSummary
from ...kit.widgets import BACKGROUND, BODY, GRID, INK, LIGHT, MUTED, PLAYER, draw_text, font
from ...words.i18n import _

LINE = 5
DOT = 6


def chart(s: pygame.Surface, game: GameSummary, r: pygame.Rect) -> list[tuple[str, list[int]]]:
    """Draw the chart inside ``r``; returns each player's points (VP after each round)."""
    rounds = list(game.rounds)
    target = 18 if game.intro else 20
    top_vp = max([target, *(v for rd in rounds for v in rd.values())])
    top_vp = (top_vp + 4) // 5 * 5
    label_w = font(BODY).size("00")[0] + 10
    plot = pygame.Rect(r.left + label_w, r.top + 14, r.width - label_w - 22, r.height - 14 - 62)
    draw_text(s, _("VP after each round"), pygame.Rect(r.left, r.bottom - 30, r.width, 30), BODY,
              MUTED, wrap=False, align="center", bg=BACKGROUND)

    def y_of(vp: float) -> int:
        return round(plot.bottom - vp / top_vp * plot.height)

    for vp in range(0, top_vp + 1, 5):
        y = y_of(vp)
        pygame.draw.line(s, GRID, (plot.left, y), (plot.right, y), 1)
        draw_text(s, str(vp), pygame.Rect(r.left, y - 13, label_w - 6, 26), BODY, MUTED,
                  wrap=False, align="right", valign="middle", bg=BACKGROUND)
    ty = y_of(target)  # the VP that ends the game: dashed
    for x in range(plot.left, plot.right, 14):
        pygame.draw.line(s, INK, (x, ty), (min(x + 7, plot.right), ty), 2)
    pygame.draw.line(s, INK, plot.bottomleft, plot.bottomright, 2)
    pygame.draw.line(s, INK, plot.bottomleft, plot.topleft, 2)
    n = max(len(rounds), 1)

    def x_of(i: int) -> int:
        return round(plot.left + (i + 1) / n * plot.width) if n > 1 or i >= 0 else plot.left

    every = 1 if n <= 9 else 2
    for i in range(n):
        if (n - 1 - i) % every == 0:  # the last round always named
            x = x_of(i)
            draw_text(s, str(i + 1), pygame.Rect(x - 18, plot.bottom + 2, 36, 28), BODY, INK,
                      wrap=False, align="center", bg=BACKGROUND)
    lines = []
    for k, seat in enumerate(game.seats):
        # Equal scores would hide a line under another: each a little apart.
        dy = 2 * k - (len(game.seats) - 1)
        points = [(plot.left, y_of(0) + dy)] + [(x_of(i), y_of(rd.get(seat.colour, 0)) + dy)
                                                for i, rd in enumerate(rounds)]
        colour = PLAYER[seat.colour]
        if len(points) > 1:
            if seat.colour in LIGHT:  # a dark edge, so white and yellow stand out too
                pygame.draw.lines(s, INK, False, points, LINE + 4)
            pygame.draw.lines(s, colour, False, points, LINE)
        for p in points[1:]:
            pygame.draw.circle(s, INK, p, DOT + 2)
            pygame.draw.circle(s, colour, p, DOT)
        lines.append((seat.colour, [rd.get(seat.colour, 0) for rd in rounds]))
    return lines
