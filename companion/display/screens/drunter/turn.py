"""A turn of Drunter & Drüber (§D3, §D4): the map with the roads and their workers; the active
player's tiles; the squares where the chosen tile may start, outlined; a tap on one of them
(and, where the tile could run more than one way, on a direction) shows the tile where it
would go; "Place" (or the player's seat button) lays it. Over a public toilet it calls the
vote (§D5). "Cannot place" is offered only when no tile of the player fits anywhere."""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from ....drunter import CannotPlace, Place, fits_nowhere, turn_options, why_no_tile_fits
from ....drunter.board import DIRECTIONS, KINDS, ROAD_KIND
from ....drunter.messages import Message
from ....drunter.state import LENGTHS, DrunterState, PlacedTile
from ....drunter.values import Heading
from ...contract import AppView
from ...kit.widgets import (
    GRID,
    INK,
    LED_BAND_TOP,
    WARNING_INK,
    W,
    Widget,
    button,
    draw_text,
    text_height,
)
from ...words import i18n
from ...words.i18n import _
from ..parts import TOP, Screen, menu_button, title_bar
from .colours import ROAD_COLOURS
from .map import MapView, draw_map, key_button, square_widgets
from .undo import DrunterUndoConfirm, back_squares, steps_shown, take_back_button

TOP_BUTTONS = W - 360
"""Where the top bar's buttons begin: the key, Undo, Menu."""

MAP = pygame.Rect(8, TOP + 4, 396, 412)
PANEL_X = 412


def say(code: str, **params: Any) -> str:
    return i18n.say(Message(code, params))


