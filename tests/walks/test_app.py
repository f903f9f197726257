"""The app end to end: a whole recorded game played through the screens by touches and seat
buttons; its scores equal `helvetia replay`; killed and restarted mid-game, it goes on."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.display.contract import helvetia_state

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from companion.display.app.loop import App
from companion.display.screens import GameOverScreen
from tests.app_config import config
from tests.ui_driver import Driver

DATA = Path(__file__).parent.parent / "data"


def replay(path: Path) -> dict:
    done = subprocess.run([sys.executable, "-m", "companion.cli", "replay", str(path)],
                          capture_output=True, text=True, timeout=120, check=True)
    return json.loads(done.stdout)


@pytest.mark.parametrize("name", ["game-2p"])
def test_a_recorded_game_through_the_ui_and_a_restart_mid_game(tmp_path: Path,
                                                                name: str) -> None:
    lines = (DATA / f"{name}.jsonl").read_text().splitlines()
    app = App(config(tmp_path))
    driver = Driver(app)
    half = (len(lines) - 1) // 2
    driver.play(lines, stop=half)
    before = app.session.game.record_lines()  # type: ignore[union-attr]
    # Killed: nothing closed, nothing flushed by hand. A new app on the same data resumes.
    app.store.lock.release()  # (what the kernel does for a killed process's lock)
    app = App(config(tmp_path))
    assert app.session is not None
    assert app.session.game.record_lines() == before
    again = Driver(app)
    again.play(lines)
    screen = app.screen
    assert isinstance(screen, GameOverScreen)
    app.draw()
    truth = replay(DATA / f"{name}.jsonl")
    assert screen.shown == {c: p["vp"] for c, p in truth["players"].items()}
    assert app.session.game.record_lines()[1:] == lines[1:]
    app.close()


# --- never a screen without a way on (issue 9) -----------------------------------------------


def test_a_forced_pick_is_shown_as_what_it_is_one_tap_or_the_seat_button(
        tmp_path: Path) -> None:
    """Pick 11 of the 4-player draft: White can only take the last Brickyard. The screen says
    so, one tap confirms it; White's seat button does the same."""
    from companion.display.screens import SetupScreen
    from companion.engine import Pick

    lines = (DATA / "game-4p.jsonl").read_text().splitlines()
    for by_seat in (False, True):
        app = App(config(tmp_path / str(by_seat)))
        d = Driver(app)
        d.play(lines, stop=11)
        assert isinstance(app.screen, SetupScreen)
        confirm = [w for w in d.enabled() if w.id == "confirm"]
        assert [w.value for w in confirm] == [Pick("white", "brickyard")]
        assert "Brickyard" in confirm[0].label
        assert [w.id for w in d.enabled() if w.id.startswith("value:")] == []
        if by_seat:
            d.seat("blue")  # not Blue's answer: nothing happens
            assert len(d.done()) == 11
            d.seat("white")
        else:
            d.tap("confirm")
        assert d.done()[-1] == Pick("white", "brickyard")
        app.close()


def test_abandon_a_game_for_a_new_one_after_a_confirmation(tmp_path: Path) -> None:
    from companion.display.screens import NewGameScreen

    lines = (DATA / "game-2p.jsonl").read_text().splitlines()
    app = App(config(tmp_path))
    d = Driver(app)
    d.new_game(json.loads(lines[0]))  # started, nothing done yet: undo has nothing to take back
    d.tap("undo")
    assert not d.has("undo:yes")
    d.tap("abandon")
    d.tap("abandon:no")  # kept
    assert app.session is not None and app.overlay is None
    d.play(lines, stop=25)
    d.hold("red")  # a held seat button asks the same
    d.tap("abandon")
    d.tap("abandon:yes")
    assert isinstance(app.screen, NewGameScreen) and app.session is None
    assert app.store.unfinished() is None  # kept in the store, ended
    app.close()
    again = App(config(tmp_path))  # a restart does not bring it back
    assert again.session is None
    again.close()


def test_a_cost_read_off_a_tile_during_a_turn(tmp_path: Path) -> None:
    """Buildings of unknown cost on offer: the turn offers to enter one, which prices them."""
    from companion.engine import TileCost

    lines = (DATA / "game-2p.jsonl").read_text().splitlines()
    app = App(config(tmp_path))
    d = Driver(app)
    d.play(lines, stop=19)
    d.to_turn_main()
    d.tap("tile_cost")
    d.tap("tile_cost:mine")
    for g in ("wood", "brick", "brick"):
        d.tap(f"good:{g}")
    d.tap("cost:done")
    assert d.done()[-1] == TileCost("red", "mine", (("brick", 2), ("wood", 1)))
    assert helvetia_state(app).known_cost("mine") == (("brick", 2), ("wood", 1))
    app.close()


