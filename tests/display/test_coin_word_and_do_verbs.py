"""French names the coin one way throughout (jeton, never pièce), and "Do it" for a build
reads as a verb in every language: its words, two lines where the button has them, keep the
verb for every building (issue 32: a Spanish build showed the building alone)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from babel.messages.pofile import read_po

from companion.display.kit import widgets as ui
from companion.display.kit.widgets import BODY, fit, font, line_step
from companion.display.words import i18n
from companion.display.words.catalogues import po_path
from companion.display.words.i18n import _, building, punctuate
from companion.engine import load_catalogue

DO_WIDTH = 248
"""The words' width on "Do it" (its button, less its margins)."""
VERB = {"en": "Build", "de": "Bauen", "fr": "Construire", "it": "Costruire", "es": "Construir"}


def test_french_says_jeton_for_every_coin() -> None:
    with po_path("fr").open("rb") as f:
        catalogue = read_po(f)
    for m in catalogue:
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        said = " ".join(m.string if isinstance(m.string, tuple) else (m.string,))
        if any("coin" in (i or "").lower() for i in ids) and said:
            assert "pièce" not in said.lower(), (ids[0], said)
            assert "jeton" in said.lower() or "{" in said, (ids[0], said)


@pytest.mark.parametrize("language", list(VERB))
def test_a_builds_do_it_keeps_its_verb_for_every_building(language: str) -> None:
    pygame.init()
    ui.reset_fonts()  # an app closed by an earlier test quit pygame's fonts
    catalogue = load_catalogue()
    try:
        i18n.use(language)
        for t in catalogue.buildings:
            words = punctuate(_("Build: {building}").format(building=building(catalogue, t)))
            assert words.startswith(VERB[language]), words
            one = font(BODY).size(words)[0] <= DO_WIDTH
            assert one or fit(words, DO_WIDTH, 2 * line_step(BODY), split=False).fits, words
    finally:
        i18n.use("en")
