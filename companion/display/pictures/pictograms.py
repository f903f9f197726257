"""Pictograms drawn with pygame, one per character, good and building kind, the same on every
screen: a player recognises a building, a good or a character without reading.

Each draws inside a rectangle (square or not: the picture takes the largest square in its
middle) with a dark outline, so it stands out on any light surface. Colours come from
:mod:`palette`.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from ...engine.catalogue import Catalogue
from ..kit import palette as P

Rect = pygame.Rect
Draw = Callable[[pygame.Surface, Rect, P.Colour], None]


def _square(rect: Rect) -> Rect:
    side = min(rect.width, rect.height)
    r = Rect(0, 0, side, side)
    r.center = rect.center
    return r


def _line(r: Rect) -> int:
    return max(r.width // 16, 1)


def _pt(r: Rect, x: float, y: float) -> tuple[int, int]:
    """A point of the square ``r`` in units of its side (0..1)."""
    return round(r.left + x * r.width), round(r.top + y * r.height)


def _poly(s: pygame.Surface, r: Rect, fill: P.Colour, pts: list[tuple[float, float]],
          ink: P.Colour) -> None:
    points = [_pt(r, x, y) for x, y in pts]
    pygame.draw.polygon(s, fill, points)
    pygame.draw.polygon(s, ink, points, _line(r))


def _ellipse(s: pygame.Surface, r: Rect, fill: P.Colour, box: tuple[float, float, float, float],
             ink: P.Colour) -> Rect:
    x, y, w, h = box
    e = Rect(*_pt(r, x, y), round(w * r.width), round(h * r.height))
    pygame.draw.ellipse(s, fill, e)
    pygame.draw.ellipse(s, ink, e, _line(r))
    return e


# --- the goods ---------------------------------------------------------------------------------


def _brick(s: pygame.Surface, r: Rect, ink: P.Colour) -> None:
    b = Rect(*_pt(r, 0.08, 0.28), round(r.width * 0.84), round(r.height * 0.44))
    pygame.draw.rect(s, P.BRICK, b)
    pygame.draw.rect(s, ink, b, _line(r))
    pygame.draw.line(s, ink, (b.left, b.centery), (b.right - 1, b.centery), _line(r))
    for x, top in ((0.5, True), (0.3, False), (0.7, False)):
        y0, y1 = (b.top, b.centery) if top else (b.centery, b.bottom - 1)
        xx = b.left + round(x * b.width)
        pygame.draw.line(s, ink, (xx, y0), (xx, y1), _line(r))


def _wood(s: pygame.Surface, r: Rect, ink: P.Colour) -> None:
    for y in (0.2, 0.5):  # two logs, their cut ends to the right
        body = Rect(*_pt(r, 0.06, y), round(r.width * 0.7), round(r.height * 0.3))
        pygame.draw.rect(s, P.WOOD, body)
        pygame.draw.line(s, ink, body.topleft, body.topright, _line(r))
        pygame.draw.line(s, ink, body.bottomleft, body.bottomright, _line(r))
        pygame.draw.line(s, ink, body.topleft, body.bottomleft, _line(r))
        end = Rect(0, 0, round(r.width * 0.3), body.height)
        end.center = body.midright
        pygame.draw.ellipse(s, P.WOOD_CUT, end)
        pygame.draw.ellipse(s, ink, end, _line(r))
        pygame.draw.ellipse(s, ink, end.inflate(-end.width // 2, -end.height // 2), 1)


def _stone(s: pygame.Surface, r: Rect, ink: P.Colour) -> None:
    _poly(s, r, P.STONE, [(0.1, 0.7), (0.2, 0.3), (0.5, 0.15), (0.85, 0.3), (0.92, 0.72),
                          (0.6, 0.88), (0.25, 0.86)], ink)
    pygame.draw.line(s, ink, _pt(r, 0.5, 0.15), _pt(r, 0.45, 0.5), _line(r))
    pygame.draw.line(s, ink, _pt(r, 0.45, 0.5), _pt(r, 0.92, 0.72), _line(r))


def _grain(s: pygame.Surface, r: Rect, ink: P.Colour) -> None:
    pygame.draw.line(s, ink, _pt(r, 0.5, 0.95), _pt(r, 0.5, 0.1), _line(r) + 1)
    for i in range(4):
        y = 0.16 + i * 0.17
        for side in (-1, 1):
            e = Rect(0, 0, round(r.width * 0.3), round(r.height * 0.16))
            e.center = _pt(r, 0.5 + side * 0.15, y + 0.05)
            pygame.draw.ellipse(s, P.GRAIN, e)
            pygame.draw.ellipse(s, ink, e, 1)


def _water(s: pygame.Surface, r: Rect, ink: P.Colour) -> None:
    c = _pt(r, 0.5, 0.62)
    rad = round(r.width * 0.28)
    top = _pt(r, 0.5, 0.08)
    pts = [top, (c[0] - rad, c[1] - 1), (c[0] + rad, c[1] - 1)]
    pygame.draw.circle(s, P.WATER, c, rad)
    pygame.draw.polygon(s, P.WATER, pts)
    pygame.draw.arc(s, ink, Rect(c[0] - rad, c[1] - rad, 2 * rad, 2 * rad), math.pi,
                    2 * math.pi + 0.01, _line(r))
    pygame.draw.line(s, ink, top, (c[0] - rad, c[1]), _line(r))
    pygame.draw.line(s, ink, top, (c[0] + rad, c[1]), _line(r))


def _ore(s: pygame.Surface, r: Rect, ink: P.Colour) -> None:
    _poly(s, r, P.ORE, [(0.12, 0.75), (0.25, 0.3), (0.6, 0.2), (0.88, 0.45), (0.8, 0.82),
                        (0.4, 0.9)], ink)
    for x, y in ((0.4, 0.45), (0.62, 0.6), (0.35, 0.7)):  # the metal in the rock
        pygame.draw.circle(s, P.ORE_GLINT, _pt(r, x, y), max(r.width // 12, 2))


def _animal(s: pygame.Surface, r: Rect, ink: P.Colour, fill: P.Colour, goat: bool) -> None:
    """A head seen from the front: a cow with spots and short horns, a goat with long horns
    and a beard."""
    if goat:
        for side in (-1, 1):
            pygame.draw.line(s, ink, _pt(r, 0.5 + side * 0.15, 0.3),
                             _pt(r, 0.5 + side * 0.35, 0.05), _line(r) + 2)
        _poly(s, r, ink, [(0.42, 0.8), (0.58, 0.8), (0.5, 1.0)], ink)
    else:
        for side in (-1, 1):
            pygame.draw.line(s, ink, _pt(r, 0.5 + side * 0.2, 0.3),
                             _pt(r, 0.5 + side * 0.42, 0.15), _line(r) + 2)
    for side in (-1, 1):  # the ears
        _ellipse(s, r, fill, (0.5 + side * 0.3 - 0.11, 0.3, 0.22, 0.14), ink)
    _ellipse(s, r, fill, (0.26, 0.22, 0.48, 0.62), ink)
    if not goat:
        _ellipse(s, r, P.COW_SPOT, (0.3, 0.3, 0.16, 0.16), P.COW_SPOT)
        _ellipse(s, r, P.MUZZLE, (0.3, 0.6, 0.4, 0.24), ink)
    for side in (-1, 1):
        pygame.draw.circle(s, ink, _pt(r, 0.5 + side * 0.1, 0.45), max(r.width // 18, 1))


def _cow(s: pygame.Surface, r: Rect, ink: P.Colour) -> None:
    _animal(s, r, ink, P.COW, goat=False)


def _goat(s: pygame.Surface, r: Rect, ink: P.Colour) -> None:
    _animal(s, r, ink, P.GOAT, goat=True)


def _bread(s: pygame.Surface, r: Rect, ink: P.Colour) -> None:
    _ellipse(s, r, P.BREAD, (0.06, 0.3, 0.88, 0.46), ink)
    for x in (0.3, 0.5, 0.7):
        pygame.draw.line(s, ink, _pt(r, x - 0.05, 0.42), _pt(r, x + 0.05, 0.6), _line(r))


def _beer(s: pygame.Surface, r: Rect, ink: P.Colour) -> None:
    mug = Rect(*_pt(r, 0.2, 0.28), round(r.width * 0.45), round(r.height * 0.62))
    pygame.draw.rect(s, P.BEER, mug)
    pygame.draw.rect(s, ink, mug, _line(r))
    handle = Rect(mug.right - _line(r), mug.top + mug.height // 5, round(r.width * 0.2),
                  mug.height // 2)
    pygame.draw.rect(s, ink, handle, _line(r) + 1, border_radius=4)
    _ellipse(s, r, P.FOAM, (0.14, 0.14, 0.57, 0.22), ink)


def _iron(s: pygame.Surface, r: Rect, ink: P.Colour) -> None:
    _poly(s, r, P.IRON, [(0.08, 0.75), (0.22, 0.4), (0.78, 0.4), (0.92, 0.75)], ink)
    pygame.draw.line(s, ink, _pt(r, 0.22, 0.4), _pt(r, 0.3, 0.75), _line(r))
    pygame.draw.line(s, ink, _pt(r, 0.78, 0.4), _pt(r, 0.7, 0.75), _line(r))


def _milk(s: pygame.Surface, r: Rect, ink: P.Colour) -> None:
    """A milk can: a neck, the shoulders, the body."""
    _poly(s, r, P.MILK, [(0.38, 0.08), (0.62, 0.08), (0.62, 0.25), (0.78, 0.38), (0.78, 0.92),
                         (0.22, 0.92), (0.22, 0.38), (0.38, 0.25)], ink)
    pygame.draw.line(s, ink, _pt(r, 0.22, 0.55), _pt(r, 0.78, 0.55), _line(r))


def _meat(s: pygame.Surface, r: Rect, ink: P.Colour) -> None:
    pygame.draw.line(s, ink, _pt(r, 0.62, 0.4), _pt(r, 0.9, 0.12), _line(r) * 3 + 2)
    pygame.draw.line(s, P.BONE, _pt(r, 0.62, 0.4), _pt(r, 0.9, 0.12), _line(r) * 3)
    _ellipse(s, r, P.MEAT, (0.08, 0.3, 0.62, 0.58), ink)
    _ellipse(s, r, P.BONE, (0.3, 0.48, 0.16, 0.16), ink)


def _cheese(s: pygame.Surface, r: Rect, ink: P.Colour) -> None:
    _poly(s, r, P.CHEESE, [(0.08, 0.78), (0.92, 0.78), (0.92, 0.45), (0.08, 0.3)], ink)
    for x, y in ((0.3, 0.55), (0.6, 0.62), (0.75, 0.52)):
        pygame.draw.circle(s, ink, _pt(r, x, y), max(r.width // 14, 2), 1)


def _cloth(s: pygame.Surface, r: Rect, ink: P.Colour) -> None:
    """A roll of cloth (leather): a rectangle unrolled from a roll."""
    sheet = Rect(*_pt(r, 0.08, 0.3), round(r.width * 0.6), round(r.height * 0.5))
    pygame.draw.rect(s, P.CLOTH, sheet)
    pygame.draw.rect(s, ink, sheet, _line(r))
    _ellipse(s, r, P.CLOTH_ROLL, (0.6, 0.22, 0.3, 0.66), ink)


def _cowbell(s: pygame.Surface, r: Rect, ink: P.Colour) -> None:
    _poly(s, r, P.BELL, [(0.32, 0.2), (0.68, 0.2), (0.86, 0.78), (0.14, 0.78)], ink)
    pygame.draw.rect(s, ink, Rect(*_pt(r, 0.42, 0.06), round(r.width * 0.16),
                                  round(r.height * 0.15)), _line(r))
    pygame.draw.circle(s, ink, _pt(r, 0.5, 0.86), max(r.width // 10, 2))


GOODS: dict[str, Callable[[pygame.Surface, Rect, P.Colour], None]] = {
    "brick": _brick, "wood": _wood, "stone": _stone, "grain": _grain, "water": _water,
    "ore": _ore, "cow": _cow, "goat": _goat, "bread": _bread, "beer": _beer, "iron": _iron,
    "milk": _milk, "meat": _meat, "cheese": _cheese, "cloth": _cloth, "cowbell": _cowbell,
}


def good(surface: pygame.Surface, good_id: str, rect: Rect, ink: P.Colour = P.INK) -> None:
    """The good's pictogram; an unknown good (a catalogue's new one) as a plain crate."""
    r = _square(rect)
    GOODS.get(good_id, _crate)(surface, r, ink)


def _crate(s: pygame.Surface, r: Rect, ink: P.Colour) -> None:
    b = r.inflate(-r.width // 4, -r.height // 4)
    pygame.draw.rect(s, P.WOOD, b)
    pygame.draw.rect(s, ink, b, _line(r))
    pygame.draw.line(s, ink, b.topleft, b.bottomright, _line(r))
    pygame.draw.line(s, ink, b.topright, b.bottomleft, _line(r))


# --- the characters ----------------------------------------------------------------------------


def character(surface: pygame.Surface, ch: str, rect: Rect, ink: P.Colour = P.INK,
              face: P.Colour = P.TILE_FACE) -> None:
    """A character's pictogram: the Builder a house, the Carter a cart, the Night Watchman a
    crescent moon, the Priest two rings, the Midwife a cradle. ``face`` is what it is drawn
    on (the moon's shadow)."""
    r = _square(rect)
    w = max(r.width // 10, 2)
    if ch == "builder":
        _poly(surface, r, ink, [(0.1, 0.48), (0.5, 0.1), (0.9, 0.48)], ink)
        body = Rect(*_pt(r, 0.2, 0.48), round(r.width * 0.6), round(r.height * 0.42))
        pygame.draw.rect(surface, ink, body, w)
        door = Rect(*_pt(r, 0.42, 0.64), round(r.width * 0.16), round(r.height * 0.26))
        pygame.draw.rect(surface, ink, door)
    elif ch == "carter":
        box = Rect(*_pt(r, 0.08, 0.25), round(r.width * 0.84), round(r.height * 0.38))
        pygame.draw.rect(surface, ink, box, w)
        rad = max(r.width // 7, 3)
        for x in (0.28, 0.72):
            pygame.draw.circle(surface, ink, _pt(r, x, 0.75), rad, w)
    elif ch == "night_watchman":
        c = r.center
        pygame.draw.circle(surface, ink, c, r.width * 2 // 5)
        pygame.draw.circle(surface, face, (c[0] + r.width // 5, c[1] - r.height // 8),
                           r.width * 2 // 5)
    elif ch == "priest":
        rad = max(r.width // 4, 3)
        for dx in (-rad * 2 // 3, rad * 2 // 3):
            pygame.draw.circle(surface, ink, (r.centerx + dx, r.centery), rad, w)
    elif ch == "midwife":
        pygame.draw.arc(surface, ink, Rect(*_pt(r, 0.08, 0.2), round(r.width * 0.84),
                                           round(r.height * 0.7)), math.pi, 2 * math.pi, w + 1)
        pygame.draw.line(surface, ink, _pt(r, 0.08, 0.55), _pt(r, 0.92, 0.55), w)
        pygame.draw.circle(surface, ink, _pt(r, 0.5, 0.32), max(r.width // 8, 2))


# --- the buildings -----------------------------------------------------------------------------


def _market(s: pygame.Surface, r: Rect, ink: P.Colour) -> None:
    """A market stall: a striped awning over a counter (an exchange building)."""
    awning = [(0.08, 0.4), (0.2, 0.12), (0.8, 0.12), (0.92, 0.4)]
    _poly(s, r, P.AWNING, awning, ink)
    for x in (0.35, 0.5, 0.65):
        pygame.draw.line(s, ink, _pt(r, x, 0.12), _pt(r, x + (x - 0.5) * 0.6, 0.4), _line(r))
    for x in (0.14, 0.86):
        pygame.draw.line(s, ink, _pt(r, x, 0.4), _pt(r, x, 0.9), _line(r) + 1)
    counter = Rect(*_pt(r, 0.08, 0.62), round(r.width * 0.84), round(r.height * 0.14))
    pygame.draw.rect(s, P.WOOD, counter)
    pygame.draw.rect(s, ink, counter, _line(r))


def _church(s: pygame.Surface, r: Rect, ink: P.Colour) -> None:
    _poly(s, r, P.WALL, [(0.3, 0.92), (0.3, 0.4), (0.5, 0.2), (0.7, 0.4), (0.7, 0.92)], ink)
    pygame.draw.line(s, ink, _pt(r, 0.5, 0.02), _pt(r, 0.5, 0.2), _line(r) + 1)
    pygame.draw.line(s, ink, _pt(r, 0.42, 0.09), _pt(r, 0.58, 0.09), _line(r) + 1)
    door = Rect(*_pt(r, 0.43, 0.7), round(r.width * 0.14), round(r.height * 0.22))
    pygame.draw.rect(s, ink, door)


def _mill(s: pygame.Surface, r: Rect, ink: P.Colour) -> None:
    _poly(s, r, P.WALL, [(0.32, 0.92), (0.4, 0.45), (0.6, 0.45), (0.68, 0.92)], ink)
    hub = _pt(r, 0.5, 0.42)
    for ang in (0.785, 2.356, 3.927, 5.498):  # four sails
        end = (hub[0] + round(math.cos(ang) * r.width * 0.42),
               hub[1] + round(math.sin(ang) * r.height * 0.38))
        pygame.draw.line(s, ink, hub, end, _line(r) + 2)
    pygame.draw.circle(s, ink, hub, max(r.width // 14, 2))


def _inn(s: pygame.Surface, r: Rect, ink: P.Colour) -> None:
    _poly(s, r, P.ROOF, [(0.06, 0.45), (0.42, 0.15), (0.78, 0.45)], ink)
    house = Rect(*_pt(r, 0.12, 0.45), round(r.width * 0.6), round(r.height * 0.47))
    pygame.draw.rect(s, P.WALL, house)
    pygame.draw.rect(s, ink, house, _line(r))
    pygame.draw.line(s, ink, _pt(r, 0.72, 0.55), _pt(r, 0.95, 0.55), _line(r) + 1)
    sign = Rect(*_pt(r, 0.8, 0.58), round(r.width * 0.16), round(r.height * 0.2))
    pygame.draw.rect(s, P.BEER, sign)
    pygame.draw.rect(s, ink, sign, _line(r))


def _town_hall(s: pygame.Surface, r: Rect, ink: P.Colour) -> None:
    _poly(s, r, P.ROOF, [(0.05, 0.38), (0.5, 0.12), (0.95, 0.38)], ink)
    for x in (0.15, 0.38, 0.62, 0.85):  # columns
        pygame.draw.line(s, ink, _pt(r, x, 0.42), _pt(r, x, 0.82), _line(r) + 2)
    pygame.draw.line(s, ink, _pt(r, 0.05, 0.88), _pt(r, 0.95, 0.88), _line(r) + 2)


def _house(s: pygame.Surface, r: Rect, ink: P.Colour) -> None:
    _poly(s, r, P.ROOF, [(0.1, 0.45), (0.5, 0.12), (0.9, 0.45)], ink)
    body = Rect(*_pt(r, 0.2, 0.45), round(r.width * 0.6), round(r.height * 0.45))
    pygame.draw.rect(s, P.WALL, body)
    pygame.draw.rect(s, ink, body, _line(r))


# --- who plays a seat ----------------------------------------------------------------------------


def person(surface: pygame.Surface, rect: Rect, ink: P.Colour = P.INK) -> None:
    """A person at the table: a head over shoulders."""
    r = _square(rect)
    pygame.draw.circle(surface, ink, _pt(r, 0.5, 0.28), round(r.width * 0.2))
    body = Rect(*_pt(r, 0.14, 0.56), round(r.width * 0.72), round(r.height * 0.6))
    clip = surface.get_clip()
    surface.set_clip(clip.clip(r))  # the shoulders end at the square's foot
    pygame.draw.ellipse(surface, ink, body)
    surface.set_clip(clip)


def companion(surface: pygame.Surface, rect: Rect, ink: P.Colour = P.INK) -> None:
    """The companion playing a seat (a virtual player): the device's screen with a face."""
    r = _square(rect)
    box = Rect(*_pt(r, 0.06, 0.2), round(r.width * 0.88), round(r.height * 0.6))
    pygame.draw.rect(surface, ink, box, border_radius=max(r.width // 10, 2))
    for x in (0.34, 0.66):
        pygame.draw.circle(surface, P.ACCENT_INK, _pt(r, x, 0.42), max(r.width // 12, 2))
    pygame.draw.line(surface, P.ACCENT_INK, _pt(r, 0.34, 0.62), _pt(r, 0.66, 0.62),
                     max(r.width // 14, 2))
    pygame.draw.line(surface, ink, _pt(r, 0.5, 0.8), _pt(r, 0.5, 0.92), _line(r) + 1)
    pygame.draw.line(surface, ink, _pt(r, 0.3, 0.92), _pt(r, 0.7, 0.92), _line(r) + 1)


VP_BUILDINGS = {"church": _church, "mill": _mill, "inn": _inn, "town_hall": _town_hall}


def building(surface: pygame.Surface, catalogue: Catalogue, type_id: str, rect: Rect,
             ink: P.Colour = P.INK) -> None:
    """A building by its kind: a production building by the good it makes, an exchange
    building by a market stall, a VP building by its shape (church, mill, inn, town hall)."""
    b = catalogue.building(type_id)
    r = _square(rect)
    if b.kind == "production" and b.output:
        good(surface, b.output, r, ink)
    elif b.kind == "exchange":
        _market(surface, r, ink)
    else:
        VP_BUILDINGS.get(type_id, _house)(surface, r, ink)


def building_icon(catalogue: Catalogue, type_id: str) -> Callable[[pygame.Surface, Rect], None]:
    """A building's pictogram for a button (``Widget.icon``)."""
    return lambda surface, rect: building(surface, catalogue, type_id, rect)


def good_icon(good_id: str) -> Callable[[pygame.Surface, Rect], None]:
    """A good's pictogram for a button (``Widget.icon``)."""
    return lambda surface, rect: good(surface, good_id, rect)


__all__ = ["GOODS", "VP_BUILDINGS", "building", "building_icon", "character", "companion",
           "good", "good_icon", "person"]
