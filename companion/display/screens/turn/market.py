"""The market: who delivered which good, who holds its goods tile; the branch tiles, the
school and the village tiles."""

from __future__ import annotations

import pygame

from ....engine.values import Sex
from ...contract import AppView, game_state
from ...kit.widgets import (
    BODY,
    INK,
    LED_BAND_TOP,
    PANEL,
    PLAYER,
    W,
    Widget,
    draw_text,
    mark,
    paragraph,
)
from ...pictures import pictograms
from ...pictures.pieces import cube
from ...words.i18n import _, branch, colour, good, initial, ngettext
from ..menu.navigation import opened_as
from ..parts import TOP, Screen, nav, nav_left, title_bar


@opened_as("market")
class MarketScreen(Screen):
    def layout(self, app: AppView) -> list[Widget]:
        return nav(app, back=True)

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        state = game_state(app)
        cat = state.catalogue
        title_bar(s, _("Market"), right=nav_left(app, back=True))
        for i, g in enumerate(cat.goods):
            x, y = 8 + (i // 8) * 396, TOP + 2 + (i % 8) * 33
            if i % 2 == 0:
                pygame.draw.rect(s, PANEL, (x, y, 388, 33))
            pictograms.good(s, g, pygame.Rect(x + 3, y + 2, 29, 29))
            draw_text(s, good(cat, g), pygame.Rect(x + 35, y + 2, 158, 30), BODY, INK,
                      wrap=False, valign="middle")
            cx = x + 206
            for p in state.players:  # the cubes: a square in the player's colour
                if g in p.delivered:
                    cube(s, p.colour, pygame.Rect(cx - 13, y + 3, 27, 27))
                    cx += 32
            holder = state.goods_tiles.get(g)
            if holder:  # its goods tile, framed in the holder's colour
                r = pygame.Rect(x + 330, y + 3, 50, 27)
                pygame.draw.rect(s, (250, 244, 226), r, border_radius=4)
                pygame.draw.rect(s, PLAYER[holder], r, 3, border_radius=4)
                pygame.draw.rect(s, INK, r, 1, border_radius=4)
                mark(s, initial(holder), r, INK, (250, 244, 226))
        y = TOP + 2 + 8 * 33 + 6
        branches = "; ".join(f"{branch(b)}: {colour(c)}"
                             for b, c in state.branch_tiles.items()) or _("none yet")
        school = ", ".join(
            "{who}: {men}, {women}".format(
                who=colour(c),
                men=ngettext("{n} man", "{n} men", n[Sex.M]).format(n=n[Sex.M]),
                women=ngettext("{n} woman", "{n} women", n[Sex.F]).format(n=n[Sex.F]))
            for c, n in state.school.items() if n[Sex.M] + n[Sex.F])
        village_ = ", ".join(colour(c) for c in state.village_tiles) or _("none yet")
        paragraph(s, "\n".join([_("Branch tiles: {list}").format(list=branches),
                                 _("School: {list}").format(list=school or _("empty")),
                                 _("Village tiles: {list}").format(list=village_)]),
                  pygame.Rect(8, y, W - 16, LED_BAND_TOP - y))
