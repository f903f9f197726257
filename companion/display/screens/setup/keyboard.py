"""An on-screen keyboard for a player's name: letters with umlauts, accents and ß, the players
known on this device one tap away, at most 16 characters."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from ...contract import AppView
from ...kit.widgets import INK, MUTED, PANEL, W, Widget, badge, button, draw_text
from ...words import i18n
from ...words.i18n import _, colour_name
from ..parts import TOP, Screen

MAX_NAME = 16
"""The longest name (the record's limit)."""

ROWS = {
    "de": ["qwertzuiopü", "asdfghjklöä", "yxcvbnmß-'."],
    "fr": ["azertyuiop-", "qsdfghjklmç", "wxcvbnéèêà'"],
    "it": ["qwertyuiop-", "asdfghjklòà", "zxcvbnmèéù'"],
    "es": ["qwertyuiop-", "asdfghjklñ'", "zxcvbnmáéíó"],
    "en": ["qwertyuiop-", "asdfghjkl'.", "zxcvbnm"],
}
"""Each language's letters, its own first; ``EXTRA`` has the rest of the accents."""
EXTRA = "äöüßéèêëàâáãçñóòôõíìîïúùûüÿœæøå"

KEY = 64  # a key's pitch: 12 keys a row on the 800-pixel screen


def header(s: pygame.Surface, title: str, right: int = W) -> None:
    """The top bar of the new-game screens: a title over the width left of ``right``."""
    pygame.draw.rect(s, PANEL, (0, 0, W, TOP - 4))
    draw_text(s, title, pygame.Rect(12, 2, right - 20, TOP - 8), 32, INK, valign="middle")


def _upper(ch: str) -> str:
    """The capital of a letter; ß has none of its own ("SS" would be two)."""
    up = ch.upper()
    return up if len(up) == 1 else ch


class NameKeyboard(Screen):
    """Type the name of the player at seat ``seat``; ``done`` gets it (None: no name, the
    colour stands for the player), ``cancel`` leaves it as it was."""

    def __init__(self, seat: str, name: str | None, known: list[str],
                 done: Callable[[str | None], None], cancel: Callable[[], None],
                 taken: dict[str, str] | None = None) -> None:
        self.seat = seat
        self.text = name or ""
        self.known = known
        self.taken = taken or {}
        """Names of the other seats: name -> colour (a name plays at one seat only)."""
        self.done = done
        self.cancel = cancel
        self.shift = not self.text
        self.accents = False
        self.page = 0

    # --- editing --------------------------------------------------------------------------

    def type(self, ch: str) -> None:
        if len(self.text) >= MAX_NAME:
            return
        self.text += _upper(ch) if self.shift else ch
        self.shift = ch in " -"  # a new word starts with a capital

    def back(self) -> None:
        self.text = self.text[:-1]
        self.shift = not self.text or self.text[-1] in " -"

    def clear(self) -> None:
        """An empty field: the next letter is a name's first, a capital."""
        self.text = ""
        self.shift = True

    def take(self, known: str) -> None:
        self.text = known[:MAX_NAME]
        self.shift = False

    def finish(self) -> None:
        self.done(self.text.strip() or None)

    # --- the screen -------------------------------------------------------------------------

    def keys(self) -> list[str]:
        rows = ROWS.get(i18n.language, ROWS["en"])
        if self.accents:
            own = set("".join(rows))
            extra = [c for c in EXTRA if c not in own]
            return ["".join(extra[i:i + 11]) for i in range(0, len(extra), 11)] or [""]
        return rows

    def layout(self, app: AppView) -> list[Widget]:
        out: list[Widget] = []
        y0 = 184
        for r, row in enumerate(self.keys()):
            x0 = (W - 12 * KEY) // 2 + (r * KEY // 3)
            for i, ch in enumerate(row):
                label = _upper(ch) if self.shift else ch
                out.append(button(f"key:{ch}", (x0 + i * KEY, y0 + r * 58, KEY - 4, 54), label,
                                  partial(self.type, ch)))
        y = y0 + 3 * 58
        x = (W - 12 * KEY) // 2
        specials: list[tuple[str, int, str, Callable[[], object], bool, bool]] = [
               ("key:shift", 96, "Aa", lambda: setattr(self, "shift", not self.shift), self.shift,
                True),
               ("key:accents", 96, _("abc") if self.accents else "äéß",
                lambda: setattr(self, "accents", not self.accents), self.accents, True),
               ("key:space", 236, _("space"), lambda: self.type(" "), False, True),
               ("key:back", 124, "«", self.back, False, bool(self.text)),
               ("key:clear", 216, _("Clear"), self.clear, False, bool(self.text))]
        for id_, w, label, fn, selected, enabled in specials:
            out.append(button(id_, (x, y, w - 4, 54), label, fn, selected=selected,
                              enabled=enabled))
            x += w
        # The names known on this device, a tap each.
        per_page = 4
        shown = [n for n in self.known if n != self.text]
        pages = max(1, -(-len(shown) // per_page))
        self.page %= pages
        for i, known in enumerate(shown[self.page * per_page:(self.page + 1) * per_page]):
            out.append(button(f"known:{known}", (8 + i * 170, 122, 164, 52), known,
                              partial(self.take, known)))
        if pages > 1:
            out.append(button("known:more", (8 + 4 * 170, 122, 100, 52), _("More"),
                              lambda: setattr(self, "page", self.page + 1)))
        out.append(button("name:cancel", (W - 316, 4, 164, 48), _("Cancel"), self.cancel))
        other = self.taken.get(self.text.strip())
        out.append(button("name:ok", (W - 148, 4, 140, 48), _("OK"), self.finish,
                          style="primary", enabled=other is None,
                          why_not=None if other is None else
                          _("{name} already plays at the {colour} seat.").format(
                              name=self.text.strip(), colour=colour_name(other))))
        return out

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        header(s, _("Name for the {colour} seat").format(colour=colour_name(self.seat)),
               right=W - 320)
        field = pygame.Rect(8, 62, W - 16, 54)
        pygame.draw.rect(s, PANEL, field, border_radius=8)
        pygame.draw.rect(s, INK, field, 2, border_radius=8)
        badge(s, self.seat, (field.left + 28, field.centery), 18)
        shown = self.text or _("(no name: {colour})").format(colour=colour_name(self.seat))
        draw_text(s, shown + ("|" if self.text else ""),
                  pygame.Rect(field.left + 56, field.top + 4, field.width - 170,
                              field.height - 8), 32, INK if self.text else MUTED,
                  valign="middle")
        draw_text(s, f"{len(self.text)}/{MAX_NAME}",
                  pygame.Rect(field.right - 110, field.top + 4, 100, field.height - 8),
                  24, MUTED, align="right", valign="middle")
        if not self.known:
            draw_text(s, _("Known players appear here."), pygame.Rect(8, 122, W - 16, 52),
                      24, MUTED, valign="middle")


def taps_for(name: str, lang: str, start: str = "") -> list[str]:
    """The keys to tap (widget ids) to turn the text ``start`` into ``name`` on the keyboard of
    language ``lang``: for tests and drivers that enter names as a person would. Raises
    ``ValueError`` for a character the keyboard does not have."""
    board = NameKeyboard("red", start, [], lambda _: None, lambda: None)
    taps = ["key:clear"] if start else []
    board.text, board.shift = "", True
    for ch in name[:MAX_NAME]:
        low = ch.lower()
        accents = low not in "".join(ROWS.get(lang, ROWS["en"])) and low != " "
        if low != " " and accents and low not in EXTRA:
            raise ValueError(f"no key for {ch!r}")
        if low != " " and accents != board.accents:
            taps.append("key:accents")
            board.accents = accents
        if ch != " " and ch.isupper() != board.shift and ch.lower() != ch.upper():
            taps.append("key:shift")
            board.shift = not board.shift
        taps.append("key:space" if ch == " " else f"key:{low}")
        board.type(low)
    return taps
