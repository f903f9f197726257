"""The typeface, widgets and the one way text reaches the screen (colours: :mod:`palette`).

Sizes are for the logical 800 x 480 screen: touch targets at least 48 px, body text at least
24 px (readable from a metre on a 7-inch panel), labels on pictures at least 20 px, titles
larger and bold; all in Inter.

Every text goes through :func:`draw_text` (a coin's initial through :func:`mark`), which knows
its box: it wraps, shrinks down to ``MIN_TEXT`` at most, and reports what still does not fit
and what is drawn too small to read at a metre, and notes every text colour against the
background it lands on (``text_reports``: what a test checks on every screen).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, TypeVar

import pygame

from ..words import i18n
from ..words.hyphenate import break_at, prepare, with_hyphen
from ..words.i18n import elide, has_name, initial, punctuate

# The one palette: the screens import its names from here too.
from .palette import (  # noqa: F401
    ACCENT,
    ACCENT_INK,
    BACKGROUND,
    BUTTON,
    BUTTON_EDGE,
    DISABLED,
    GRID,
    HIGHLIGHT,
    INK,
    LIGHT,
    MUTED,
    PANEL,
    PLAYER,
    PLAYER_INK,
    SELECTED,
    WARNING_BG,
    WARNING_INK,
    Colour,
)
from .picture_cache import PICTURES
from .text_reports import (
    DRAWN,
    SIZES,
    TOO_SMALL,
    background_under,
    note,
    note_contrast,
    report,
)

T = TypeVar("T")
W, H = 800, 480
LED_BAND_TOP = H - 8
"""Texts end above this line: below it lies the LED strip drawn along the bottom edge (6 px,
``app.hardware``) and a gap before it."""
MIN_TOUCH = 48

FONTS = os.path.join(os.path.dirname(__file__), "fonts")
REGULAR = os.path.join(FONTS, "Inter-Regular.otf")
BOLD_FACE = os.path.join(FONTS, "Inter-Bold.otf")
"""Inter, a typeface made for screens (SIL Open Font License, ``fonts/OFL.txt``), shipped in
the wheel: even letter spacing at every size, and every accent of the five languages."""

_fonts: dict[tuple[int, bool], pygame.font.Font] = {}


def reset_fonts() -> None:
    """Fonts die with ``pygame.quit()``: a new start loads them again (and the lines and
    pictures drawn with them are drawn again)."""
    _fonts.clear()
    _rendered.cache_clear()
    PICTURES.clear()


@lru_cache(maxsize=768)
def _rendered(line: str, size: int, bold: bool, colour: Colour) -> pygame.Surface:
    """A line of text as an image, drawn once: most frames draw the same words again (the
    images are only ever blitted)."""
    return font(size, bold).render(line, True, colour)


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """Inter at ``size`` pixels to the em (its capitals are about 0.73 of that), regular or
    bold."""
    if (size, bold) not in _fonts:
        _fonts[(size, bold)] = pygame.font.Font(BOLD_FACE if bold else REGULAR, size)
    return _fonts[(size, bold)]


@lru_cache(maxsize=1024)
def line_height(size: int) -> int:
    """The height of one line of text at ``size``: from a little above the capitals (room
    for most of an accent) to the bottom of the descenders; the line's box. Inter's own
    ascent leaves room for the highest accent on a capital, a quarter more than a screen's
    line needs: what rises above the box is drawn just above it."""
    return round(size * 0.84) - font(size).get_descent()


@lru_cache(maxsize=1024)
def line_step(size: int) -> int:
    """From one line's top to the next one's."""
    return max(line_height(size) + 1, round(size * 1.1))


@lru_cache(maxsize=1024)
def _lift(size: int) -> int:
    """How far above its box a line's image starts (what Inter's ascent has above the
    box's top)."""
    return max(font(size).get_ascent() - round(size * 0.84), 0)


MIN_TEXT = 24
"""No body text is drawn smaller: the fitting shrinks down to this and no further."""
PICTURE_TEXT = 20
"""A label on a picture (a building's name in its cell, an initial on a coin) may be this
small, no smaller; it never breaks a word."""
FIGURE_MIN = 28
"""A villager on a village picture is at least this tall (a lying one this long)."""
BODY = 24
SMALL = 24
TITLE = 32
HUGE = 40


# --- fitting -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Fitted:
    lines: tuple[str, ...]
    size: int
    fits: bool


