"""The default target's tick badge never covers a building's name (play-test 2026-11-28: it
hid the end of "Steinmetz" on the Night Watchman's picture), and every building keeps its name
on a picture that names the others, a long one condensed ("Brunnenmeister" had none). Every
village of a recorded four-player game, at several points of it, is drawn as the turn's
pictures draw it, in five languages, with the badge on each of its buildings in turn."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from companion.display.contract import helvetia_state
from companion.display.kit import widgets as ui
from companion.display.pictures.default_mark import building_texts, mark_default
from companion.display.pictures.village_view import cell_rects, draw_village
from companion.display.screens.parts import RIGHT_W, RIGHT_X, TOP
from companion.display.words import i18n
from tests.ui_driver import Driver
from tests.uiplay import started

DATA = Path(__file__).parent.parent / "data"
AREA = pygame.Rect(RIGHT_X, TOP + 64, RIGHT_W, 412 - TOP - 72)
"""The turn's picture of a village above the bottom row (the Night Watchman's, the Priest's)."""


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_badge_leaves_every_name_whole(tmp_path: Path, language: str) -> None:
    lines = [ln for ln in (DATA / "game-4p.jsonl").read_text().splitlines() if ln.strip()]
    app, d = started(lines, tmp_path, language)
    assert isinstance(d, Driver)
    covered: list[str] = []
    unnamed: set[str] = set()
    try:
        for stop in (60, 140, len(lines) - 2):
            d.play(lines, stop=stop)
            state = helvetia_state(app)
            assert state is not None
            surface = pygame.Surface((ui.W, ui.H))
            for v in state.villages:
                draw_village(surface, state, v, AREA)
                texts = building_texts(state, v, AREA)
                named: dict[bool, list[str]] = {True: [], False: []}
                for cell, r in cell_rects(state, v, AREA).items():
                    b = state.villages[v].buildings.get(cell)
                    if b is None:
                        continue
                    named[any(r.contains(t) and t.top <= r.top + 6 for t in texts)].append(
                        i18n.building(state.catalogue, b.type))
                    badge = mark_default(surface, r, texts=texts)
                    hit = [t for t in texts if badge.colliderect(t)]
                    if hit:
                        covered.append(f"{stop} {v} {cell}: {badge} over {hit}")
                if named[True] and named[False]:  # one rule for every building of a picture
                    unnamed |= {f"{stop} {v} {n}" for n in named[False]}
    finally:
        app.close()
    assert covered == []
    assert unnamed == set()  # a picture names all its buildings, or none (a grown village)
