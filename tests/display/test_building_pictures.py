"""Building pictures at a metre on a grown village (play-test 2026-11-25, finding 12): the
pictogram as large as the cell allows, the name whole at 20 px or more wherever it fits, a
margin kept on every side of it."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from companion.display.contract import helvetia_state
from companion.display.kit import text_reports
from companion.display.kit import widgets as ui
from companion.display.pictures.figures import child_size
from companion.display.pictures.village_view import (
    building_layout,
    cell_rects,
    figure_size,
    label_lines,
    label_size,
)
from companion.display.screens.parts import TOP
from companion.display.words.i18n import building
from tests import uiplay

DATA = Path(__file__).parent.parent / "data"

@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    from companion.display.words import i18n

    i18n.use("en")  # the next tests expect the default language



@pytest.mark.parametrize("language", ["en", "fr"])
def test_grown_villages_show_large_pictograms_and_whole_names(tmp_path: Path,
                                                               language: str) -> None:
    lines = [ln for ln in (DATA / "game-3p.jsonl").read_text().splitlines() if ln.strip()]
    app, d = uiplay.started(lines, tmp_path, language)
    d.play(lines)
    d.tap("villages")
    state = helvetia_state(app)
    area = pygame.Rect(8, TOP + 54, ui.W - 16, 480 - TOP - 60)
    named = 0
    for v in state.villages:
        d.tap(f"village:{v}")
        before = len(text_reports.REPORTS)
        app.draw()
        rects = cell_rects(state, v, area)
        some = next(iter(rects.values()))
        fig = figure_size(some)
        assert child_size(fig) >= ui.FIGURE_MIN
        cat = state.catalogue
        size = label_size([building(cat, b.type) for b in state.villages[v].buildings.values()],
                          some.width - 10, max(some.height - fig - 8, some.height * 2 // 5))
        assert size >= ui.PICTURE_TEXT
        for cell, b in state.villages[v].buildings.items():
            r = rects[cell]
            assert r.height < 90, "a grown village: low cells"
            label = building(cat, b.type)
            box, pict = building_layout(r, label, size, fig, not b.adults and not b.children)
            assert pict.width >= 32 and r.contains(pict), (label, pict)
            if box is None:  # only a name too long for the cell is left to its pictogram
                assert label_lines(label, size, r.width - 12, 1) is None, label
                continue
            named += 1
            assert box.left - r.left >= 6 and r.right - box.right >= 6, (label, box, r)
            # as drawn: the lines the box has room for (one line may be condensed)
            words = label_lines(label, size, box.width, min(ui._room(size, box.height), 2))
            assert words is not None
            text = pygame.Rect(box.left, box.top, box.width,
                               ui.line_step(size) * (len(words) - 1) + ui.line_height(size))
            assert not text.colliderect(pict), (label, text, pict)
        assert text_reports.REPORTS[before:] == []
    assert named >= 20
    app.close()
