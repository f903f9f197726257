"""The Night Watchman's picture (play-test 2026-11-25, finding 22): every village tab shows
its owner's colour the same way, and no quarter's frame runs over the village centre, so the
middle cells' quarter is never ambiguous."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from companion.display.app.loop import App
from companion.display.contract import helvetia_state
from companion.display.kit.palette import ACCENT, HIGHLIGHT
from tests import uiplay
from tests.ui_driver import Driver

DATA = Path(__file__).parent.parent / "data"


def at_ben_s_night_watchman(lines: list[str], tmp: Path, language: str) -> tuple[App, Driver]:
    """game-4p (``lines``) played through the screens to Ben's Night Watchman: the quarters
    on the village picture."""
    app, d = uiplay.started(lines, tmp, language)
    d.play(lines, stop=63)  # Ben chooses the Night Watchman: the quarter on the picture
    for _ in range(3):
        if any(i.startswith("quarter:") for i in d.ids()):
            break
        d.tap("character:night_watchman" if d.has("character:night_watchman") else "continue")
    return app, d

@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    from companion.display.words import i18n

    i18n.use("en")  # the next tests expect the default language



def test_tabs_alike_and_no_quarter_frame_over_the_centre(tmp_path: Path) -> None:
    lines = [ln for ln in (DATA / "game-4p.jsonl").read_text().splitlines() if ln.strip()]
    header = json.loads(lines[0])
    header["players"][3]["name"] = "Annemarie"  # a long name beside short ones
    lines[0] = json.dumps(header)
    app, d = at_ben_s_night_watchman(lines, tmp_path, "de")
    assert any(i.startswith("quarter:") for i in d.ids())
    app.draw()
    tabs = [w for w in app.widgets if w.id.startswith("village:")]
    assert len(tabs) == 3
    # Each tab its owner's colour, all the same way (a badge each, or a bar each).
    assert len({(w.colour is not None, w.paint is not None) for w in tabs}) == 1
    assert all(w.colour is not None or w.paint is not None for w in tabs)
    # The centre of the village shown: no frame of a quarter crosses it.
    quarters = {w.id.split(":")[-1]: w.rect for w in app.widgets
                if w.id.startswith(("quarter:", "quarter-no:"))}
    mid = quarters["top_left"].bottomright  # where the quarters meet: the centre's middle
    centre = pygame.Rect(0, 0, 200, 50)
    centre.center = mid
    s = app.surface
    for x in range(centre.left, centre.right):
        for y in range(centre.top, centre.bottom):
            assert tuple(s.get_at((x, y)))[:3] not in (ACCENT, HIGHLIGHT), (x, y)
    app.close()


def _enclosed(surface: pygame.Surface, colour: tuple[int, int, int], start: tuple[int, int]
              ) -> pygame.mask.Mask:
    """What a frame of ``colour`` encloses around ``start``: the pixels reached from it
    without crossing that colour."""
    frame = pygame.mask.from_threshold(surface, colour, (1, 1, 1, 255))
    frame.invert()
    return frame.connected_component(start)


def _framed_exactly(surface: pygame.Surface, cells: dict, quarter: str) -> None:  # type: ignore[type-arg]
    from companion.engine.grid import in_quarter

    mine = [c for c in cells if in_quarter(c, quarter)]
    inside = _enclosed(surface, ACCENT, cells[mine[0]].center)
    for c, r in cells.items():
        assert bool(inside.get_at(r.center)) == in_quarter(c, quarter), (quarter, c)


def test_the_named_quarter_s_frame_encloses_exactly_its_cells(tmp_path: Path) -> None:
    """Play-test 2026-11-25, finding 5: "top right" named, but the only sleeper sat in a
    cell framed in another colour; the side cells (beside the centre) lie in two quarters."""
    from companion.display.pictures.village_view import cell_rects

    lines = [ln for ln in (DATA / "game-4p.jsonl").read_text().splitlines() if ln.strip()]
    app, _d = at_ben_s_night_watchman(lines, tmp_path, "de")
    app.draw()
    do = next(w for w in app.widgets if w.id == "do")
    wake = do.value
    screen = app.screen  # the turn, its options on the village picture
    area = screen.mode.picture_area(app, screen)  # type: ignore[attr-defined]
    cells = cell_rects(helvetia_state(app), wake.village, area)
    _framed_exactly(app.surface, cells, wake.quarter)
    app.close()


@pytest.mark.parametrize("quarter", ["top_left", "top_right", "bottom_left", "bottom_right"])
def test_each_quarter_s_frame_holds_its_side_cells_and_no_other(quarter: str) -> None:
    from companion.display.kit import widgets as ui
    from companion.display.pictures.village_view import cell_rects, draw_village, frame_quarter
    from companion.engine import Game

    pygame.init()
    ui.reset_fonts()  # an app closed before quit pygame's fonts
    lines = [ln for ln in (DATA / "game-4p.jsonl").read_text().splitlines() if ln.strip()]
    state = Game.from_record(lines).state
    v = max(state.villages, key=lambda c: len(state.villages[c].buildings))
    area = pygame.Rect(260, 124, 532, 280)
    s = pygame.Surface((ui.W, ui.H))
    s.fill((241, 236, 222))
    draw_village(s, state, v, area, quarters=True)
    frame_quarter(s, state, v, area, quarter, ACCENT)
    cells = cell_rects(state, v, area)
    assert any(c[1] == 0 for c in cells), "side cells, in two quarters"
    _framed_exactly(s, cells, quarter)
