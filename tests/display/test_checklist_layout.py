"""The checklists' layout (play-test 2026-11-25 in a window, finding 10): rows as tall as
their words are drawn (3 German steps a view where 3 fit), the setup's views full, "Tick all"
in one place whether "Next unticked" is there or not."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.display.app.loop import App
from companion.display.kit import text_reports
from companion.display.kit import widgets as ui
from companion.engine import Game
from companion.engine.table import round_ended
from tests.display.test_turn_flow import DATA, app_for
from tests.display.test_turn_words import texts
from tests.ui_driver import Driver


def round_end(tmp: Path, language: str) -> tuple[App, Driver]:
    lines = (DATA / "game-4p.jsonl").read_text().splitlines()
    game = Game.from_record(lines)
    end = next(i for i, a in enumerate(game.actions)
               if round_ended(game.states[i], a, game.states[i + 1]))
    app = app_for(lines, tmp, language)
    d = Driver(app)
    d.play(lines, stop=end + 1)
    return app, d


def rows(d: Driver) -> list[str]:
    return [w.id for w in d.widgets() if w.id.startswith("tick:")]


def test_three_german_coin_steps_a_view_where_three_fit(tmp_path: Path) -> None:
    """The coins group took 4-6 views of 2 steps: rows were measured with the font's line
    size, taller than the lines are drawn."""
    text_reports.clear_reports()
    app, d = round_end(tmp_path, "de")
    try:
        d.tap("group:coins")
        assert len(rows(d)) == 3
        texts(app)
        assert text_reports.REPORTS == []
    finally:
        app.close()


def test_tick_all_stays_in_place_when_next_unticked_appears(tmp_path: Path) -> None:
    app, d = round_end(tmp_path, "de")
    try:
        places = {}
        for g in ("tiles", "coins"):
            d.tap(f"group:{g}")
            ws = {w.id: tuple(w.rect) for w in d.widgets()}
            places[g] = ws["steps:all"], "steps:todo" in ws
        assert places["tiles"][1] != places["coins"][1]  # "Next unticked" on one only
        assert places["tiles"][0] == places["coins"][0]
    finally:
        app.close()


def setup_views(tmp: Path, record: str, language: str) -> list[tuple[str, list[str], str]]:
    """Every view of the setup checklist: its group, its steps, what its header says."""
    lines = (DATA / record).read_text().splitlines()
    app = app_for(lines, tmp, language)
    d = Driver(app)
    try:
        d.new_game(json.loads(lines[0]))
        out = []
        for g in [w.id for w in d.widgets() if w.id.startswith("group:")]:
            d.tap(g)
            while True:
                out.append((g, rows(d), " ".join(texts(app))))
                if not d.has("steps:down"):
                    break
                d.tap("steps:down")
        return out
    finally:
        app.close()


@pytest.mark.parametrize("language", ["de", "es"])
def test_the_setup_s_board_steps_come_two_a_view_at_least(tmp_path: Path,
                                                         language: str) -> None:
    """One step with half the area empty: the pictures took room from the words."""
    views = setup_views(tmp_path, "game-4p.jsonl", language)
    board = [steps for g, steps, _t in views if g == "group:board"]
    assert board and all(len(steps) >= 2 for steps in board), board


def test_a_view_of_one_step_says_which(tmp_path: Path) -> None:
    """"3-3 von 7" said "3 von 7"."""
    views = setup_views(tmp_path, "game-2p.jsonl", "de")
    alone = [said for g, steps, said in views if len(steps) == 1 and g != "group:start"]
    assert alone
    for said in alone:
        assert re.search(r"\b\d+ von \d+", said) and not re.search(r"\d+-\d+ von", said), said


@pytest.mark.parametrize("language", ["fr", "it", "de", "es", "en"])
def test_the_round_end_s_title_is_one_line_at_title_size(tmp_path: Path, language: str) -> None:
    """"La manche 1 est terminée" wrapped to two small lines: the title had 300 px, not
    what the top bar's buttons leave."""
    app, _d = round_end(tmp_path, language)
    try:
        title = {"fr": "Fin de la manche 1", "it": "Il round 1 è finito",
                 "de": "Runde 1 ist vorbei", "es": "Fin de la ronda 1",
                 "en": "Round 1 is over"}[language]
        text_reports.SIZES.clear()
        said = texts(app)
        assert title in said
        assert text_reports.SIZES.get(ui.TITLE, 0) >= 1
    finally:
        app.close()


def test_a_virtual_player_s_long_summary_fits_its_side_in_italian(tmp_path: Path) -> None:
    """The numbered summary did not fit its 242x340 panel in Italian (2 reports): a long one
    takes the whole left side, "Done" beside it."""
    from companion.config import Buttons, Config, Leds
    from companion.display.screens.turn.virtual import VirtualScreen
    from tests.display.test_table_steps_kept import stored_game

    lines = (DATA / "game-4p.jsonl").read_text().splitlines()
    at = 187  # Blue builds three times after a marriage: six lines, long in Italian
    game = Game.from_record(lines[: at + 1])
    who = game.state.active
    header = json.loads(lines[0])
    for p in header["players"]:
        if p["colour"] == who:
            p["virtual"] = "normal"
    stored_game(tmp_path / "helvetia.db", [json.dumps(header), *lines[1:]], at - 1)
    app = App(Config(language="it", data_dir=tmp_path, buttons=Buttons(backend="keyboard"),
                     leds=Leds(backend="simulated")))
    try:
        d = Driver(app)
        for _ in range(3):  # "thinking" first
            d.widgets()
        screen = app.screen
        assert isinstance(screen, VirtualScreen) and len(screen.plan) >= 4
        text_reports.clear_reports()
        said = " ".join(texts(app))
        assert text_reports.REPORTS == [], text_reports.REPORTS
        assert "1. " in said and "2. " in said
    finally:
        app.close()
