"""Drunter & Drüber: the table enters the printed map once (§D9), by tapping it square by
square: choose what to put (a building of a type with its value, a toilet, a road's start, or
erase), then tap the squares. The grid's size is set with its buttons; a larger map scrolls.
"Save" checks the whole board (starts on the edge, one thing a square) and keeps it on the
device; opened again, the screen shows the saved board to correct.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any

import pygame

from ....drunter.board import BUILDING_TYPES, MAX_SIDE, ROADS
from ....drunter.board_draft import ERASE, TOILET, BoardDraft, clamp_value
from ....drunter_store import keep_board, keep_draft, kept_draft
from ...contract import AppView
from ...kit.widgets import ACCENT, BUTTON, GRID, INK, MUTED, W, Widget, button, draw_text
from ...words import i18n
from ...words.i18n import N_, _
from ..parts import TOP, Screen, title_bar
from .colours import ROAD_COLOURS, TOILET_COLOUR, TYPE_COLOURS
from .map import MapView, draw_labels, key_button

VIEW_COLS, VIEW_ROWS = 9, 7
VIEW_AREA = pygame.Rect(8, TOP + 2, 436, 344)
"""Where the map's view lies, its columns' and rows' numbers on its edges included."""
PANEL_X = 452
ROAD_NAMES = {"street": N_("Street"), "wall_1": N_("Wall 1"), "wall_2": N_("Wall 2"),
              "canal": N_("Canal")}
MINUS, TIMES = "\u2212", "\u00d7"


