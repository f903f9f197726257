"""French sets ";", "?" and "!" like ":": a thin space that never breaks, before the mark
(in a catalogue's text and in a text joined on the screen alike); other languages untouched."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from companion.display.kit import text_reports, widgets
from companion.display.words import i18n

THIN = "\u202f"


@pytest.fixture
def french() -> Iterator[None]:
    i18n.use("fr")
    try:
        yield
    finally:
        i18n.use("en")


@pytest.mark.parametrize(("text", "want"), [
    ("Architecte; Mine", f"Architecte{THIN}; Mine"),            # joined on the screen
    ("Abandonner cette partie ?", f"Abandonner cette partie{THIN}?"),  # a plain space
    ("Qui\u00a0?", f"Qui{THIN}?"),                                # a wide no-break space
    ("Encore !", f"Encore{THIN}!"),
    ("(coin en bas) ; Mine", f"(coin en bas){THIN}; Mine"),
    (f"Déjà{THIN}?", f"Déjà{THIN}?"),                             # already right: unchanged
    ("« ..? » : aucune voix", f"« ..? »{THIN}: aucune voix"),   # no word before "?"
    ("a;b", "a;b"),                                               # not a sentence's mark
    ("Qui ?:", f"Qui{THIN}?"),                                    # never a colon after "?"
])
def test_french_marks(french: None, text: str, want: str) -> None:
    assert i18n.punctuate(text) == want


def test_other_languages_untouched() -> None:
    i18n.use("de")
    try:
        assert i18n.punctuate("Wirklich ?") == "Wirklich ?"
        assert i18n.punctuate("Holz; Lehm") == "Holz; Lehm"
    finally:
        i18n.use("en")


def test_a_thin_space_is_drawn_and_never_ends_a_line(french: None) -> None:
    """Inter draws U+202F (narrower than a space), and the wrap never leaves the mark alone
    at the start of a line."""
    pygame.font.init()
    widgets.reset_fonts()  # a font from an earlier test's closed app is no use
    surface = pygame.Surface((140, 200))
    s = "Voulez-vous vraiment abandonner cette partie ?"
    widgets.draw_text(surface, s, pygame.Rect(0, 0, 140, 200))
    drawn, _ = text_reports.DRAWN[-1]
    assert drawn.endswith(f"partie{THIN}?")
    lines = widgets.fit(drawn, 140, 200, widgets.BODY).lines
    assert not any(line.lstrip().startswith("?") for line in lines)
    font = widgets.font(widgets.BODY)
    assert 0 < font.size(THIN)[0] < font.size(" ")[0]
