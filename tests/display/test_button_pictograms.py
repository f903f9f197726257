"""The pictograms of goods and buildings on the buttons that stand for them, as on every other
screen: the draft's tiles, the start buildings by letter, the round end's new buildings and
the cost form's goods; reached through the screens, and each pictogram seen drawn."""

from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from companion.config import Buttons, Config, Leds
from companion.display.app.loop import App
from companion.display.contract import helvetia_state
from companion.display.kit.widgets import Widget
from companion.display.words import i18n
from tests.ui_driver import Driver

RECORD = Path(__file__).parent.parent / "data" / "game-2p.jsonl"


def make(tmp_path: Path, lang: str = "en") -> tuple[App, Driver]:
    app = App(Config(language=lang, data_dir=tmp_path, buttons=Buttons(backend="keyboard"),
                     leds=Leds(backend="simulated")))
    return app, Driver(app)


def drawn_with_pictogram(w: Widget) -> bool:
    """The button drawn shows its pictogram: it looks different without one."""
    assert w.icon is not None, w.id
    pictures = []
    for widget in (w, replace(w, icon=None)):
        s = pygame.Surface((w.rect.right + 4, w.rect.bottom + 4))
        widget.draw(s)
        pictures.append(pygame.image.tobytes(s, "RGB"))
    return pictures[0] != pictures[1]


def with_prefix(d: Driver, prefix: str) -> list[Widget]:
    return [w for w in d.widgets() if w.id.startswith(prefix)]


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_drafts_tiles_show_their_pictograms(tmp_path: Path, lang: str) -> None:
    app, d = make(tmp_path, lang)
    d.tap("start")  # the draft is the default setup
    d.tap("continue")
    d.tap(with_prefix(d, "value:player:")[0].id)
    tiles = with_prefix(d, "value:building:")
    assert len(tiles) == 5
    assert all(drawn_with_pictogram(w) for w in tiles)
    app.close()
    i18n.use("en")


def test_the_start_buildings_by_letter_show_their_pictograms(tmp_path: Path) -> None:
    app, d = make(tmp_path)
    d.tap("setup:simplified")
    d.tap("start")
    d.tap("continue")
    for _ in range(12):  # on to the first player's three start buildings
        if with_prefix(d, "three:"):
            break
        d.tap(next(w.id for w in d.widgets() if w.id.startswith(("value:", "random"))))
    toggles = with_prefix(d, "three:")
    assert toggles and all(drawn_with_pictogram(w) for w in toggles)
    app.close()


def test_the_new_buildings_and_the_cost_forms_goods_show_their_pictograms(
        tmp_path: Path) -> None:
    lines = RECORD.read_text().splitlines()
    app, d = make(tmp_path)
    d.new_game(json.loads(lines[0]))
    d.reach(lines, stop=40)  # the first round end: the new buildings to tap
    if d.has("reveal:start"):
        d.tap("reveal:start")
    grid = [w for w in with_prefix(d, "reveal:") if w.id not in ("reveal:clear", "reveal:done")]
    assert len(grid) >= 10
    assert all(drawn_with_pictogram(w) for w in grid)
    d.tap("menu")
    d.tap("menu:costs")
    d.tap(next(w.id for w in d.widgets() if w.id.startswith("costs:") and w.id != "costs:page"))
    goods = with_prefix(d, "good:")
    assert len(goods) == len(helvetia_state(app).catalogue.goods)
    assert all(drawn_with_pictogram(w) for w in goods)
    app.close()


@pytest.mark.parametrize("lang", ["en", "de", "fr", "it", "es"])
def test_every_new_building_keeps_its_pictogram_and_its_whole_name_in_every_language(
        tmp_path: Path, lang: str) -> None:
    """Play-test 2026-11-25, finding 5: in German the grid dropped the pictogram of long
    names (Glockengießer, Gemeindehaus)."""
    from companion.display.kit import text_reports

    lines = RECORD.read_text().splitlines()
    app, d = make(tmp_path, lang)
    d.new_game(json.loads(lines[0]))
    d.reach(lines, stop=40)
    if d.has("reveal:start"):
        d.tap("reveal:start")
    grid = [w for w in with_prefix(d, "reveal:") if w.id not in ("reveal:clear", "reveal:done")]
    assert len(grid) >= 10
    text_reports.clear_reports()
    assert all(drawn_with_pictogram(w) for w in grid)
    assert text_reports.REPORTS == [], [(r.text, r.why) for r in text_reports.REPORTS]
    app.close()
    i18n.use("en")


@pytest.mark.parametrize("lang", ["en", "de", "fr", "it", "es"])
def test_every_building_s_place_on_the_grid_holds_its_name_whole(lang: str) -> None:
    from companion.display.kit import text_reports
    from companion.display.kit import widgets as ui
    from companion.display.pictures.pictograms import building_icon
    from companion.display.screens.round_end.reveal_grid import RevealCell
    from companion.engine import Game

    pygame.init()
    ui.reset_fonts()  # an app closed before quit pygame's fonts
    i18n.use(lang)
    catalogue = Game.from_record(RECORD.read_text().splitlines()[:1]).state.catalogue
    text_reports.clear_reports()
    for t in catalogue.buildings:
        for count in ("", "III:\u00a03"):
            cell = RevealCell(f"reveal:{t}", pygame.Rect(8, 8, 192, 60), t, None,
                              icon=building_icon(catalogue, t),
                              name=i18n.building(catalogue, t), count=count)
            assert drawn_with_pictogram(cell)
    assert text_reports.REPORTS == [], [(r.text, r.why) for r in text_reports.REPORTS]
    i18n.use("en")


@pytest.mark.parametrize("lang", ["en", "de", "fr", "it", "es"])
def test_the_cost_form_s_goods_keep_their_pictograms_and_whole_names(tmp_path: Path,
                                                                       lang: str) -> None:
    """Play-test 2026-11-25, finding 5: the Italian form read "Formag-gio", "Campa-naccio"."""
    from companion.display.kit import text_reports
    from companion.display.kit import widgets as ui

    lines = RECORD.read_text().splitlines()
    app, d = make(tmp_path, lang)
    d.new_game(json.loads(lines[0]))
    d.tap("menu")
    d.tap("menu:costs")
    d.tap(next(w.id for w in d.widgets() if w.id.startswith("costs:") and w.id != "costs:page"))
    text_reports.clear_reports()
    app.draw()
    goods = with_prefix(d, "good:")
    assert len(goods) == len(helvetia_state(app).catalogue.goods)
    assert all(drawn_with_pictogram(w) for w in goods)
    assert text_reports.REPORTS == [], [(r.text, r.why) for r in text_reports.REPORTS]
    rects = [w.rect for w in goods]
    assert all(r.right <= ui.W and r.width >= ui.MIN_TOUCH for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    app.close()
    i18n.use("en")
