"""One hyphenator for the running text and the picture labels: each language's own breaks
(pyphen's patterns): German never inside "ck", "ch", "sch", never after a head without a
vowel; French, Italian, Spanish and English by their rules."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from companion.display.kit import widgets as ui
from companion.display.words.hyphenate import break_at, in_two, starts_syllable, with_hyphen


def breaks(word: str, language: str = "de") -> list[str]:
    return [f"{word[:i]}-{word[i:]}" for i in range(len(word))
            if starts_syllable(word, i, language)]


def test_syllables() -> None:
    assert "Brunnen-meister" in breaks("Brunnenmeister")
    assert "Gemeinde-haus" in breaks("Gemeindehaus")
    assert breaks("Kuhglocke")[-1] == "Kuhglo-cke"  # "ck" stays together
    assert not any(b.startswith("Kuhgloc-") for b in breaks("Kuhglocke"))
    assert breaks("Schmiede") == ["Schmie-de"]  # not "Sch-miede"
    assert "Fromage-rie" in breaks("Fromagerie", "fr")
    assert breaks("cantonnier", "fr") == ["can-tonnier", "canton-nier"]
    assert "canto-niere" in breaks("cantoniere", "it")
    assert "ciuda-dano" in breaks("ciudadano", "es")
    assert "place-ments" in breaks("placements", "en")
    assert breaks("Schrank") == []  # one syllable


def test_a_hyphen_only_between_letters() -> None:
    assert with_hyphen("Brunnen", "meister") == "Brunnen-"
    assert with_hyphen("Weiß-", "Müller") == "Weiß-"
    assert with_hyphen("12", "34") == "12"


def test_break_at_a_syllable_not_too_far_back() -> None:
    assert break_at("Brunnenmeister", 8, "de") == 7  # "Brunnen-meister"
    assert break_at("xxxxxxxxxx", 6) == 6  # no syllable: where the room ends
    assert break_at("Gemeindehaus", 0) == 1  # a line always takes something


def test_in_two_near_the_middle_where_both_fit() -> None:
    fits = lambda s: len(s) <= 8  # noqa: E731
    assert in_two("Brunnenmeister", fits, "de") == ["Brunnen-", "meister"]
    for language in ("de", "en", "fr", "it", "es"):  # its own hyphen first, in any language
        assert in_two("Weiß-Müller", fits, language) == ["Weiß-", "Müller"]
    assert in_two("Donaudampfschifffahrt", fits, "de") is None


def test_running_text_breaks_at_a_syllable_and_a_picture_label_never_breaks() -> None:
    """Running text hyphenates a long word at a syllable; a label on a village picture keeps
    its words whole (issue 20: read at a metre): a word too long for the cell's line at the
    least size is drawn condensed, down to three quarters of its width (play-test 2026-11-28:
    the Brunnenmeister had no name), and only a word longer still gives no label (the
    building's pictogram says it)."""
    from companion.display.pictures.village_view import label_lines

    pygame.init()
    ui.reset_fonts()
    f = ui.font(20)
    width = f.size("Brunnenmeis-")[0]
    assert label_lines("Brunnenmeister", 20, width) == ["Brunnenmeister"]  # condensed
    assert label_lines("Brunnenmeister", 22, width) is None  # at the least size only
    assert label_lines("Brunnenmeister", 20, f.size("Brunnenmeister")[0] * 3 // 4 - 2) is None
    assert label_lines("Brunnen meister", 20, width) == ["Brunnen", "meister"]
    lines = ui.fit("Brunnenmeister", width, 200, 20, min_size=20).lines
    assert lines[0].endswith("-") and starts_syllable("Brunnenmeister", len(lines[0]) - 1)
    assert "".join(lines).replace("-", "") == "Brunnenmeister"
