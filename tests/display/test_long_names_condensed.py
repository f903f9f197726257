"""A building's name of several words is drawn on the lines its cell has, a line condensed
where it must be (down to 3/4 of its width), never left out for a pictogram alone: the play-test
saw "Cava di argilla" and "Cantera de arcilla" unnamed on the small village pictures while
"Pozzo" was named."""

from __future__ import annotations

import pygame
import pytest

from companion.display.kit import widgets
from companion.display.kit.widgets import PICTURE_TEXT, font
from companion.display.pictures.village_view import CONDENSED, label_lines


@pytest.mark.parametrize("name", ["Cava di argilla", "Cantera de arcilla", "Patio de grano",
                                  "Campo di grano"])
def test_a_name_of_several_words_fits_one_line_condensed(name: str) -> None:
    pygame.init()
    widgets.reset_fonts()
    wide = font(PICTURE_TEXT).size(name)[0]
    num, den = CONDENSED
    room = wide * num // den + 1  # only condensed does it fit
    assert label_lines(name, PICTURE_TEXT, room, 1) == [name]
    assert label_lines(name, PICTURE_TEXT, wide * 2 // 3, 1) is None  # no narrower than 3/4
    two = label_lines(name, PICTURE_TEXT, room, 2)  # two lines: split, nothing condensed
    assert two is not None and len(two) == 2 and " ".join(two) == name
    assert label_lines(name, PICTURE_TEXT, room, 0) is None