class DrunterTurnScreen(Screen):
    def __init__(self, state: DrunterState) -> None:
        self.state = state
        self.options = turn_options(state)
        self.places = [o.action for o in self.options if isinstance(o.action, Place)]
        self.tile: tuple[str, int] | None = None
        self.square: tuple[int, int] | None = None
        self.chosen: Place | None = None
        """The placement shown, ready: "Place" or the seat button lays it."""
        tiles = {(p.kind, p.length) for p in self.places}
        if len(tiles) == 1:
            self.tile = next(iter(tiles))

    @property
    def cannot_place(self) -> CannotPlace | None:
        only = self.options[0].action if len(self.options) == 1 else None
        return only if isinstance(only, CannotPlace) else None

    def here(self) -> list[Place]:
        """The placements of the chosen tile from the chosen square."""
        return [p for p in self.places if (p.kind, p.length) == self.tile
                and p.square == self.square]

    def choose_tile(self, key: tuple[str, int]) -> None:
        self.tile, self.square, self.chosen = key, None, None

    def tap_square(self, sq: tuple[int, int]) -> None:
        self.square = sq
        here = self.here()
        self.chosen = here[0] if len(here) == 1 else None

    def preview(self) -> PlacedTile | None:
        if self.chosen is None:
            return None
        return PlacedTile(self.chosen.road, self.chosen.kind, self.chosen.squares,
                          self.chosen.player)

    def seat_choice(self) -> Place | None:
        return self.chosen

    def place(self, app: AppView) -> None:
        """The tile chosen goes down (the button is off while none is chosen)."""
        if self.chosen is not None:
            app.apply(self.chosen)

    def layout(self, app: AppView) -> list[Widget]:
        s = self.state
        view = MapView.fit(s, MAP, largest=46)
        starts = sorted({p.square for p in self.places if (p.kind, p.length) == self.tile})
        out = square_widgets(s, view, self.tap_square, starts)
        out += top_buttons(app)
        hand = s.player(s.active).tiles
        for i, kind in enumerate(KINDS):
            for j, length in enumerate(sorted(LENGTHS, reverse=True)):
                key = (kind, length)
                n = hand.get(key, 0)
                fits = any((p.kind, p.length) == key for p in self.places)
                why = None if fits else (_("{who} has none of these tiles left.").format(
                    who=i18n.name(s.active)) if n == 0 else nowhere(s, key))
                out.append(button(f"tile:{kind}:{length}",
                                  (PANEL_X + j * 126, TOP + 4 + i * 50, 120, 48), f"{n}\u00d7",
                                  partial(self.choose_tile, key), enabled=fits,
                                  selected=self.tile == key, why_not=why,
                                  paint=_tile_picture(kind, length)))
        here = self.here()
        if len(here) > 1:
            roads = {p.road for p in here}
            for i, p in enumerate(here):
                # two roads from here (a wall beside the other's worker): the road's colour,
                # the wall's number as the key says
                label = p.road[-1] if len(roads) > 1 and p.road.startswith("wall") else ""
                out.append(button(f"way:{p.road}:{p.direction}",
                                  (PANEL_X + (i % 4) * 95, TOP + 156 + (i // 4) * 50, 92, 48),
                                  label, partial(setattr, self, "chosen", p),
                                  selected=self.chosen == p, value=p,
                                  paint=_way_arrow(p.direction, ROAD_COLOURS[p.road]
                                                   if len(roads) > 1 else None)))
        crowded = self.crowded(app)
        if crowded is not None:  # more to take back than the screen holds: over it, whole
            back = take_back_button(app, (crowded.left, crowded.top, crowded.width, 56))
            out += [] if back is None else [back]
        if self.cannot_place is not None:
            out.append(button("cannot_place", (PANEL_X, 412, W - PANEL_X - 8, 60),
                              _("Cannot place: miss the turn"),
                              partial(app.apply, self.cannot_place),
                              style="primary"))
        else:
            vote = self.chosen is not None and any(
                o.vote for o in self.options if o.action == self.chosen)
            out.append(button("place", (PANEL_X, 412, W - PANEL_X - 8, 60),
                              _("Place: the toilet vote") if vote else _("Place the tile"),
                              partial(self.place, app),
                              enabled=self.chosen is not None, style="primary",
                              why_not=_("Choose a tile, then the square where it starts.")))
        return out

    def areas(self) -> tuple[pygame.Rect, list[pygame.Rect]]:
        """The panel's box under the tiles (and the ways), and the rooms for the words: below
        the map, then inside the box."""
        st = self.state
        view = MapView.fit(st, MAP, largest=46)  # room under it for the table's steps
        ways = len(self.here())
        box = pygame.Rect(PANEL_X, TOP + 156 + (0 if ways < 2 else 50 * ((ways + 3) // 4)),
                          W - PANEL_X - 8, 0)
        box.height = 408 - box.top
        below = pygame.Rect(MAP.left, view.top + view.cell * st.board.height + 6, MAP.width, 0)
        below.height = LED_BAND_TOP - below.top
        return box, [r for r in (below, box.inflate(-12, -4)) if r.height >= 54]

    def crowded(self, app: AppView) -> pygame.Rect | None:
        """Where "Take back (n)" goes when the steps to take back do not all fit in the rooms
        for words (several undos): the top of the panel's box; ``None`` when they fit."""
        back = [p for p in steps_shown(app) if p[1] == WARNING_INK]
        box, areas = self.areas()
        if not back or fits([w for w, _c in back], areas):
            return None
        return pygame.Rect(box.left, box.top, box.width, 56)

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        st = self.state
        title_bar(s, _("{who}: place a tile").format(who=i18n.name(st.active)), st.active,
                  right=TOP_BUTTONS)
        view = MapView.fit(st, MAP, largest=46)  # room under it for the table's steps
        marks = sorted({p.square for p in self.places if (p.kind, p.length) == self.tile})
        if self.chosen is not None:
            marks = []
        draw_map(s, st, view, marks=marks, preview=self.preview(), picked=self.square,
                 back=back_squares(app))
        box, areas = self.areas()
        steps = steps_shown(app)
        back = [p for p in steps if p[1] == WARNING_INK]  # an undo: always said first
        crowded = self.crowded(app)
        if crowded is not None:  # the steps over the screen, behind "Take back (n)"
            steps = [p for p in steps if p[1] != WARNING_INK]
            back = []
            areas = [a.clip(a.move(0, crowded.bottom + 4 - a.top)) if a.colliderect(crowded)
                     else a for a in areas]
            areas = [a for a in areas if a.height >= 54]
        if self.cannot_place is not None:  # the turn missed, and why: road by road
            parts = [*back, (say("drunter.option.cannot_place", player=st.active) + ".", INK),
                     *((i18n.say(m), INK) for m in why_no_tile_fits(st, st.active))]
        elif self.chosen is not None:
            option = next(o for o in self.options if o.action == self.chosen)
            parts = [*back, (i18n.say(option.message) + ".", INK),
                     (_("Press your seat button or Place."), INK)]
        elif self.tile is not None:
            parts = [*back, (_("Tap the square where it starts (outlined).") if self.square is None
                             else _("Which way does it run?"), INK)]
        else:  # the turn begins: what the table does after the last action, then the tile
            parts = [*steps, (_("Choose a tile."), INK)]
        pygame.draw.rect(s, GRID, box, 1, border_radius=6)
        flow(s, parts, areas, kept=len(parts) - 1 if self.tile is None else len(back))


def fits(texts: list[str], areas: list[pygame.Rect]) -> bool:
    """Whether the texts all fit, in order, in the areas as ``flow`` lays them."""
    ys = [a.top for a in areas]
    start = 0
    for part in texts:
        for k in range(start, len(areas)):
            if ys[k] + text_height(part, areas[k].width) <= areas[k].bottom:
                break
        else:
            return False
        start = k
        ys[k] += text_height(part, areas[k].width) + 2
    return True


def nowhere(state: DrunterState, key: tuple[str, int]) -> str:
    """Why a tile held fits nowhere now, in the engine's words (``fits_nowhere``)."""
    why = fits_nowhere(state, key)
    return " ".join(i18n.say(m) for m in why) if why else _("This tile fits nowhere now.")


def top_buttons(app: AppView) -> list[Widget]:
    """The key to the map's signs, Undo, Menu: the top bar of a Drunter screen."""
    return [key_button(app, (TOP_BUTTONS + 4, 4, 52, 48)),
            button("undo", (TOP_BUTTONS + 60, 4, 200, 48), _("Undo"),
                   lambda: setattr(app, "overlay", DrunterUndoConfirm())),
            menu_button(app, (W - 96, 4, 88, 48))]


def flow(s: pygame.Surface, parts: list[tuple[str, tuple[int, int, int]]],
         areas: list[pygame.Rect], kept: int) -> None:
    """The texts in order, each whole in its colour, each in the first area with room left
    for it, never in an area before the last one used: they read in order (a step below the
    map, the next beside it, never the way on between two steps). The first ``kept`` (the
    table's steps: muted, those to take back red) are never left out: one that fits nowhere
    goes into the last room left (and the text-fit report says so); a later text, the way
    on, is left out then (the buttons show it too)."""
    ys = [a.top for a in areas]
    start = 0
    for i, (part, colour) in enumerate(parts):
        for k in range(start, len(areas)):
            if ys[k] + text_height(part, areas[k].width) <= areas[k].bottom:
                break
        else:
            if i >= kept or not areas:
                continue
            k = len(areas) - 1
        start = k
        a = areas[k]
        ys[k] = draw_text(s, part, pygame.Rect(a.left, ys[k], a.width, max(a.bottom - ys[k], 1)),
                          24, colour).bottom + 2


def _tile_picture(kind: str, length: int) -> Any:
    """The tile itself: ``length`` squares in its kind's colour."""
    colour = ROAD_COLOURS[next(r for r, k in ROAD_KIND.items() if k == kind)]

    def paint(s: pygame.Surface, r: pygame.Rect) -> None:
        side = 16
        x = r.right - 8 - side * length
        for i in range(length):
            sq = pygame.Rect(x + i * side, r.centery - side // 2, side - 1, side)
            pygame.draw.rect(s, colour, sq)
        pygame.draw.circle(s, (250, 250, 250), (x + side // 2, r.centery), 3)
    return paint


def _way_arrow(direction: Heading | None, road: tuple[int, int, int] | None = None) -> Any:
    """An arrow the way the tile runs from its first square (a dot: a 1-square tile); where
    two roads could take the tile, a swatch of the road's colour in the middle."""
    dx, dy = DIRECTIONS[direction] if direction else (0, 0)

    def paint(s: pygame.Surface, r: pygame.Rect) -> None:
        if road is not None:
            pygame.draw.rect(s, road, (r.left + 26, r.centery - 10, 20, 20))
        cx, cy, k = r.right - 28, r.centery, 12
        if not (dx or dy):
            pygame.draw.circle(s, INK, (cx, cy), 6)
        elif dx:
            pygame.draw.line(s, INK, (cx - dx * k, cy), (cx + dx * k, cy), 4)
            pygame.draw.polygon(s, INK, [(cx + dx * (k + 4), cy), (cx + dx * (k - 6), cy - 8),
                                         (cx + dx * (k - 6), cy + 8)])
        else:
            pygame.draw.line(s, INK, (cx, cy - dy * k), (cx, cy + dy * k), 4)
            pygame.draw.polygon(s, INK, [(cx, cy + dy * (k + 4)), (cx - 8, cy + dy * (k - 6)),
                                         (cx + 8, cy + dy * (k - 6))])
    return paint
