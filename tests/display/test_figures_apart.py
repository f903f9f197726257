"""The figures on a busy building never lie over one another (play-test 2026-11-25, finding
5: a child over the feet of a sleeping woman, two lying figures over each other): in every
state of the recorded games and of freshly played ones, on every screen's picture of a
village, each figure (and a children's count) keeps its own rectangle, inside its cell and
off the building's pictogram and name; and what is drawn is what was laid out."""

from __future__ import annotations

import copy
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from companion.display.kit import widgets as ui
from companion.display.kit.palette import PLAYER
from companion.display.pictures.village_view import (
    building_plans,
    draw_village,
    label_lines,
    line_height,
    line_step,
    picture_sizes,
)
from companion.display.screens.parts import TOP
from companion.engine import Game, GameState, header_line
from companion.engine.state import Adult, Building
from companion.engine.values import Sex
from tests import gamegen

pygame.init()
DATA = Path(__file__).parent.parent / "data"


@pytest.fixture(autouse=True)
def _fonts() -> None:
    pygame.init()
    ui.reset_fonts()  # an app closed by an earlier test quit pygame's fonts
AREAS = {  # the pictures of a village on the screens, smallest cells included
    "villages": pygame.Rect(8, TOP + 54, ui.W - 16, 480 - TOP - 60),
    "turn list": pygame.Rect(260, TOP + 64, 532, 280),
    "turn form": pygame.Rect(260, TOP + 62, 532, 480 - TOP - 70),
    "school": pygame.Rect(306, TOP + 62, ui.W - 314, 470 - TOP - 62),
}


def _games() -> list[Game]:
    games = [Game.from_record([ln for ln in f.read_text().splitlines() if ln.strip()])
             for f in sorted(DATA.glob("game-*.jsonl"))]
    players = (("red", "A"), ("blue", "B"), ("yellow", "C"), ("white", "D"))
    for seed in (101, 202):
        games.append(gamegen.play(header_line(players, catalogue=gamegen.TEST_COSTS), seed))
    return games


def _villages() -> list[tuple[GameState, str]]:
    seen: set[object] = set()
    out = []
    for g in _games():
        for s in g.states:
            for v, village in s.villages.items():
                key = tuple(sorted(village.buildings.items()))
                if key not in seen and any(b.adults for b in village.buildings.values()):
                    seen.add(key)
                    out.append((s, v))
    return out


VILLAGES = _villages()


def _label_rect(box: pygame.Rect, label: str, size: int) -> pygame.Rect:
    # as drawn: on the lines the box has room for (a line condensed where it must be)
    lines = label_lines(label, size, box.width, min(ui._room(size, box.height), 2)) or [label]
    return pygame.Rect(box.left, box.top, box.width,
                       line_step(size) * (len(lines) - 1) + line_height(size))


@pytest.mark.parametrize("area", list(AREAS))
def test_no_figure_over_another_in_any_game(area: str) -> None:
    from companion.display.words.i18n import building

    assert len(VILLAGES) > 300
    busy = 0
    for state, v in VILLAGES:
        size, _fig = picture_sizes(state, v, AREAS[area])
        for cell, (r, box, pict, places) in building_plans(state, v, AREAS[area]).items():
            b = state.villages[v].buildings[cell]
            where = (area, v, cell, b)
            assert sum(p.count for p in places) == len(b.adults) + len(b.children), where
            rects = [p.rect for p in places] + [p.count_rect for p in places if p.count_rect]
            assert all(r.contains(x) for x in [*rects, pict]), where
            for i, x in enumerate(rects):
                assert not any(x.colliderect(y) for y in rects[i + 1:]), where
                assert not x.colliderect(pict), where
                if box is not None:
                    label = building(state.catalogue, b.type)
                    assert not x.colliderect(_label_rect(box, label, size)), where
            busy += len(b.adults) + len(b.children) >= 3
    assert busy > 50


