"""Before you start: the setup checklist for the chosen player count and setup, played
through taps. Its counts are the engine's (``engine.box``), every step is in reach, each a
tick, and it leads into the draft (or the letters)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.config import Buttons, Config, Leds
from companion.display.app.loop import App
from companion.display.contract import helvetia_state
from companion.display.kit import text_reports
from companion.engine.box import box
from companion.engine.setup import new_game
from tests.ui_driver import Driver

DATA = Path(__file__).parent.parent / "data"
TODAY = 67 + 32
"""Taps from "New game" to the first turn of a 4-player draft game before the checklist
(issue 20)."""


@pytest.fixture(autouse=True)
def _english_afterwards():
    """A test in another language leaves the display's language as it found it."""
    from companion.display.words import i18n

    before = i18n.language
    yield
    i18n.use(before)


def lines_of(name: str) -> list[str]:
    return (DATA / name).read_text().splitlines()


def started(tmp: Path, record: str, language: str = "en") -> tuple[App, Driver]:
    app = App(Config(language=language, data_dir=tmp, buttons=Buttons(backend="keyboard"),
                     leds=Leds(backend="simulated")))
    d = Driver(app)
    d.new_game(json.loads(lines_of(record)[0]))
    return app, d


def every_step(d: Driver) -> dict[int, str]:
    """Each step's tick id, reached through the groups and the scroll, with its words."""
    seen: dict[int, str] = {}
    screen = d.app.screen
    for key in [w.id for w in d.widgets() if w.id.startswith("group:")]:
        d.tap(key)
        while True:
            for w in d.widgets():
                if w.id.startswith("tick:"):
                    i = int(w.id.split(":")[1])
                    seen[i] = screen._items(d.app)[i][1].words
            if not d.has("steps:down"):
                break
            d.tap("steps:down")
    return seen


def test_a_4_player_draft_opens_on_the_setup_checklist_with_the_engines_counts(
        tmp_path: Path) -> None:
    app, d = started(tmp_path, "game-4p.jsonl")
    assert d.screen_name() == "SetupChecklist"
    b = box(helvetia_state(app))
    words = every_step(d)
    assert sorted(words) == list(range(len(words)))  # nothing out of reach
    text = " ".join(words.values())
    kit = b.kit
    for needed in (f"{sum(kit.villagers.values())} villagers", f"{kit.coins} coins",
                   f"{kit.cubes} cubes", f"its {sum(b.stack1.values())} tiles",
                   f"stack II ({b.stack2} tiles)", f"stack III ({b.stack3} tiles)",
                   f"{max(b.start_tiles.values())} of each type",
                   f"the {b.character_tiles} character tiles", f"{b.goods_tiles} goods tiles",
                   "start-player token", "the last to pick takes the token"):
        assert needed in text, needed
    assert "back into the box: one of each type" not in text  # 4 players: all 15 in play
    assert "neutral" not in text
    # Ticks through taps, counted; and on into the draft with steps unticked.
    total = len(words)
    d.tap("group:board")
    first = min(int(w.id.split(":")[1]) for w in d.widgets() if w.id.startswith("tick:"))
    d.tap(f"tick:{first}")
    d.tap("steps:all")
    assert len(app.screen._items(app)) == total
    d.tap("continue")
    assert d.screen_name() == "SetupScreen" and app.session.game.actions == []
    d.tap("villages")
    d.tap("back")  # looking around never brings the checklist back
    assert d.screen_name() == "SetupScreen"
    app.close()


@pytest.mark.parametrize(("record", "present", "absent"), [
    ("game-2p.jsonl", ["neutral village is White", "neutral coin",
                       "Draw the start player at random", "draws a village centre at random"],
     ["last to pick", "Lay the start tiles out", "start tiles with letters out"]),
    ("game-3p.jsonl", ["back into the box: one of each type", "last to pick",
                       "Lay the start tiles out face up"], ["neutral"]),
    # the letters: each takes the 3 tiles of its centre's letter, none laid out (finding 11)
    ("game-3p-intro.jsonl", ["draws a village centre at random", "stay in the box",
                             "the letter on its back says which start tiles"],
     ["last to pick", "neutral", "Lay the start tiles out", "start tiles with letters out"]),
])
def test_the_checklist_follows_the_player_count_and_the_setup(
        tmp_path: Path, record: str, present: list[str], absent: list[str]) -> None:
    app, d = started(tmp_path, record)
    text = " ".join(every_step(d).values())
    for s in present:
        assert s in text, s
    for s in absent:
        assert s not in text, s
    d.tap("continue")
    assert d.screen_name() != "SetupChecklist"
    app.close()


def test_a_seat_button_goes_on_to_the_draft(tmp_path: Path) -> None:
    app, d = started(tmp_path, "game-3p.jsonl")
    assert d.screen_name() == "SetupChecklist"
    d.seat("red")
    assert d.screen_name() == "SetupScreen" and app.session.game.actions == []
    app.close()


