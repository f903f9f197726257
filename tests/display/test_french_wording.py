"""French wording (play-test 2026-11-25, finding 18): "Manche" for the round, "Tour" for a
turn; guillemets that never part from their words; "spéciales"; articles."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import re

from babel.messages.pofile import read_po

from companion.display.kit import text_reports
from companion.display.kit import widgets as ui
from tests.display.test_message_strip import app_at

PO = Path(__file__).parent.parent.parent / "companion/display/locale/fr/LC_MESSAGES/helvetia.po"

@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    from companion.display.words import i18n

    i18n.use("en")  # the next tests expect the default language



def _strings() -> list[tuple[str, str]]:
    with PO.open("rb") as f:
        cat = read_po(f)
    out = []
    for m in cat:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strs = m.string if isinstance(m.string, tuple) else (m.string,)
        out += [(ids[0], s) for s in strs]
    return out


def test_the_turn_screen_says_manche_for_the_round(tmp_path: Path) -> None:
    app, d = app_at(tmp_path, 19, "fr")
    d.to_turn_main()
    text_reports.CONTRAST.clear()
    app.draw()
    drawn = [key[1] for key in text_reports.CONTRAST]
    assert "Manche 1" in drawn, drawn
    assert not [ln for ln in drawn if re.search(r"\bTour \d", ln)]
    assert "Fin du tour" in drawn  # the turn stays a "tour"
    app.close()


def test_round_is_manche_and_turn_is_tour_in_every_french_text() -> None:
    for msgid, msgstr in _strings():
        if re.search(r"\bround\b", msgid, re.I) and not re.search(r"\bturn\b", msgid, re.I):
            assert not re.search(r"\btour\b", msgstr, re.I), (msgid, msgstr)


def test_guillemets_never_part_from_their_words_at_any_width() -> None:
    import pygame

    pygame.init()
    ui._fonts.clear()  # an app closed before quits the font module
    quoted = [s for _i, s in _strings() if "«" in s]
    assert quoted
    for s in quoted:
        assert "« " not in s and " »" not in s, s
        for width in range(160, 520, 7):
            for line in ui.wrap(s, ui.BODY, width):
                assert not line.startswith("»") and not line.rstrip().endswith("«"), (s, width)


def test_words_the_play_test_found() -> None:
    texts = [s for _i, s in _strings()]
    assert not [s for s in texts if "spéciaux" in s]
    assert not [s for s in texts if re.search(r"\bsur \{building\}", s)]
    assert not [s for s in texts if re.search(r"(Coucher|Relever|Recoucher) \{sex\}", s)]
