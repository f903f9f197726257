"""Theme, fonts and widgets. Sizes are for the logical 800 x 480 screen: touch targets at
least 48 px, body text at least 20 px."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from .i18n import initial

W, H = 800, 480
MIN_TOUCH = 48

BACKGROUND = (241, 236, 222)
PANEL = (228, 221, 203)
INK = (34, 34, 34)
MUTED = (110, 104, 92)
ACCENT = (64, 104, 64)
ACCENT_INK = (255, 255, 255)
BUTTON = (252, 250, 244)
BUTTON_EDGE = (150, 142, 124)
SELECTED = (206, 226, 196)
DISABLED = (214, 209, 198)
WARNING_BG = (250, 224, 200)
WARNING_INK = (140, 50, 10)
GRID = (200, 192, 172)

PLAYER = {"red": (196, 42, 42), "blue": (38, 92, 196), "yellow": (232, 184, 36),
          "white": (250, 250, 250)}
PLAYER_INK = {"red": (255, 255, 255), "blue": (255, 255, 255), "yellow": (34, 34, 34),
              "white": (34, 34, 34)}

_fonts: dict[int, pygame.font.Font] = {}


def reset_fonts() -> None:
    """Fonts die with ``pygame.quit()``: a new start loads them again."""
    _fonts.clear()


def font(size: int) -> pygame.font.Font:
    """The bundled font (freesansbold), whose pixel height is its size."""
    if size not in _fonts:
        path = os.path.join(os.path.dirname(pygame.__file__), pygame.font.get_default_font())
        _fonts[size] = pygame.font.Font(path, size)
    return _fonts[size]


BODY = 20
SMALL = 20
TITLE = 28
HUGE = 36


def text(surface: pygame.Surface, s: str, pos: tuple[int, int], size: int = BODY,
         colour: tuple[int, int, int] = INK, anchor: str = "topleft",
         width: int | None = None) -> pygame.Rect:
    """Draw text; with ``width``, shrink it with an ellipsis until it fits."""
    f = font(size)
    if width is not None and f.size(s)[0] > width:
        while s and f.size(s + "…")[0] > width:
            s = s[:-1]
        s += "…"
    img = f.render(s, True, colour)
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    return rect


def wrap(s: str, size: int, width: int) -> list[str]:
    words, lines, line = s.split(), [], ""
    for w in words:
        trial = f"{line} {w}".strip()
        if font(size).size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = w
    if line:
        lines.append(line)
    return lines


def paragraph(surface: pygame.Surface, s: str, rect: pygame.Rect, size: int = BODY,
              colour: tuple[int, int, int] = INK) -> int:
    """Wrapped text inside ``rect``; returns the y below it."""
    y = rect.top
    for line in wrap(s, size, rect.width):
        if y + size > rect.bottom:
            break
        text(surface, line, (rect.left, y), size, colour)
        y += font(size).get_linesize()
    return y


def badge(surface: pygame.Surface, colour: str, center: tuple[int, int], radius: int = 14
          ) -> None:
    """A player's colour with its initial: never colour alone."""
    pygame.draw.circle(surface, PLAYER[colour], center, radius)
    pygame.draw.circle(surface, INK, center, radius, 2)
    text(surface, initial(colour), center, max(BODY, radius + 4), PLAYER_INK[colour], "center")


@dataclass
class Widget:
    """Something to tap: ``id`` names it for tests and for the record of taps."""

    id: str
    rect: pygame.Rect
    label: str = ""
    on_tap: Callable[[], None] | None = None
    enabled: bool = True
    selected: bool = False
    colour: str | None = None
    style: str = "button"
    lines: list[str] = field(default_factory=list)

    def draw(self, surface: pygame.Surface) -> None:
        if self.style == "invisible":
            return
        bg = (ACCENT if self.style == "primary" else SELECTED if self.selected else BUTTON)
        if not self.enabled:
            bg = DISABLED
        pygame.draw.rect(surface, bg, self.rect, border_radius=8)
        pygame.draw.rect(surface, BUTTON_EDGE, self.rect, 2, border_radius=8)
        ink = ACCENT_INK if self.style == "primary" and self.enabled else (
            INK if self.enabled else MUTED)
        x = self.rect.left + 10
        if self.colour:
            badge(surface, self.colour, (x + 14, self.rect.centery), 14)
            x += 34
        if self.lines:
            y = self.rect.top + 6
            for i, line in enumerate(self.lines):
                text(surface, line, (x, y), BODY if i == 0 else SMALL,
                     ink if i == 0 else MUTED, width=self.rect.right - x - 8)
                y += font(BODY).get_linesize()
        else:
            text(surface, self.label, (x, self.rect.centery), BODY, ink, "midleft",
                 width=self.rect.right - x - 8)


def button(id: str, rect: tuple[int, int, int, int], label: str,
           on_tap: Callable[[], None] | None, **kw: object) -> Widget:
    r = pygame.Rect(rect)
    r.height = max(r.height, MIN_TOUCH)
    return Widget(id, r, label, on_tap, **kw)  # type: ignore[arg-type]
