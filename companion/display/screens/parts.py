"""What every screen shares: the top bar, the players panel, the table's instructions."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

import pygame

from ...engine import GameState
from ...engine.actions import Placement
from ...engine.deciders import deciders
from ...engine.setup import coins_at_hand
from ...engine.state import CHARACTERS, DRAFT, START_PLAYER
from ...engine.values import Colour
from ..contract import AppView, Screen, table_log
from ..kit.paging import paged
from ..kit.picture_cache import PICTURES
from ..kit.widgets import (
    ACCENT,
    ACCENT_INK,
    BACKGROUND,
    BODY,
    BUTTON,
    HUGE,
    INK,
    LIGHT,
    MUTED,
    PANEL,
    PICTURE_TEXT,
    PLAYER,
    TITLE,
    WARNING_INK,
    W,
    Widget,
    badge,
    button,
    coin,
    draw_text,
    drawn_height,
    font,
    player_frame,
    text_height,
)
from ..pictures.step_pictures import step_picture
from ..pictures.village_view import tile_icon
from ..words import i18n
from ..words.i18n import _, name, ngettext
from ..words.table_log import step_text
from .menu.navigation import make

TOP = 60
LEFT_W = 250
RIGHT_X = 260
RIGHT_W = W - RIGHT_X - 8


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


def title_bar(s: pygame.Surface, title: str, who: str | None = None, right: int = 300
              ) -> None:
    """The title, left of ``right`` (where the buttons of the top bar begin)."""
    pygame.draw.rect(s, PANEL, (0, 0, W, TOP - 4))
    x = 12
    if who:
        pygame.draw.rect(s, PLAYER[who], (0, 0, 8, TOP - 4))
        if who in LIGHT:  # a light band framed in ink: it never vanishes on the beige
            pygame.draw.rect(s, INK, (0, 0, 10, TOP - 4), 2)
        badge(s, who, (x + 22, TOP // 2 - 2), 20)
        x += 52
    draw_text(s, title, pygame.Rect(x, 2, right - x - 8, TOP - 8), HUGE if who else TITLE, INK,
              valign="middle")  # a long name: two lines


def nav_items(app: AppView) -> list[tuple[str, str, Any]]:
    """The top bar's screens, opened by name (``navigation``): this module imports none."""
    return [("villages", _("Villages"), lambda: app.show(make("villages"))),
            ("market", _("Market"), lambda: app.show(make("market"))),
            ("undo", _("Undo"), lambda: setattr(app, "overlay", make("undo"))),
            ("menu", _("Menu"), lambda: setattr(app, "overlay", make("menu")))]


def menu_button(app: AppView, rect: tuple[int, int, int, int]) -> Widget:
    """The menu (New game, Games, Costs, Language), opened over the screen."""
    return button("menu", rect, _("Menu"), lambda: setattr(app, "overlay", make("menu")))


def nav_width(label: str) -> int:
    return max(font(BODY).size(label)[0] + 22, 72)


def nav_left(app: AppView, back: bool = False) -> int:
    """Where the top bar's buttons begin: the title ends there."""
    if back:
        return W - 4 - nav_width(_("Back")) - nav_width(_("Menu"))
    return W - 4 - sum(nav_width(label) for _id, label, _fn in nav_items(app))


def nav(app: AppView, back: bool = False) -> list[Widget]:
    """Villages, market, undo and the menu, top right; or 'Back'. Each as wide as its
    word."""
    if back:
        w, m = nav_width(_("Back")), nav_width(_("Menu"))
        return [menu_button(app, (W - 4 - w - m, 4, m - 4, 48)),
                button("back", (W - 4 - w, 4, w - 4, 48), _("Back"),
                       lambda: app.after_change())]
    out, x = [], W - 4
    for id_, label, fn in reversed(nav_items(app)):
        w = nav_width(label)
        x -= w
        out.append(button(id_, (x, 4, w - 4, 48), label, fn,
                          enabled=id_ != "undo" or app.session is not None))
    return out


def held_tiles(state: GameState, colour_: str) -> list[str]:
    return [ch for ch in CHARACTERS if state.tile_holder.get(ch) == colour_]