def test_forced_start_buildings_go_straight_to_the_letter(tmp_path: Path) -> None:
    """Simplified setup: the first three players take all the Brickyards and Wells, so the
    last player's three buildings are forced; the screen asks only for the letter."""
    from companion.engine import StartBuildings, header_line

    players = [("red", "Anna"), ("blue", "Ben"), ("yellow", "Carla"), ("white", "Dario")]
    header = header_line(players, setup="simplified")
    takes = [("red", "grain_farm", "A"), ("blue", "stonemason", "B"),
             ("yellow", "woodcutter", "C")]
    lines = [json.dumps(header), json.dumps({"type": "start_player", "player": "red"})] + [
        json.dumps({"type": "start_buildings", "player": c,
                    "buildings": sorted(["brickyard", "well", third]), "letter": letter})
        for c, third, letter in takes]
    app = App(config(tmp_path))
    d = Driver(app)
    d.play(lines)
    ids = [w.id for w in d.enabled()]
    assert not any(i.startswith("value:") for i in ids)
    assert "letter:D" in ids and "letter:A" not in ids
    d.tap("letter:D")
    assert d.done()[-1] == StartBuildings(
        "white", ("grain_farm", "stonemason", "woodcutter"), "D")
    app.close()


@pytest.mark.parametrize("players,setup,box", [(3, "draft", 10), (2, "draft", 10),
                                               (4, "draft", None), (3, "simplified", None)])
def test_the_draft_with_fewer_than_4_says_to_put_one_of_each_back_in_the_box(
        tmp_path: Path, players: int, setup: str, box: int | None) -> None:
    """§6.1.1: with 2-3 players one start building of each type goes back in the box (10 on
    offer), said where the table prepares the draft; the simplified setup keeps all 15."""
    from companion.display.screens.setup.setup_screen import SetupScreen, instruction
    from companion.engine import header_line

    seats = [("red", "Anna"), ("blue", "Ben"), ("yellow", "Carla"), ("white", "Dario")]
    app = App(config(tmp_path))
    d = Driver(app)
    d.new_game(header_line(seats[:players], setup=setup))
    d.tap("continue")  # past the setup checklist (which says the same: test_setup_checklist)
    assert isinstance(app.screen, SetupScreen)
    said = instruction(helvetia_state(app), None)
    assert sum(helvetia_state(app).start_pool.values()) == (box or 15)
    if box is None:
        assert "box" not in said
    else:
        assert f"back in the box: {box} stay on offer" in said
    app.close()


def test_the_drafts_take_from_case_says_whose_buildings_are_offered(tmp_path: Path) -> None:
    """§6.1.2: Red can only take a type it has, so it takes one of another player's start
    buildings; the screen says so and shows whose each building is (not 'from the offer')."""
    from companion.display.screens.setup.setup_screen import instruction
    from companion.engine import Pick, header_line

    seats = [("red", "Anna"), ("blue", "Ben"), ("yellow", "Carla")]
    picks = [("yellow", "brickyard"), ("blue", "well"), ("red", "stonemason"),
             ("red", "woodcutter"), ("blue", "grain_farm"), ("yellow", "grain_farm"),
             ("yellow", "well"), ("blue", "brickyard")]
    lines = [json.dumps(header_line(seats)),
             json.dumps({"type": "start_player", "player": "yellow"})] + [
        json.dumps({"type": "pick", "player": c, "building": b}) for c, b in picks]
    app = App(config(tmp_path))
    d = Driver(app)
    d.play(lines)
    said = instruction(helvetia_state(app), "red")
    assert "from the offer" not in said and "another player's start buildings" in said
    app.draw()
    labels = {w.id: w.label for w in d.enabled("value:building:")}
    assert labels == {"value:building:well": "Well (from Ben, Carla)",
                      "value:building:grain_farm": "Grain farm (from Ben, Carla)",
                      "value:building:brickyard": "Brickyard (from Ben, Carla)"}
    d.tap("value:building:well")
    assert {w.id for w in d.enabled("value:take_from:")} == {
        "value:take_from:blue", "value:take_from:yellow"}
    d.tap("value:take_from:blue")
    assert d.done()[-1] == Pick("red", "well", "blue")
    app.close()