def _longest(n: int, fits: Callable[[int], bool]) -> int:
    """The largest k in 0..n with fits(k), fits being monotone: a binary search."""
    lo, hi = 0, n
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fits(mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


def _wrap(s: str, size: int, width: int, max_lines: int, split: bool = True,
          bold: bool = False) -> tuple[list[str], bool]:
    """Greedy wrapping, each line found by a binary search on the words (and, with ``split``,
    on the characters of a word longer than a line; without, such a word does not fit). Stops
    past ``max_lines``: the flag says whether all of ``s`` was placed."""
    f = font(size, bold)
    most = _most_chars(size, width)
    lines: list[str] = []
    for para in s.split("\n"):
        words = para.split(" ")
        while words:
            if len(lines) >= max_lines:
                return lines, False
            def fits(k: int, ws: list[str] = words) -> bool:
                return f.size(" ".join(ws[:k]))[0] <= width

            k = _longest(min(len(words), most), fits)
            if k == 0 and not split:
                return lines, False
            if k == 0:  # one word wider than the line: break it, with a hyphen
                w = words[0]
                def fits_broken(c: int, w: str = w) -> bool:
                    return f.size(w[:c] + "-")[0] <= width

                c = max(1, _longest(min(len(w), most), fits_broken))
                c = break_at(w, c)
                lines.append(with_hyphen(w[:c], w[c:]))
                words[0] = w[c:]
                if not words[0]:
                    words.pop(0)
                continue
            lines.append(" ".join(words[:k]).strip())
            words = words[k:]
    return lines, True


def _most_chars(size: int, width: int) -> int:
    """More characters than any line of ``width`` can hold (none is narrower than a fifth of
    the size): the binary searches never measure longer strings."""
    return width * 5 // max(size, 1) + 2


def _lines_fit(n: int, size: int, height: int) -> bool:
    return n <= _room(size, height)


@lru_cache(maxsize=1024)
def _room(size: int, height: int) -> int:
    """How many lines at ``size`` a box of ``height`` holds (one at least)."""
    return max(1, (height - line_height(size)) // line_step(size) + 1)


def fit(s: str, width: int, height: int, size: int = BODY, min_size: int = MIN_TEXT,
        wrap: bool = True, split: bool = True, bold: bool = False) -> Fitted:
    """The lines and size of ``s`` in a box: the largest size from ``size`` down to
    ``min_size`` at which it fits (a binary search on the size), else cut with an ellipsis at
    ``min_size`` (a binary search on the cut) and ``fits`` False. Without ``split`` no word is
    ever broken (a name, a label on a picture); a word is broken where the screen's language
    breaks it (``hyphenate``)."""
    prepare(i18n.language)  # the language's hyphenation patterns, loaded beside the screens
    return _fit(s, width, height, size, min_size, wrap, split, bold, i18n.language)


def forget_fits() -> None:
    """Forget every text fitted so far (fonts changed)."""
    _fit.cache_clear()


@lru_cache(maxsize=8192)
def _fit(s: str, width: int, height: int, size: int, min_size: int, wrap: bool, split: bool,
         bold: bool, language: str) -> Fitted:
    width = max(width, 1)
    min_size = min(min_size, size)

    def attempt(sz: int, split: bool = True) -> tuple[list[str], bool]:
        room = _room(sz, height)
        if height < line_height(sz):
            return [], False
        if not wrap:
            room = 1
        lines, done = _wrap(s, sz, width, room, split, bold)
        return lines, done and _lines_fit(len(lines), sz, height)

    sizes = list(range(size, min_size - 1, -1))
    # Whole words first (shrinking rather than breaking a word), then words broken too.
    for may_split in (False, True) if split else (False,):
        def too_big(k: int, sp: bool = may_split) -> bool:
            return k == 0 or not attempt(sizes[k - 1], sp)[1]

        k = _longest(len(sizes), too_big)
        # sizes[:k] do not fit (fitting is monotone in the size); sizes[k] is the first that
        # does.
        if k < len(sizes):
            lines, _ok = attempt(sizes[k], may_split)
            return Fitted(tuple(lines), sizes[k], True)
    lines, _ok = attempt(min_size, split)
    f = font(min_size, bold)
    if not lines:
        lines = [""]
    # The last line takes what is left, cut to fit with an ellipsis.
    placed = " ".join(lines[:-1])
    rest = s.replace("\n", " ")[len(placed):].strip() if placed else s.replace("\n", " ")
    c = _longest(min(len(rest), _most_chars(min_size, width)),
                 lambda c: f.size(rest[:c] + "…")[0] <= width)
    lines[-1] = rest[:c].rstrip() + "…"
    return Fitted(tuple(lines), min_size, False)


def draw_text(surface: pygame.Surface, s: str, rect: pygame.Rect | tuple[int, int, int, int],
              size: int = BODY, colour: Colour = INK, *, min_size: int = MIN_TEXT,
              wrap: bool = True, align: str = "left", valign: str = "top",
              bg: Colour | None = None, picture: bool = False, split: bool = True,
              bold: bool | None = None) -> pygame.Rect:
    """Draw ``s`` inside ``rect``: wrapped, shrunk if need be, reported if it still does not
    fit or is smaller than readable at a metre (body text :data:`MIN_TEXT`; with ``picture``,
    a label on a picture, :data:`PICTURE_TEXT`, never a word broken). ``split=False`` never
    breaks a word either (names). Titles (``size`` from :data:`TITLE` up) are bold unless
    ``bold`` says otherwise. Returns the rectangle the text covers."""
    rect = pygame.Rect(rect)
    s = punctuate(elide(s))  # French "d'Anna" wherever a name follows "de" (UI-LANG); "Qui :"
    bold = size >= TITLE if bold is None else bold
    split = split and not picture and not has_name(s)  # a name is never hyphenated
    fitted = fit(s, rect.width, rect.height, size, min_size, wrap, split, bold)
    if not fitted.fits:
        report(s, rect.size, fitted.size)
    elif fitted.size < (PICTURE_TEXT if picture else MIN_TEXT):
        report(s, rect.size, fitted.size, TOO_SMALL)
    SIZES[fitted.size] = SIZES.get(fitted.size, 0) + len(fitted.lines)
    note(("sizes", fitted.size, len(fitted.lines)))
    step = line_step(fitted.size)
    total = (len(fitted.lines) - 1) * step + line_height(fitted.size)
    y = {"top": rect.top, "middle": rect.centery - total // 2, "bottom": rect.bottom - total}[
        valign]
    covered = pygame.Rect(rect.left, y, 0, 0)
    lift = _lift(fitted.size)
    for line in fitted.lines:
        img = _rendered(line, fitted.size, bold, tuple(colour))
        r = img.get_rect(top=y - lift)
        if align == "center":
            r.centerx = rect.centerx
        elif align == "right":
            r.right = rect.right
        else:
            r.left = rect.left
        if line.strip():
            under = bg or background_under(surface, r)
            note_contrast(line, colour, under)
        surface.blit(img, r)
        covered = covered.union(r) if covered.width else r
        y += step
    if s.strip():
        DRAWN.append((s, covered))
    return covered


def text_height(s: str, width: int, size: int = BODY) -> int:
    """The height ``s`` takes wrapped at ``width`` (at ``size``, or smaller if a word is
    wider than the line)."""
    f = fit(s, width, 10_000, size)
    return (len(f.lines) - 1) * line_step(f.size) + line_height(f.size) + 2


def drawn_height(s: str, width: int, size: int = BODY) -> int:
    """The height ``draw_text`` takes for ``s`` wrapped at ``width``, as it draws it (French
    spaces, elisions, a name never hyphenated): what a row of words needs, no more."""
    s = punctuate(elide(s))
    f = fit(s, width, 10_000, size, split=not has_name(s))
    return (len(f.lines) - 1) * line_step(f.size) + line_height(f.size) + 2


def text(surface: pygame.Surface, s: str, pos: tuple[int, int], size: int = BODY,
         colour: Colour = INK, anchor: str = "topleft",
         width: int | None = None) -> pygame.Rect:
    """One line of text at ``pos``; its box runs ``width`` wide (or to the screen's edge) in
    the anchor's direction. It shrinks to fit, and is reported if it cannot."""
    size = max(size, MIN_TEXT)  # body text: never below the minimum
    x, y = pos
    sw = surface.get_width()
    horizontal = "left" if anchor.endswith("left") else "right" if anchor.endswith(
        "right") else "center"
    if width is None:
        width = {"left": sw - x, "right": x, "center": 2 * min(x, sw - x)}[horizontal]
    left = {"left": x, "right": x - width, "center": x - width // 2}[horizontal]
    line = line_step(size)
    top = y if anchor.startswith("top") else y - line if anchor.startswith("bottom") else (
        y - line // 2)
    return draw_text(surface, s, pygame.Rect(left, top, width, line), size, colour,
                     wrap=False, align=horizontal, valign="middle")


def wrap(s: str, size: int, width: int) -> list[str]:
    return _wrap(s, size, width, 10_000)[0]


def paragraph(surface: pygame.Surface, s: str, rect: pygame.Rect, size: int = BODY,
              colour: Colour = INK) -> int:
    """Wrapped text inside ``rect``; returns the y below it."""
    return draw_text(surface, s, rect, max(size, MIN_TEXT), colour).bottom


def badge(surface: pygame.Surface, colour: str, center: tuple[int, int], radius: int = 16
          ) -> None:
    """A player's colour with its initial: never colour alone; a dark ring on every colour."""
    pygame.draw.circle(surface, PLAYER[colour], center, radius)
    pygame.draw.circle(surface, INK, center, radius, 2)
    r = pygame.Rect(0, 0, radius * 2 - 2, radius * 2 - 2)
    r.center = center
    two = len(initial(colour)) > 1 and radius < 18  # "Bc": at the smallest mark, inside
    mark(surface, initial(colour), r, PLAYER_INK[colour], PLAYER[colour],
         PICTURE_TEXT if two else max(MIN_TEXT if radius >= 14 else PICTURE_TEXT, radius + 4))


def coin(surface: pygame.Surface, colour: str, center: tuple[int, int], radius: int = 13
         ) -> None:
    """A coin in a player's colour, with its initial (never a colour-only dot)."""
    pygame.draw.circle(surface, PLAYER[colour], center, radius)
    pygame.draw.circle(surface, INK, center, radius, 3 if colour in LIGHT else 2)
    if len(initial(colour)) == 1:  # the coin's rim; a two-letter mark needs its room
        pygame.draw.circle(surface, INK, center, radius - 4, 1)
    r = pygame.Rect(0, 0, radius * 2, radius * 2)  # a mark of two letters runs edge to edge
    r.center = center
    mark(surface, initial(colour), r, PLAYER_INK[colour], PLAYER[colour])


def mark(surface: pygame.Surface, s: str, rect: pygame.Rect, colour: Colour, bg: Colour,
         size: int = PICTURE_TEXT) -> None:
    """A short mark on a piece (a colour's initial on a coin, a badge, a cube), centred, bold,
    at ``size`` or down to :data:`PICTURE_TEXT` (never smaller: reported as too small if the
    piece is lower than a line); a mark wider than the piece (Spanish "Am") is drawn
    condensed, down to two thirds of its width, before it is drawn smaller."""
    size = max(min(size, _largest(rect.height)), PICTURE_TEXT)
    while size > PICTURE_TEXT and font(size, True).size(s)[0] * 2 // 3 > rect.width:
        size -= 1
    f = font(size, True)
    img = f.render(s, True, colour)
    w = img.get_width()
    if w > rect.width:
        img = pygame.transform.smoothscale(img, (max(rect.width, w * 2 // 3), img.get_height()))
    if img.get_width() > rect.width or rect.height < line_height(size):
        report(s, rect.size, size)
    SIZES[size] = SIZES.get(size, 0) + 1
    r = img.get_rect(centerx=rect.centerx, top=rect.centery - line_height(size) // 2
                     - _lift(size) + 1)
    note_contrast(s, colour, bg, noted=False)
    surface.blit(img, r)


def _largest(height: int) -> int:
    """The largest size whose line fits ``height``."""
    return _longest(200, lambda sz: sz == 0 or line_height(sz) <= height)


def player_frame(surface: pygame.Surface, colour: str, rect: pygame.Rect, width: int = 4
                 ) -> None:
    """The active player's frame: the colour, with a dark outline where it is light."""
    pygame.draw.rect(surface, PLAYER[colour], rect, width, border_radius=8)
    if colour in LIGHT:
        pygame.draw.rect(surface, INK, rect, 1, border_radius=8)
        pygame.draw.rect(surface, INK, rect.inflate(-2 * width, -2 * width), 1, border_radius=6)


# --- widgets -----------------------------------------------------------------------------------


@dataclass
class Widget:
    """Something to tap: ``id`` names it for tests and for the record of taps. A disabled one
    with ``why_not`` still answers a tap: with its reason (``on_refused``)."""

    id: str
    rect: pygame.Rect
    label: str = ""
    on_tap: Callable[[], object] | None = None
    enabled: bool = True
    selected: bool = False
    colour: str | None = None
    style: str = "button"
    lines: list[str] = field(default_factory=list)
    why_not: str | None = None
    """Why it is greyed out: said when it is tapped."""
    value: Any = None
    """What the widget stands for (an option, a choice's value), for drivers and tests."""
    paint: Callable[[pygame.Surface, pygame.Rect], None] | None = None
    """Draws a picture inside the widget (coins, tiles), after its words."""
    icon: Callable[[pygame.Surface, pygame.Rect], None] | None = None
    """Draws a pictogram at the left, before the words (as the colour's badge)."""

    def draw(self, surface: pygame.Surface) -> None:
        if self.style == "invisible":
            return
        if self.style == "caption":  # words over a row of choices, not a button
            draw_text(surface, self.label, self.rect, BODY, MUTED, valign="bottom")
            return
        bg = (ACCENT if self.style == "primary" else SELECTED if self.selected else BUTTON)
        if not self.enabled:
            bg = DISABLED
        pygame.draw.rect(surface, bg, self.rect, border_radius=8)
        pygame.draw.rect(surface, INK if self.selected else BUTTON_EDGE, self.rect,
                         3 if self.selected else 2, border_radius=8)
        ink = ACCENT_INK if self.style == "primary" and self.enabled else (
            INK if self.enabled else MUTED)
        x = self.rect.left + 8
        if self.colour:
            badge(surface, self.colour, (x + 16, self.rect.centery), 16)
            x += 38
        if self.icon is not None and self._stacked():  # a narrow button: as on a tile
            self.icon(surface, pygame.Rect(self.rect.centerx - 12, self.rect.top + 4, 24, 24))
            draw_text(surface, self.label, pygame.Rect(self.rect.left + 4, self.rect.top + 28,
                                                       self.rect.width - 8,
                                                       self.rect.height - 30),
                      BODY, ink, align="center", valign="middle", bg=bg)
            if self.paint is not None:
                self.paint(surface, self.rect)
            return
        side = 34 if self.rect.width >= 200 else 26  # smaller on a narrow button
        if self.icon is not None and (self.lines or fit(
                punctuate(elide(self.label)), self.rect.right - x - side - 12,
                self.rect.height - 4, split=False).fits):  # else it gives way to the words
            self.icon(surface, pygame.Rect(x, self.rect.centery - side // 2, side, side))
            x += side + 6
        inner = pygame.Rect(x, self.rect.top + 2, self.rect.right - x - 6, self.rect.height - 4)
        if self.lines:
            lines = [ln for ln in self.lines if ln]
            need = [drawn_height(ln, inner.width) for ln in lines]  # as drawn: names whole
            if sum(need) <= inner.height:  # each line its own height, the block centred
                spare = (inner.height - sum(need)) // (len(lines) + 1)
                heights = [h + spare for h in need]
            else:
                heights = [inner.height // max(len(lines), 1)] * len(lines)
            y = inner.top + (inner.height - sum(heights)) // 2
            for i, (line, h) in enumerate(zip(lines, heights, strict=True)):
                draw_text(surface, line, pygame.Rect(inner.left, y, inner.width, h),
                          BODY, ink if i == 0 or self.style == "primary" else MUTED,
                          valign="middle", bg=bg)
                y += h
        else:
            draw_text(surface, self.label, inner, BODY, ink, valign="middle", bg=bg)
        if self.paint is not None:
            self.paint(surface, self.rect)


    def _stacked(self) -> bool:
        """Whether the pictogram stands above the words: on a narrow, tall button whose words
        fit one line below it (else the words take the whole button)."""
        return (self.rect.width < 160 and self.rect.height >= 56 and not self.lines
                and not self.colour and fit(punctuate(elide(self.label)), self.rect.width - 8,
                                            self.rect.height - 30, wrap=False,
                                            split=False).fits)


def button(id: str, rect: tuple[int, int, int, int], label: str,
           on_tap: Callable[[], object] | None, **kw: object) -> Widget:
    r = pygame.Rect(rect)
    r.height = max(r.height, MIN_TOUCH)
    return Widget(id, r, label, on_tap, **kw)  # type: ignore[arg-type]
