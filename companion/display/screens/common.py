"""What every screen shares: the top bar, the players panel, the table's instructions."""

from __future__ import annotations

from typing import Any

import pygame

from ...engine import GameState
from ...engine.actions import Placement
from ...engine.state import CHARACTERS
from ..i18n import _, character, colour
from ..ui import HUGE, INK, MUTED, PANEL, PLAYER, TITLE, W, Widget, badge, button, paragraph, text

TOP = 60
LEFT_W = 250
RIGHT_X = 260
RIGHT_W = W - RIGHT_X - 8


class Screen:
    """A screen lays out its widgets (``layout``) and draws what is not a widget (``draw``)."""

    def layout(self, app: Any) -> list[Widget]:
        return []

    def draw(self, app: Any, s: pygame.Surface) -> None:
        pass


def value_key(v: Any) -> str:
    """A stable name for a choice's value, used in widget ids."""
    if v is None:
        return "none"
    if isinstance(v, tuple) and len(v) == 2 and all(isinstance(i, int) for i in v):
        return f"{v[0]},{v[1]}"
    if isinstance(v, tuple) and v and isinstance(v[0], Placement):
        return ";".join(f"{p.sex}@{value_key(p.cell)}" for p in v)
    if isinstance(v, tuple):
        return "+".join(value_key(x) for x in v)
    return str(v)


def title_bar(s: pygame.Surface, title: str, who: str | None = None) -> None:
    pygame.draw.rect(s, PANEL, (0, 0, W, TOP - 4))
    x = 12
    if who:
        pygame.draw.rect(s, PLAYER[who], (0, 0, 8, TOP - 4))
        badge(s, who, (x + 22, TOP // 2 - 2), 20)
        x += 52
    # Left of the round number and the buttons (from x = 300 on).
    text(s, title, (x, TOP // 2 - 2), HUGE if who else TITLE, INK, "midleft", width=300 - x)


def nav(app: Any, back: bool = False) -> list[Widget]:
    """Villages, market, undo and costs, top right; or 'Back'."""
    from .info import CostsScreen, MarketScreen, UndoConfirm, VillagesScreen

    if back:
        return [button("back", (W - 130, 4, 122, 48), _("Back"), lambda: app.after_change())]
    items = [("villages", _("Villages"), lambda: app.show(VillagesScreen())),
             ("market", _("Market"), lambda: app.show(MarketScreen())),
             ("undo", _("Undo"), lambda: setattr(app, "overlay", UndoConfirm())),
             ("costs", _("Costs"), lambda: app.show(CostsScreen()))]
    out, x = [], W - 4
    widths = {"villages": 118, "market": 100, "undo": 80, "costs": 88}
    for id_, label, fn in reversed(items):
        w = widths[id_]
        x -= w
        out.append(button(id_, (x, 4, w - 4, 48), label, fn,
                          enabled=id_ != "undo" or bool(app.session and app.session.game.actions)))
    return out


def players_panel(s: pygame.Surface, state: GameState, rect: pygame.Rect) -> None:
    """Each player: colour and initial, coins in hand, score, character tiles held."""
    y = rect.top
    for p in state.players:
        row = pygame.Rect(rect.left, y, rect.width, 50)
        if state.active == p.colour:
            pygame.draw.rect(s, PLAYER[p.colour], row.inflate(4, 0), 3, border_radius=8)
        badge(s, p.colour, (row.left + 20, row.centery), 15)
        text(s, p.name, (row.left + 42, row.top + 4), 20, INK, width=110)
        coins = p.coins + p.won_coins
        text(s, _("{n} coins").format(n=coins), (row.left + 42, row.top + 27), 20, MUTED)
        vp = state.track.get(p.colour, 0)
        text(s, _("{vp} VP").format(vp=vp), (row.right - 6, row.top + 4), 20, INK, "topright")
        tiles = "".join(character(ch)[0] for ch in CHARACTERS
                        if state.tile_holder.get(ch) == p.colour)
        if state.start_player == p.colour:
            tiles = _("start") + " " + tiles
        text(s, tiles, (row.right - 6, row.top + 27), 20, MUTED, "topright")
        y += 54


def steps_panel(s: pygame.Surface, steps: list[str], rect: pygame.Rect) -> None:
    """What to do with the pieces after the last action."""
    if not steps:
        return
    pygame.draw.rect(s, PANEL, rect, border_radius=8)
    text(s, _("On the table:"), (rect.left + 8, rect.top + 6), 20, MUTED)
    y = rect.top + 30
    for step in steps:
        y = paragraph(s, "• " + step, pygame.Rect(rect.left + 8, y, rect.width - 16,
                                                  rect.bottom - y), 20)
        if y >= rect.bottom - 20:
            break


def who_text(c: str) -> str:
    return _("{colour}'s turn").format(colour=colour(c))


def goods_buttons(catalogue: Any, cost: dict[str, int], left: int, top: int, width: int
                  ) -> list[Widget]:
    """A cost read off a tile: one button a good, each tap adds one; 4 in a row."""
    from ..i18n import good

    w = width // 4
    return [button(f"good:{g}", (left + (i % 4) * w, top + (i // 4) * 56, w - 4, 52),
                   f"{good(catalogue, g)} {cost.get(g, 0) or ''}",
                   lambda g=g: cost.__setitem__(g, cost.get(g, 0) + 1),
                   selected=cost.get(g, 0) > 0)
            for i, g in enumerate(catalogue.goods)]