def test_a_virtual_players_seat_is_set_up_too() -> None:
    from companion.display.screens.setup.checklist import setup_items
    from companion.display.words import i18n

    i18n.use("en")  # the words asserted (an earlier test may have left another language)
    header = json.loads(lines_of("game-3p.jsonl")[0])
    items = setup_items(new_game(header), virtual=["blue"])
    assert sum("played by the companion" in it.words for _g, it in items) == 1


def test_taps_from_new_game_to_the_first_turn_of_a_4_player_draft(tmp_path: Path) -> None:
    """The setup checklist included (one tap on: its ticks are the table's choice)."""
    lines = lines_of("game-4p.jsonl")
    app, d = started(tmp_path, "game-4p.jsonl")
    first_turn = next(i for i, x in enumerate(lines[1:]) if json.loads(x)["type"] == "choose")
    d.play(lines, stop=first_turn)
    assert helvetia_state(app).phase == "play" and not app.session.state.acted
    assert "continue" in d.log  # the checklist was on the way
    print(f"taps from New game to the first turn: {d.taps} (today {TODAY})")
    assert d.taps < TODAY
    app.close()


@pytest.mark.parametrize("language", ["en", "de", "fr", "it", "es"])
@pytest.mark.parametrize("record", ["game-2p.jsonl", "game-4p.jsonl", "game-3p-intro.jsonl"])
def test_the_setup_checklist_fits_in_five_languages(tmp_path: Path, language: str,
                                                    record: str) -> None:
    text_reports.clear_reports()
    app, d = started(tmp_path, record, language)
    every_step(d)
    assert [r for r in text_reports.REPORTS if r.screen == "SetupChecklist"] == []
    app.close()


def go_on_words(d: Driver) -> list[str]:
    d.app.draw()
    return next(w for w in d.app.widgets if w.id == "continue").lines


def test_start_the_draft_says_how_many_steps_are_not_ticked(tmp_path: Path) -> None:
    """Play-test finding 4: the group may go on with steps unticked, but is told how many."""
    from companion.display.screens.setup.checklist import ticks_of

    text_reports.clear_reports()
    app, d = started(tmp_path, "game-4p.jsonl")
    total = len(app.screen._items(app))
    assert go_on_words(d) == ["Start the draft", f"{total} steps not ticked"]
    d.tap("group:board")
    d.tap("steps:all")
    left = len(ticks_of(app).left())
    assert 0 < left < total
    assert go_on_words(d) == ["Start the draft", f"{left} steps not ticked"]
    for key in [w.id for w in d.widgets() if w.id.startswith("group:")]:
        d.tap(key)
        if d.has("steps:all"):
            d.tap("steps:all")
    assert go_on_words(d) == []  # all ticked: the button's word alone
    assert [r for r in text_reports.REPORTS if r.screen == "SetupChecklist"] == []
    app.close()


def test_every_players_village_centre_is_framed_in_sight(tmp_path: Path, monkeypatch) -> None:
    """Play-test finding 20: White's frame on the centres' picture was white on the light
    picture: it looked like the spare. Scanning into each centre from the left, the frame
    stands out from the picture before the centre's own edge (white outlined dark)."""
    from companion.display.pictures import pieces

    calls: list = []
    real = pieces.centres
    monkeypatch.setattr(pieces, "centres", lambda s, r, cols, back: (
        calls.append((r.copy(), list(cols), back)), real(s, r, cols, back)))
    app, d = started(tmp_path, "game-4p.jsonl")
    d.tap("group:players")
    for _ in range(10):
        calls.clear()
        app.draw()
        if calls or not d.has("steps:down"):
            break
        d.tap("steps:down")
    assert calls
    r, cols, back = calls[-1]
    assert "white" in cols
    surface = app.surface
    n = len(cols) + (1 if back else 0)
    w = r.width // n
    y = r.centery
    bg = surface.get_at((r.left + 1, r.top + 1))[:3]
    meadow = pieces.CENTRE
    for i, c in enumerate(cols):  # from the left of its place to the centre's meadow
        row = [surface.get_at((x, y))[:3] for x in range(r.left + i * w, r.left + (i + 1) * w)]
        row = row[:row.index(meadow)]
        standing_out = [p for p in row if sum(abs(a - b) for a, b in zip(p, bg, strict=True))
                        > 90]
        assert len(standing_out) >= 3, (c, row)  # more than the centre's own 2 px edge
    app.close()


def test_the_unused_start_tiles_go_back_to_the_box_before_the_rest_is_laid_out(
        tmp_path: Path) -> None:
    """3 players (play-test 2026-11-28, finding 14): a table doing the steps in order puts
    one tile of each type back first, then lays out the 10 that are drafted, not all 15."""
    app, d = started(tmp_path, "game-3p.jsonl")
    words = every_step(d)
    order = [words[i] for i in sorted(words)]
    back = next(i for i, w in enumerate(order) if "back into the box: one of each type" in w)
    laid = next(i for i, w in enumerate(order) if "Lay the start tiles out" in w)
    assert back < laid, order
    app.close()