def players_panel(s: pygame.Surface, state: GameState, rect: pygame.Rect) -> int:
    """Each player: colour and initial, name (the whole line, two lines if need be); coins in
    hand (a coin with the count), the character tiles held (their pictograms, dark when used
    this round), the start-player token, the score. The player the game waits for framed in
    its colour (a dark outline where it is light). Returns the y below it. Laid out and drawn
    once per state (and language): a frame that shows it again copies it
    (``picture_cache.PICTURES``)."""
    bottom = rect.top + sum(max(text_height(name(p.colour), rect.width - 34), 27) + 34
                            for p in state.players)
    area = pygame.Rect(rect.left - 4, rect.top - 4, rect.width + 8, bottom - rect.top + 4)
    return PICTURES.draw(s, state, ("players", tuple(rect), i18n.language), area,
                         lambda: _players_panel(s, state, rect))


def panel_bottom(state: GameState) -> int:
    """Where the players panel of the turn screen ends (measured by drawing it aside)."""
    scratch = pygame.Surface((LEFT_W, 480))
    return players_panel(scratch, state, pygame.Rect(8, TOP + 6, LEFT_W - 8, 4 * 58))


def _players_panel(s: pygame.Surface, state: GameState, rect: pygame.Rect) -> int:
    y = rect.top
    # framed: the one player the game waits for (none while several place their start
    # buildings at once: the engine's "active" then is only who is listed first)
    waits_for = deciders(state)
    for p in state.players:
        name_h = text_height(name(p.colour), rect.width - 34)
        row = pygame.Rect(rect.left, y, rect.width, max(name_h, 27) + 28)
        if waits_for == [p.colour]:
            player_frame(s, p.colour, row.inflate(6, 4), 3)
        badge(s, p.colour, (row.left + 15, row.top + 16), 14)
        draw_text(s, name(p.colour), pygame.Rect(row.left + 32, row.top + 2, rect.width - 34,
                                                 name_h), BODY, INK, bg=BACKGROUND)
        coins = coins_at_hand(state, p.colour)  # as the table holds them (the dowry too)
        coin(s, p.colour, (row.left + 17, row.bottom - 14), 13)  # its mark >= 20 px
        draw_text(s, str(coins), pygame.Rect(row.left + 36, row.bottom - 27, 34, 26), BODY,
                  INK, wrap=False, bg=BACKGROUND)
        vp_r = draw_text(s, _("{vp} VP").format(vp=vp_of(state, p.colour)),
                         pygame.Rect(row.right - 86, row.bottom - 27, 84, 26), BODY, INK,
                         wrap=False, align="right", bg=BACKGROUND)
        x = row.left + 72
        if state.start_player == p.colour and state.phase not in (DRAFT, START_PLAYER):
            # (during the draft the engine's start player is only the last picker so far)
            pygame.draw.circle(s, TOKEN_FACE, (x + 13, row.bottom - 14), 14)
            pygame.draw.circle(s, INK, (x + 13, row.bottom - 14), 14, 2)
            draw_text(s, "1", pygame.Rect(x, row.bottom - 28, 26, 28), 24, INK,
                      min_size=PICTURE_TEXT, align="center", valign="middle", bg=TOKEN_FACE)
            x += 30
        held = held_tiles(state, p.colour)
        step = min(30, (vp_r.left - 4 - x) // max(len(held), 1))
        for ch in held:
            tile_icon(s, ch, pygame.Rect(x, row.bottom - 28, 28, 28),
                      used=ch in state.tiles_used)
            x += step
        y = row.bottom + 6
    return y


def vp_of(state: GameState, colour_: Colour) -> int:
    return state.track.get(colour_, 0)


TOKEN_FACE = (250, 244, 226)
PIC_W, PIC_H = 116, 76
TICK_W = 32
"""A step's tick, in a column of its own left of its picture (over the picture it hid the
village's top-left cell)."""
"""A table step's picture."""


class StepsView:
    """The table steps as a checklist: each with its picture and its words and a tick the
    table taps when it is done, paged (never cut), the count of what is left and "next
    unticked" one tap away; the newest page first whenever a step is added."""

    def __init__(self, from_start: bool = False, back_only: bool = False) -> None:
        self.page = 0
        self.seen = -1
        self.from_start = from_start
        """Open at the first step (the round end), else at the last action's first step."""
        self.back_only = back_only
        """Only the steps to take back after an undo, from the first not ticked off (the
        setup's, finding 11)."""

    def chosen(self, entries: list[Any]) -> list[int]:
        """The steps this view shows (indexes into ``entries``)."""
        return [i for i, (_s, _st, undone) in enumerate(entries) if undone or not self.back_only]

    def left(self, table: Any) -> list[int]:
        """The steps shown not ticked off yet, in order."""
        return [i for i in table.left() if i in self.chosen(table.shown())]

    def pages(self, entries: list[Any], rect: pygame.Rect) -> list[list[int]]:
        width = rect.width - TICK_W - PIC_W - 20
        chosen = self.chosen(entries)
        heights = (max(PIC_H, drawn_height(numbered(entries, i), width)) + 6 for i in chosen)
        return [[chosen[k] for k in page] for page in paged(heights, rect.height)]

    def widgets(self, table: Any, rect: pygame.Rect, header: pygame.Rect) -> list[Widget]:
        entries = table.shown()
        pages = self.pages(entries, rect)
        if len(entries) != self.seen:  # new steps: show the first of them
            first = self.seen < 0 and self.from_start and not table.undone
            self.seen = len(entries)
            at = (self.left(table) or [table.last])[0] if self.back_only else table.last
            self.page = 0 if first else next(
                (i for i, p in enumerate(pages) if at in p), 0)
        self.page = min(self.page, len(pages) - 1)
        out = [Widget(f"tick:{i}", r, on_tap=partial(table.tick, i), style="invisible",
                      selected=i in table.ticked)
               for i, r in self.rows(entries, rect, pages[self.page])]
        left = self.left(table)
        later = [i for i in left if i not in pages[self.page]]
        if later:  # the next step still to do lies on another page
            target = next(n for n, p in enumerate(pages) if later[0] in p)
            out.append(button("steps:todo", (header.right - 316, header.top, 192, 48),
                              _("Next unticked"), lambda: setattr(self, "page", target)))
        if len(pages) > 1:
            out.append(button("steps:prev", (header.right - 116, header.top, 56, 48), "<",
                              lambda: setattr(self, "page", self.page - 1),
                              enabled=self.page > 0))
            more = self.page < len(pages) - 1
            out.append(button("steps:next", (header.right - 56, header.top, 56, 48), ">",
                              lambda: setattr(self, "page", self.page + 1), enabled=more,
                              style="primary" if more else "button"))  # more to do: say so
        return out

    def rows(self, entries: list[Any], rect: pygame.Rect, page: list[int]
             ) -> list[tuple[int, pygame.Rect]]:
        """Each step of a page with the row it takes (picture and words)."""
        out, y = [], rect.top
        for i in page:
            h = max(PIC_H, drawn_height(numbered(entries, i),
                                        rect.width - TICK_W - PIC_W - 20))
            out.append((i, pygame.Rect(rect.left, y, rect.width, h)))
            y += h + 6
        return out

    def draw(self, s: pygame.Surface, table: Any, rect: pygame.Rect,
             header: pygame.Rect) -> None:
        entries = table.shown()
        pages = self.pages(entries, rect)
        page = pages[min(self.page, len(pages) - 1)]
        left = len(self.left(table))  # what it shows not ticked: one count with "Done"'s
        title = ngettext("{n} step left", "{n} steps left", left).format(n=left) if left \
            else _("All done")
        back = [i for i in self.left(table) if entries[i][2]]
        if back:  # after an undo: what is to be taken back first, in its colour (finding 7)
            title = ngettext("{n} step to take back", "{n} steps to take back",
                             len(back)).format(n=len(back))
        later = any(i not in page for i in self.left(table))
        draw_text(s, title, pygame.Rect(header.left, header.top, header.width
                                        - (324 if later else 124 if len(pages) > 1 else 0),
                                        header.height),
                  BODY, WARNING_INK if back else INK, wrap=False, valign="middle")
        for i, r in self.rows(entries, rect, page):
            step, state, undone = entries[i]
            words = numbered(entries, i)
            done = i in table.ticked
            step_picture(s, step, state, pygame.Rect(r.left + TICK_W, r.top, PIC_W, PIC_H))
            draw_text(s, words, pygame.Rect(r.left + TICK_W + PIC_W + 12, r.top,
                                            r.width - TICK_W - PIC_W - 12, r.height), BODY,
                      MUTED if done else WARNING_INK if undone else INK)
            tick_box(s, (r.left + 2, r.top + 2), done)


def numbered(entries: Sequence[Any], i: int) -> str:
    """Step ``i`` of the table log's ``entries`` in words, with its :func:`step_number`."""
    step, _state, undone = entries[i]
    return f"{step_number(entries, i)}. {step_text(step, undone)}"


def step_number(entries: Sequence[Any], i: int) -> int:
    """Step ``i``'s number in its own list: the steps still on the table from 1, the steps to
    take back after an undo from 1 again (one list, however many undos: a lone step to take
    back read "2.", play-test 2026-11-28)."""
    undone = entries[i][2]
    return i - next(k for k, e in enumerate(entries) if e[2] == undone) + 1


def tick_box(s: pygame.Surface, at: tuple[int, int], done: bool) -> None:
    """A step's tick: an empty box, or a box with a check mark once done."""
    box = pygame.Rect(at[0], at[1], 26, 26)
    pygame.draw.rect(s, ACCENT if done else BUTTON, box, border_radius=4)
    pygame.draw.rect(s, INK, box, 2, border_radius=4)
    if done:
        pygame.draw.lines(s, ACCENT_INK, False, [(box.left + 5, box.centery),
                                                 (box.left + 11, box.bottom - 6),
                                                 (box.right - 5, box.top + 6)], 4)


def who_text(c: str) -> str:
    return _("{colour}'s turn").format(colour=name(c))


def goods_buttons(catalogue: Any, cost: dict[str, int], left: int, top: int, width: int
                  ) -> list[Widget]:
    """A cost read off a tile: one button a good, each tap adds one; 4 in a row. Left for the
    turn's own cost field (``turn.py``), which is to use the one cost form
    (``cost_form.CostForm``) as the tile on offer and the Costs screen do."""
    from ..words.i18n import good

    w = width // 4
    return [button(f"good:{g}", (left + (i % 4) * w, top + (i // 4) * 64, w - 6, 60),
                   f"{good(catalogue, g)} × {cost[g]}" if cost.get(g) else good(catalogue, g),  # noqa: RUF001
                   partial(_add_one, cost, g),
                   selected=cost.get(g, 0) > 0)
            for i, g in enumerate(catalogue.goods)]


def _add_one(cost: dict[str, int], g: str) -> None:
    cost[g] = cost.get(g, 0) + 1


class StepsOverlay(Screen):
    """The table steps over any screen (setup): what the last answers ask of the table."""

    def __init__(self, back_only: bool = False) -> None:
        self.view = StepsView(back_only=back_only)

    def layout(self, app: AppView) -> list[Widget]:
        box = _overlay_box()
        out = self.view.widgets(table_log(app), _overlay_rows(), _overlay_header())
        out.append(button("steps:close", (box.right - 180, box.bottom - 68, 168, 60), _("Close"),
                          lambda: setattr(app, "overlay", None), style="primary"))
        return out

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        box = _overlay_box()
        pygame.draw.rect(s, BACKGROUND, box, border_radius=12)
        pygame.draw.rect(s, INK, box, 2, border_radius=12)
        self.view.draw(s, table_log(app), _overlay_rows(), _overlay_header())


def _overlay_box() -> pygame.Rect:
    return pygame.Rect(20, 16, W - 40, 448)


def _overlay_header() -> pygame.Rect:
    return pygame.Rect(36, 26, W - 72, 48)


def _overlay_rows() -> pygame.Rect:
    return pygame.Rect(36, 80, W - 72, 300)


def steps_button(app: AppView, rect: tuple[int, int, int, int]) -> Widget:
    """Opens the table steps over the screen; it says how many are not ticked off yet (after
    an undo: how many to take back, and opens on those)."""
    back = back_left(table_log(app))
    if back:
        return button("steps:show", rect, _("Take back ({n})").format(n=len(back)),
                      partial(take_back, app), value=len(table_log(app).left()), style="primary")
    return button("steps:show", rect, on_the_table(table_log(app)),
                  lambda: setattr(app, "overlay", StepsOverlay()), value=len(table_log(app).left()))


def back_left(table: Any) -> list[int]:
    """The steps to take back after an undo, not ticked off yet."""
    shown = table.shown()
    return [i for i in table.left() if shown[i][2]]


def take_back(app: AppView) -> None:
    """The steps to take back after an undo, over the screen, the first not ticked first."""
    app.overlay = StepsOverlay(back_only=True)


def on_the_table(table: Any) -> str:
    """The words of a button to the table steps: with how many are still to do."""
    left = len(table.left())
    return _("On the table ({n})").format(n=left) if left else _("On the table")
