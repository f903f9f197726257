"""A villager drawn (man, woman, child; awake or asleep) and the figures of a building laid
out so that none lies over another: the shapes the village pictures, the table steps and the
setup's pictures share."""

from __future__ import annotations

import pygame

from ...engine.state import Adult
from ...engine.values import Sex
from ..kit.palette import NEUTRAL as NEUTRAL_COIN_COLOUR
from ..kit.text_reports import too_small
from ..kit.widgets import FIGURE_MIN, INK, LIGHT, PICTURE_TEXT, PLAYER, font, line_height

FIGURE = 52
"""A standing figure's height in the village picture (twice the first version's)."""


def figure(surface: pygame.Surface, colour: str, sex: str, awake: bool,
           pos: tuple[int, int], height: int = FIGURE, child: bool = False) -> None:
    """A villager in the player's colour with a dark outline, told apart at a glance: a man
    with a hat and a round body, a woman in a wide dress, a child short with a big head and
    no hat; standing when awake, lying (head to the left) when asleep. One under
    ``FIGURE_MIN`` (a child as an adult) is reported, as a text too small to read is."""
    too_small("child" if child else "villager", height, FIGURE_MIN)
    w = max(height * 11 // 20, 6) if not child else max(height * 3 // 5, 6)
    up = pygame.Surface((w + 4, height + 2), pygame.SRCALPHA)
    body = PLAYER.get(colour, NEUTRAL_COIN_COLOUR)
    edge = (2 if height >= 24 else 1) + (colour in LIGHT)  # white on beige: by its outline
    cx = up.get_width() // 2
    head_d = (w * 3 // 4) if child else max(height * 3 // 10, 5)
    top = height // 6 if sex == Sex.M and not child else 1
    head = pygame.Rect(0, 0, head_d, head_d)
    head.midtop = (cx, top)
    base = height
    if sex == Sex.F:  # a dress, wide at the hem (a girl's narrower: a child is slim)
        half = w * 2 // 5 if child else w // 2
        pts = [(cx - half // 3, head.bottom - 1), (cx + half // 3, head.bottom - 1),
               (cx + half, base), (cx - half, base)]
        pygame.draw.polygon(up, body, pts)
        pygame.draw.polygon(up, INK, pts, edge)
    else:  # a round body
        torso = pygame.Rect(0, 0, w * 4 // 5, base - head.bottom + 2)
        torso.midtop = (cx, head.bottom - 2)
        pygame.draw.ellipse(up, body, torso)
        pygame.draw.ellipse(up, INK, torso, edge)
    pygame.draw.ellipse(up, body, head)
    pygame.draw.ellipse(up, INK, head, edge)
    if sex == Sex.M and not child:  # the hat: a broad brim and a crown
        t = max(height // 16, 2)
        brim = pygame.Rect(head.left - t * 2, head.top + t // 2, head.width + t * 4, t + 1)
        crown = pygame.Rect(0, 0, head.width * 4 // 5, head.height * 3 // 5)
        crown.midbottom = (head.centerx, brim.top + 1)
        pygame.draw.rect(up, INK, brim.clip(up.get_rect()))
        pygame.draw.rect(up, INK, crown, border_radius=max(t // 2, 1))
    if not awake:
        up = pygame.transform.rotate(up, 90)  # lying, the head to the left
    surface.blit(up, up.get_rect(center=pos))


def child_size(adult: int) -> int:
    return max(adult * 2 // 3, FIGURE_MIN)


_BOXES: dict[tuple[int, str, bool, bool], tuple[pygame.Rect, tuple[int, int]]] = {}


def figure_box(height: int, sex: str = Sex.M, awake: bool = True, child: bool = False
               ) -> pygame.Rect:
    """What :func:`figure` covers when drawn centred on (0, 0): the figure's own outline,
    not its picture's transparent margin."""
    key = (height, sex, awake, child)
    if key not in _BOXES:
        s = pygame.Surface((height * 3, height * 3), pygame.SRCALPHA)
        centre = (height * 3 // 2, height * 3 // 2)
        figure(s, "red", sex, awake, centre, height, child=child)
        drawn = s.get_bounding_rect()
        _BOXES[key] = (drawn.move(-centre[0], -centre[1]), centre)
    return _BOXES[key][0].copy()


def figure_at(rect: pygame.Rect, height: int, sex: str, awake: bool, child: bool
              ) -> tuple[int, int]:
    """Where to centre :func:`figure` so that it covers ``rect`` (of :func:`figure_box`'s
    size)."""
    box = figure_box(height, sex, awake, child)
    return rect.left - box.left, rect.top - box.top


FIGURE_GAP = 2
"""Room between two figures in a cell: none is drawn over another."""


class Place:
    """Where one figure of a building goes: ``rect`` (exactly what :func:`figure` covers),
    who (an adult or a child's colour and sex) and, for children shown as one, how many."""

    def __init__(self, rect: pygame.Rect, colour: str, sex: str, awake: bool, child: bool,
                 height: int, count: int = 1, count_rect: pygame.Rect | None = None) -> None:
        self.rect = rect
        self.colour, self.sex, self.awake, self.child = colour, sex, awake, child
        self.height = height
        self.count = count
        self.count_rect = count_rect


def _put(free: pygame.Rect, taken: list[pygame.Rect], size: tuple[int, int],
         gap: int = FIGURE_GAP) -> pygame.Rect | None:
    """A place for a rectangle of ``size`` in ``free`` over none of ``taken`` (a gap kept):
    as low, then as far left, as it goes (figures stand on the cell's foot; one that finds
    no room there goes above another)."""
    w, h = size
    xs = sorted({free.left} | {t.right + gap for t in taken})
    ys = sorted({free.bottom - h} | {t.top - gap - h for t in taken}, reverse=True)
    for y in ys:
        for x in xs:
            r = pygame.Rect(x, y, w, h)
            if free.contains(r) and not any(r.colliderect(t.inflate(gap * 2, gap * 2))
                                            for t in taken):
                return r
    return None


def figure_places(free: pygame.Rect, adults: list[Adult], children: list[tuple[str, str]],
                  fig: int, taken: list[pygame.Rect] | None = None, gap: int = FIGURE_GAP
                  ) -> list[Place] | None:
    """The figures of a building laid out in ``free`` (its cell, inside the margins) over
    none of ``taken`` (its name, its pictogram) nor over one another: the adults first, then
    the children (as one child with a count if they do not all fit). None if they do not
    fit."""
    if len(adults) > 1:  # in whichever order they fit (the order says nothing)
        for order in (adults, adults[::-1]):
            out = _figure_places(free, order, children, fig, taken, gap)
            if out is not None:
                return out
        return None
    return _figure_places(free, adults, children, fig, taken, gap)


def _figure_places(free: pygame.Rect, adults: list[Adult], children: list[tuple[str, str]],
                   fig: int, taken: list[pygame.Rect] | None, gap: int) -> list[Place] | None:
    kid = child_size(fig)
    count_w = font(PICTURE_TEXT, True).size(f"\u00d7{len(children)}")[0] + 2
    for together in (False, True):
        if together and len(children) < 2:
            break
        used = list(taken or [])
        out: list[Place] = []
        for a in adults:
            r = _put(free, used, figure_box(fig, a.sex, a.awake).size, gap)
            if r is None:
                return None
            used.append(r)
            out.append(Place(r, a.colour, a.sex, a.awake, False, fig))
        ok = True
        if together:  # the count beside the child, else above it
            c, sex = children[0]
            kw, kh = figure_box(kid, sex, child=True).size
            lh = line_height(PICTURE_TEXT)
            both = _put(free, used, (kw + gap + count_w, kh), gap)
            if both is not None:
                one = pygame.Rect(both.left, both.top, kw, kh)
                count = pygame.Rect(one.right + gap, both.bottom - lh, count_w, lh)
            else:
                both = _put(free, used, (max(kw, count_w), kh + lh), gap)
                if both is not None:
                    one = pygame.Rect(0, 0, kw, kh)
                    one.midbottom = both.midbottom
                    count = pygame.Rect(0, 0, count_w, lh)
                    count.midtop = both.midtop
            if both is None:
                ok = False
            else:
                out.append(Place(one, c, sex, True, True, kid, len(children), count))
        else:
            for c, sex in children:
                r = _put(free, used, figure_box(kid, sex, child=True).size, gap)
                if r is None:
                    ok = False
                    break
                used.append(r)
                out.append(Place(r, c, sex, True, True, kid))
        if ok:
            return out
    return None