def test_what_is_drawn_is_what_was_laid_out() -> None:
    """A couple, one asleep, with three children on a low cell: each figure's pixels lie in
    its own rectangle."""
    state, v = next((s, v) for s, v in VILLAGES if len(s.villages[v].buildings) >= 8)
    state = copy.deepcopy(state)
    village = state.villages[v]
    cell = next(iter(village.buildings))
    busy = Building(village.buildings[cell].type, cell,
                    (Adult("blue", Sex.F, False), Adult("red", Sex.M, True)),
                    (("red", Sex.F), ("red", Sex.M), ("red", Sex.M)))
    village.buildings[cell] = busy
    area = AREAS["turn list"]
    surface = pygame.Surface((800, 480))
    draw_village(surface, state, v, area)
    r, _box, _pict, places = building_plans(state, v, area)[cell]
    for colour in ("blue", "red"):
        mine = [p.rect for p in places if p.colour == colour]
        for x in range(r.left, r.right):
            for y in range(r.top, r.bottom):
                if tuple(surface.get_at((x, y)))[:3] == PLAYER[colour]:
                    assert any(m.collidepoint(x, y) for m in mine), (colour, x, y)


@pytest.mark.parametrize("language", ["en", "de", "fr", "it", "es"])
def test_one_naming_rule_for_every_building_of_a_picture(language: str) -> None:
    """Play-test 2026-11-25, finding 5: buildings unnamed beside named ones. Every building
    has its pictogram; whether it is named (whole words, at the picture's one size, 20 px
    or more) depends on its name and the picture's cells only, never on who lives in it
    (a couple and up to two children; three or more, born in one round, are rarer than
    any picture's room)."""
    from companion.display.words import i18n
    from companion.display.words.i18n import building

    i18n.use(language)
    try:
        rule: dict[tuple[object, ...], set[bool]] = {}
        named = unnamed = 0
        for state, v in VILLAGES[::5]:
            for where, area in AREAS.items():
                size, fig = picture_sizes(state, v, area)
                assert size >= ui.PICTURE_TEXT
                plans = building_plans(state, v, area)
                for cell, (r, box, pict, _places) in plans.items():
                    name = building(state.catalogue, state.villages[v].buildings[cell].type)
                    assert r.contains(pict) and pict.width >= 16, (name, pict)
                    if len(state.villages[v].buildings[cell].children) <= 2:
                        rule.setdefault((where, r.size, size, fig, name), set()).add(
                            box is not None)
                    if box is not None:
                        assert label_lines(name, size, box.width, 2) is not None
                    named += box is not None
                    unnamed += box is None
        mixed = sorted(k for k, v in rule.items() if len(v) > 1)
        assert mixed == []
        assert named >= unnamed // 2  # Spanish names are long: "Cantera de arcilla"
    finally:
        i18n.use("en")


def test_villagers_from_the_school_stand_beside_those_on_their_building() -> None:
    """Villagers placed from the school are drawn on their buildings before the answer is
    entered (``arriving``), laid out with those living there: each a whole figure, over
    none of the others (were drawn 4 px apart at the cell's right)."""
    from companion.display.pictures.figures import figure
    from companion.display.pictures.village_view import cell_rects
    from companion.display.screens.round_end.round_screen import _school_area
    state, v = next((copy.deepcopy(s), v) for s, v in VILLAGES
                    if sum(1 for b in s.villages[v].buildings.values() if not b.adults) >= 1
                    and any(len(b.adults) == 1 for b in s.villages[v].buildings.values()))
    village = state.villages[v]
    empty = next(c for c, b in village.buildings.items() if not b.adults and not b.children)
    single = next(c for c, b in village.buildings.items() if len(b.adults) == 1
                  and not b.children)
    colour = village.colour if village.colour in PLAYER else "red"
    area = _school_area()
    _size, fig = picture_sizes(state, v, area)
    rects = cell_rects(state, v, area)

    def figures(sexes: list[Sex]) -> int:
        alone = pygame.Surface((300, 200))
        for k, sx in enumerate(sexes):
            figure(alone, colour, sx, True, (60 + 100 * k, 100), fig)
        return len(_pixels(alone, alone.get_rect(), PLAYER[colour]))

    for cell, sexes in ((empty, [Sex.M, Sex.F]), (single, [village.buildings[single]
                                                          .adults[0].sex.other])):
        s = pygame.Surface((ui.W, ui.H))
        draw_village(s, state, v, area)
        before = len(_pixels(s, rects[cell], PLAYER[colour]))
        draw_village(s, state, v, area, arriving={cell: [(colour, sx) for sx in sexes]})
        after = len(_pixels(s, rects[cell], PLAYER[colour]))
        assert after - before == figures(sexes), (cell, sexes)


def _pixels(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]
            ) -> list[tuple[int, int]]:
    return [(x, y) for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
            if tuple(surface.get_at((x, y)))[:3] == colour]