class DrunterBoardScreen(Screen):
    def __init__(self, app: AppView, back: Screen) -> None:
        self.back = back
        self.app = app
        saved = kept_draft(app.stored)
        self.draft = saved or BoardDraft()
        if saved is None:
            app.banner = _("Choose on the right what to put, then tap its squares on the map. "
                           "The size: the - and + buttons.")
        self.tool = "A"
        self.value = 1
        self.left = 0
        self.top = 0
        """The first column and row shown (the map scrolls when it is larger than the view)."""
        self.saved = False
        """Saved and unchanged since: the Save button says so (a confirmation, not a
        refusal's strip)."""

    # --- what the taps do -----------------------------------------------------------------

    def tap_square(self, square: tuple[int, int]) -> None:
        self.draft.tap(square, self.tool, self.value)
        self.keep()

    def keep(self) -> None:
        """Every change is kept on the device at once: a power cut loses nothing entered."""
        self.saved = False
        keep_draft(self.app.stored, self.draft)

    def choose(self, tool: str) -> None:
        self.tool = tool

    def step_value(self, step: int) -> None:
        self.value = clamp_value(self.value + step)
        if self.tool not in BUILDING_TYPES:
            self.tool = "A"

    def resize(self, dw: int, dh: int) -> None:
        self.draft.resize(self.draft.width + dw, self.draft.height + dh)
        self.scroll(0, 0)
        self.keep()

    def scroll(self, dx: int, dy: int) -> None:
        self.left = max(0, min(self.draft.width - VIEW_COLS, self.left + dx))
        self.top = max(0, min(self.draft.height - VIEW_ROWS, self.top + dy))

    def save(self, app: AppView) -> None:
        problem = self.draft.problem()
        if problem is not None:
            app.banner = i18n.say(problem)
            return
        keep_board(app.stored, self.draft.board())
        app.banner = None
        self.saved = True

    # --- the screen -----------------------------------------------------------------------

    def view(self) -> MapView:
        """The squares shown (the map scrolls when it is larger than the view), numbered on
        the edges as the game's screens number them. Its squares keep their size and place
        whatever the map's size and the part shown: only the numbers change."""
        widest = MapView.grid(VIEW_COLS, VIEW_ROWS, VIEW_AREA, largest=48,
                              first=(MAX_SIDE - VIEW_COLS, MAX_SIDE - VIEW_ROWS))
        cols, rows = self.shown()
        return replace(widest, cols=cols, rows=rows, first=(self.left, self.top))

    def shown(self) -> tuple[int, int]:
        return min(VIEW_COLS, self.draft.width), min(VIEW_ROWS, self.draft.height)

    def layout(self, app: AppView) -> list[Widget]:
        out: list[Widget] = []
        view = self.view()
        cols, rows = self.shown()
        for row in range(rows):
            for col in range(cols):
                sq = (self.left + col, self.top + row)
                out.append(Widget(f"square:{sq[0]},{sq[1]}", view.rect((col, row)), "",
                                  partial(self.tap_square, sq), style="invisible", value=sq))
        d = self.draft
        y = VIEW_AREA.bottom + 8
        for i, (dx, dy) in enumerate(((-1, 0), (1, 0), (0, -1), (0, 1))):
            can = (dx < 0 and self.left > 0) or (dy < 0 and self.top > 0) or \
                (dx > 0 and self.left + VIEW_COLS < d.width) or \
                (dy > 0 and self.top + VIEW_ROWS < d.height)
            out.append(button(f"scroll:{dx},{dy}", (8 + i * 56, y, 52, 52), "",
                              partial(self.scroll, dx * 4, dy * 4), enabled=can,
                              paint=_arrow(dx, dy)))
        for i, t in enumerate(BUILDING_TYPES):
            out.append(button(f"tool:{t}", (PANEL_X + i * 57, VIEW_AREA.top, 54, 48), t,
                              partial(self.choose, t), selected=self.tool == t))
        y = VIEW_AREA.top + 54
        out.append(button("value:-", (PANEL_X, y, 52, 48), MINUS, lambda: self.step_value(-1),
                          enabled=self.value > 1))
        out.append(button("value:+", (PANEL_X + 180, y, 52, 48), "+",
                          lambda: self.step_value(1)))
        out.append(button(f"tool:{TOILET}", (PANEL_X + 240, y, 100, 48), "WC",
                          lambda: self.choose(TOILET), selected=self.tool == TOILET))
        for i, road in enumerate(ROADS):
            out.append(button(f"tool:{road}", (PANEL_X + (i % 2) * 172, y + 54 + (i // 2) * 54,
                                               168, 48), _(ROAD_NAMES[road]),
                              partial(self.choose, road), selected=self.tool == road,
                              paint=_swatch(ROAD_COLOURS[road])))
        y += 54 * 3
        for i, (dw, dh, sign) in enumerate(((-1, 0, MINUS), (1, 0, "+"), (0, -1, MINUS),
                                            (0, 1, "+"))):
            x = PANEL_X + (0, 56, 232, 288)[i]
            out.append(button(f"size:{dw},{dh}", (x, y, 52, 48), sign,
                              partial(self.resize, dw, dh),
                              paint=_size_arrow(dw != 0)))
        y += 54
        out.append(button(f"tool:{ERASE}", (PANEL_X, y, 168, 48), _("Erase"),
                          lambda: self.choose(ERASE), selected=self.tool == ERASE))
        out.append(button("back", (PANEL_X + 172, y, 112, 48), _("Back"),
                          lambda: app.show(self.back)))
        out.append(key_button(app, (PANEL_X + 288, y, 52, 48)))
        out.append(button("save", (PANEL_X, 412, 340, 60),
                          _("The board is saved") if self.saved else _("Save the board"),
                          lambda: self.save(app), style="button" if self.saved else "primary",
                          paint=_tick if self.saved else None))
        return out

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        title_bar(s, _("Drunter & Drüber: the board"), right=W - 8)
        d = self.draft
        cols, rows = self.shown()
        view = self.view()
        draw_labels(s, view)
        for row in range(rows):
            for col in range(cols):
                self._square(s, (self.left + col, self.top + row), view.rect((col, row)))
        y = VIEW_AREA.bottom + 8
        last_col = min(d.width, self.left + VIEW_COLS)
        last_row = min(d.height, self.top + VIEW_ROWS)
        draw_text(s, _("columns {a}-{b}, rows {c}-{d}").format(
            a=self.left + 1, b=last_col, c=self.top + 1, d=last_row),
            pygame.Rect(236, y - 2, PANEL_X - 244, 56), 24, MUTED, valign="middle")
        y = VIEW_AREA.top + 54
        draw_text(s, _("value {n}").format(n=self.value), pygame.Rect(PANEL_X + 56, y, 120, 48),
                  24, INK, valign="middle", align="center")
        y += 54 * 3
        draw_text(s, f"{d.width} {TIMES} {d.height}", pygame.Rect(PANEL_X + 110, y, 120, 48),
                  24, INK, valign="middle", align="center")

    def _square(self, s: pygame.Surface, sq: tuple[int, int], r: pygame.Rect) -> None:
        what = self.draft.what(sq)
        bg = BUTTON
        label = ""
        ink = INK
        if what is not None and what[0] in BUILDING_TYPES:
            bg, label = TYPE_COLOURS[what[0]], f"{what[0]}{what[1]}"
        elif what is not None and what[0] == TOILET:
            bg, label = TOILET_COLOUR, "WC"
        elif what is not None:
            bg, ink = ROAD_COLOURS[what[0]], (255, 255, 255)
            label = what[0][-1] if what[0].startswith("wall") else ""
        pygame.draw.rect(s, bg, r)
        pygame.draw.rect(s, GRID, r, 1)
        if label:
            draw_text(s, label, r.inflate(-4, -4), 24, ink, valign="middle", align="center",
                      bg=bg)


def _tick(s: pygame.Surface, r: pygame.Rect) -> None:
    """A check mark at the right end of the Save button: saved."""
    x, y = r.right - 36, r.centery
    pygame.draw.lines(s, ACCENT, False, [(x, y), (x + 8, y + 9), (x + 22, y - 10)], 5)


def _swatch(colour: tuple[int, int, int]) -> Any:
    def paint(s: pygame.Surface, r: pygame.Rect) -> None:
        pygame.draw.rect(s, colour, (r.right - 32, r.centery - 12, 24, 24))
    return paint


def _arrow(dx: int, dy: int) -> Any:
    """A triangle pointing the way the view scrolls."""
    def paint(s: pygame.Surface, r: pygame.Rect) -> None:
        cx, cy = r.center
        k = 12
        if dx:
            pts = [(cx + dx * k, cy), (cx - dx * k, cy - k), (cx - dx * k, cy + k)]
        else:
            pts = [(cx, cy + dy * k), (cx - k, cy - dy * k), (cx + k, cy - dy * k)]
        pygame.draw.polygon(s, INK, pts)
    return paint


def _size_arrow(horizontal: bool) -> Any:
    """A double arrow under the sign: the width (horizontal) or the height (vertical)."""
    def paint(s: pygame.Surface, r: pygame.Rect) -> None:
        if horizontal:
            y = r.bottom - 8
            pygame.draw.line(s, MUTED, (r.left + 10, y), (r.right - 10, y), 2)
            pygame.draw.polygon(s, MUTED, [(r.left + 6, y), (r.left + 12, y - 4),
                                           (r.left + 12, y + 4)])
            pygame.draw.polygon(s, MUTED, [(r.right - 6, y), (r.right - 12, y - 4),
                                           (r.right - 12, y + 4)])
        else:
            x = r.right - 8
            pygame.draw.line(s, MUTED, (x, r.top + 8), (x, r.bottom - 8), 2)
            pygame.draw.polygon(s, MUTED, [(x, r.top + 4), (x - 4, r.top + 10),
                                           (x + 4, r.top + 10)])
            pygame.draw.polygon(s, MUTED, [(x, r.bottom - 4), (x - 4, r.bottom - 10),
                                           (x + 4, r.bottom - 10)])
    return paint
