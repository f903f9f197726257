"""Games with virtual players played through the screens to the winner (see
``tests/virtual_play.py``): a solo game (one person, three virtual players) and a 3-player game
with one virtual player; the virtual turns are read off their screens (every step shown) and
confirmed with "Done" or the seat button; costs are asked of the table; a hint is asked for."""

from __future__ import annotations

import random
from pathlib import Path

import pygame

from companion.bot import whole_turn
from companion.display.contract import helvetia_state
from companion.display.kit import text_reports
from companion.display.screens.turn.virtual import VirtualScreen, next_level
from companion.engine import Game, header_line
from companion.engine.header import check_header
from companion.selfplay import drawn_costs
from tests.virtual_play import Table, play, three_virtual_until, virtual_turn


def test_a_solo_game_to_the_winner(tmp_path: Path) -> None:
    app, table = play(["red", "blue", "yellow", "white"],
                      {"blue": "strong", "yellow": "normal", "white": "easy"}, 7, tmp_path,
                      shots=tmp_path / "shots")
    try:
        state = helvetia_state(app)
        assert state is not None and state.game_over and state.winners
        header = app.session.game.header
        assert [p.get("virtual") for p in header["players"]] == [None, "strong", "normal",
                                                                 "easy"]
        assert table.virtual_turns > 30 and table.by_button > 0 and table.costs_read > 0
        assert table.hints == 1 and len(table.screenshots) == 2
        for shot in table.screenshots:
            assert pygame.image.load(str(shot)).get_size() == (800, 480)
        # the record replays, with its virtual seats, to the same end
        again = Game.from_record(app.session.game.record_lines())
        assert again.state.winners == state.winners
        # the Games list names each virtual seat with its level (play-test 2026-11-28, 23)
        from tests.display.test_turn_words import texts
        from tests.ui_driver import Driver

        Driver(app).open_games()
        text_reports.clear_reports()
        said = " ".join(texts(app))
        assert text_reports.REPORTS == [], text_reports.REPORTS  # and every name fits
        assert all(f"({level})" in said for level in ("Strong", "Normal", "Easy")), said
        assert "(Person)" not in said
    finally:
        app.close()


def test_a_three_player_game_with_one_virtual_player(tmp_path: Path) -> None:
    app, table = play(["red", "blue", "yellow"], {"yellow": "strong"}, 3, tmp_path)
    try:
        state = helvetia_state(app)
        assert state is not None and state.game_over and state.winners
        assert state.options.neutral_colour is None  # three players: no neutral village
        assert table.virtual_turns > 5
    finally:
        app.close()


def test_undo_goes_back_through_a_virtual_turn(tmp_path: Path) -> None:
    """A virtual player's whole turn is taken back with undo, action by action, as anyone's;
    then its screen shows the same turn again (its decisions are deterministic)."""
    app, d = three_virtual_until(tmp_path, lambda s: s.state.phase == "play"
                                 and len(s.plan) > 1)
    try:
        screen = app.screen
        assert isinstance(screen, VirtualScreen)
        secret, t = drawn_costs(random.Random(1)), Table()  # as three_virtual_until's
        plan, colour, start = list(screen.plan), screen.colour, len(d.done())
        virtual_turn(d, secret, t, press=True)
        assert d.done()[start:] == plan
        for _ in plan:
            d.tap("undo")
            d.tap("undo:yes")
        assert len(d.done()) == start
        d.widgets()
        again = app.screen
        assert isinstance(again, VirtualScreen) and again.colour == colour
        assert again.plan == plan
    finally:
        app.close()


def test_the_levels_of_a_seat_and_the_record() -> None:
    assert [next_level(x) for x in (None, "easy", "normal", "strong")] == [
        "easy", "normal", "strong", None]
    header = header_line([("red", "A"), ("blue", "B")])
    header["players"][1]["virtual"] = "strong"
    check_header(header)
    game = Game(header)
    assert whole_turn(game.state, "red", level="normal") == ()  # the start player is the table's
    header["players"][1]["virtual"] = "genius"
    try:
        check_header(header)
    except Exception as exc:
        assert "virtual" in str(exc)
    else:
        raise AssertionError("an unknown level was accepted")


def test_a_thinking_virtual_player_pulses_its_led_seat() -> None:
    from companion.hw.leds import default_layout, frame

    game = Game.from_record((Path(__file__).parent.parent / "data" / "game-3p.jsonl").read_text()
                            .splitlines()[:60])
    state = game.state
    layout = default_layout(3)
    seat = layout.seats[state.colours.index("blue")].seat
    calm = frame(state, layout, t=0.3)
    pulses = {frame(state, layout, t=t, thinking="blue")[seat] for t in (0.0, 0.3, 0.6)}
    assert len(pulses) > 1  # it changes over time
    others = [i for i in range(layout.count) if i != seat]
    assert [frame(state, layout, t=0.3, thinking="blue")[i] for i in others] == [
        calm[i] for i in others]
