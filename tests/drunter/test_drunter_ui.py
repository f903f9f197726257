"""Drunter & Drüber played through the screens (taps and seat buttons only, SDL's dummy
driver): a made-up board entered on the board screen, a 3-player game set up, played to the
end with a toilet vote and a restart in the middle that resumes exactly, the end's cards
tapped and the scores shown; the game is then listed with the game named and kept out of
Helvetia's statistics."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from companion.display.app.loop import App
from companion.display.kit import text_reports
from companion.display.words import i18n
from companion.drunter.actions import CannotPlace, Place, Vote
from companion.drunter.state import CHOOSE, OVER, PLAY, REVEAL, VOTE
from companion.history import stats
from companion.hw.drunter_leds import NO, YES
from companion.hw.leds import BAR_LEVEL, scale
from companion.store.summaries import summaries
from tests.app_config import config
from tests.drunter.test_drunter_board_screen import enter_made_up_board
from tests.ui_driver import Driver

HANDS = {3: (1, 2), 2: (3, 3), 1: (3, 3)}
"""Per length, the street and wall tiles tapped in for each player (the canals: the rest)."""


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.use("en")


def set_up(d: Driver, players: tuple[str, ...] = ("red", "blue", "yellow"),
           variant: bool = False) -> None:
    """From the new-game screen: the players (seated so that clockwise, Drunter's turn
    order, they come in the order given), the board entered and saved, the hands."""
    d.seat_players([players[0], *reversed(players[1:])])
    enter_made_up_board(d)
    d.tap("save")
    d.tap("back")
    assert d.screen_name() == "DrunterSetupScreen"
    d.tap("next")
    for c in players:
        d.tap(f"hand:{c}")
        for length, (streets, walls) in HANDS.items():
            for kind, n in (("street", streets), ("wall", walls)):
                for _ in range(n):
                    d.tap(f"tiles:{kind}:{length}:+")
    d.tap("start:blue")
    if variant:
        d.tap("variant")
    d.tap("begin")


def play_turn(d: Driver, want_vote: bool, spare: bool = False) -> None:
    """The active player's turn, as a group would: a tile, a square, a way, then its seat
    button (or "Cannot place", only when it is offered). ``spare``: where it can, a tile that
    covers no building."""
    screen = d.app.screen
    state = d.app.session.state
    if d.has("cannot_place"):
        assert screen.cannot_place is not None
        d.seat(state.active)
        return
    assert not any(w.id == "cannot_place" for w in d.widgets())
    voting = [o.action for o in screen.options if o.vote]
    places = screen.places
    if spare:
        buildings = d.app.session.state.board.buildings
        places = [p for p in places if not set(p.squares) & set(buildings)] or places
    target = voting[0] if want_vote and voting else places[0]
    d.tap(f"tile:{target.kind}:{target.length}")
    d.tap(f"square:{target.square[0]},{target.square[1]}")
    if d.app.screen.chosen != target:
        d.tap(f"way:{target.road}:{target.direction}")
    assert d.app.screen.chosen == target
    d.seat(state.active)


def vote(d: Driver, yes: bool) -> None:
    """Everyone shows a card: the active player JA, the others NE (no) or "..?"."""
    state = d.app.session.state
    for p in state.players:
        card = "ja" if p.colour == state.active else ("ne" if not yes else "abstain")
        d.tap(f"card:{p.colour}:{card}")
    d.tap("count")


def test_a_three_player_game_through_the_screens_with_a_vote_and_a_restart(
        tmp_path: Path) -> None:
    app = App(config(tmp_path))
    d = Driver(app)
    set_up(d)
    assert d.screen_name() == "DrunterTurnScreen"
    assert app.session.state.active == "blue"
    votes = 0
    turns = 0
    restarted = False
    while app.session.state.phase in (PLAY, VOTE):
        state = app.session.state
        if state.phase == VOTE:
            assert d.screen_name() == "DrunterVoteScreen"
            vote(d, yes=votes % 2 == 1)  # the first vote lost, the second won
            last = app.session.game.actions[-1]
            assert isinstance(last, Vote)
            result = app.session.state.votes[-1]
            assert result.passed == (votes % 2 == 1)
            seat_led = app.strip.pixels[app.config.leds.layout.seats[0].bar[0]]
            assert seat_led == scale(YES if result.passed else NO, BAR_LEVEL * 2)
            votes += 1
            continue
        play_turn(d, want_vote=votes < 2)
        turns += 1
        if turns == 6 and not restarted:  # a power cut in the middle: back where it was
            lines = app.session.game.record_lines()
            screen = d.screen_name()
            app.close()
            app = App(config(tmp_path))
            d = Driver(app)
            assert app.session is not None and app.session.game.record_lines() == lines
            assert d.screen_name() == screen
            restarted = True
        assert turns < 80
    assert restarted and votes >= 2
    assert d.screen_name() == "DrunterRevealScreen"
    for colour, card in (("red", "A"), ("blue", "C"), ("yellow", "B")):
        d.tap(f"reveal:{colour}:{card}")
    d.tap("score")
    state = app.session.state
    assert state.phase == OVER and d.screen_name() == "DrunterOverScreen"
    assert set(state.scores) == {"red", "blue", "yellow"} and state.winners
    d.tap("player:blue")
    assert app.session.game.actions.count(CannotPlace("red")) >= 0
    assert any(isinstance(a, Place) for a in app.session.game.actions)
    d.tap("new")
    assert d.screen_name() == "NewGameScreen"
    games = summaries(app.store)
    assert [g.game for g in games] == ["drunter"] and games[0].finished
    assert not games[0].counted and stats.player_stats(games) == []
    assert games[0].winners == state.winners
    app.close()


def test_undo_by_holding_a_seat_button_and_the_leds_show_whose_turn(tmp_path: Path) -> None:
    app = App(config(tmp_path))
    d = Driver(app)
    set_up(d)
    layout = app.config.leds.layout
    seats = list(app.config.seats)
    assert app.strip.pixels[layout.seats[seats.index("blue")].seat] != (0, 0, 0)
    assert app.strip.pixels[layout.seats[seats.index("red")].seat] == (0, 0, 0)
    d.seat("red")  # not red's turn: said, nothing done
    assert "blue" not in app.banner.lower() or "turn" in app.banner.lower()
    assert not app.session.game.actions
    d.seat("blue")  # nothing chosen yet: said
    assert not app.session.game.actions and app.banner
    play_turn(d, want_vote=False)
    assert len(app.session.game.actions) == 1
    d.hold("yellow")
    assert d.screen_name() == "DrunterUndoConfirm"
    d.tap("undo:yes")
    assert not app.session.game.actions and app.session.state.active == "blue"
    app.close()
    again = App(config(tmp_path))
    assert again.session is not None and not again.session.game.actions
    d = Driver(again)
    play_turn(d, want_vote=False)
    d.tap("undo")
    d.tap("abandon")
    d.tap("abandon:yes")  # kept in the store, marked abandoned; a new game can start
    assert d.screen_name() == "NewGameScreen" and again.session is None
    games = summaries(again.store)
    assert [(g.game, g.status) for g in games] == [("drunter", "abandoned")]
    again.close()
    third = App(config(tmp_path))
    assert third.session is None
    third.close()


def play_to_the_end(d: Driver, *, spare: bool = False) -> int:
    """Every turn, vote and choice until the cards are to be revealed; the votes held."""
    votes = 0
    while d.app.session.state.phase not in (REVEAL, OVER):
        phase = d.app.session.state.phase
        if phase == VOTE:
            vote(d, yes=votes % 2 == 1)
            votes += 1
        elif phase == CHOOSE:
            assert d.screen_name() == "DrunterChooseScreen"
            d.tap("chosen")
        else:
            play_turn(d, want_vote=votes < 2, spare=spare)
    return votes


@pytest.mark.parametrize(("language", "variant"), [("en", True), ("de", False), ("de", True),
                                                   ("fr", False), ("it", False), ("es", True)])
def test_every_drunter_text_fits_and_stands_out(tmp_path: Path, language: str,
                                                variant: bool) -> None:
    """A whole game (the variant too) through every Drunter screen, in every language: no text
    cut or shrunk below 24 px, none below 4.5:1 contrast."""
    text_reports.clear_reports()
    app = App(config(tmp_path, language))
    d = Driver(app)
    set_up(d, variant=variant)
    d.tap("undo")
    assert d.screen_name() == "DrunterUndoConfirm"
    d.tap("undo:no")
    votes = play_to_the_end(d, spare=True)
    assert votes == (0 if variant else votes) and app.session.state.phase == REVEAL
    cards = (("red", ("A", "max3")), ("blue", ("C", "lowest")), ("yellow", ("B", "E"))) \
        if variant else (("red", ("A",)), ("blue", ("C",)), ("yellow", ("B",)))
    for colour, shown in cards:
        for card in shown:
            d.tap(f"reveal:{colour}:{card}")
    d.tap("score")
    assert app.session.state.phase == OVER
    d.tap("player:red")
    d.widgets()
    d.tap("new")
    d.open_games()
    d.widgets()
    mine = [(r.screen, r.text, r.box, r.size) for r in text_reports.REPORTS
            if r.screen.startswith("Drunter") or r.screen == "GamesScreen"]
    assert mine == []
    assert [m for m in text_reports.contrast_misses(4.5) if m[0].startswith("Drunter")] == []
    app.close()


def test_a_restart_during_a_vote_comes_back_to_the_vote(tmp_path: Path) -> None:
    app = App(config(tmp_path, "de"))
    d = Driver(app)
    set_up(d)
    while app.session.state.phase != VOTE:
        play_turn(d, want_vote=True)
    lines = app.session.game.record_lines()
    app.close()
    app = App(config(tmp_path, "de"))  # the power back: the vote is still on
    d = Driver(app)
    assert d.screen_name() == "DrunterVoteScreen"
    assert app.session.game.record_lines() == lines
    d.seat(app.session.state.active)  # a seat button says what is awaited, does nothing
    assert app.banner is not None and "Toilette" in app.banner
    assert app.session.game.record_lines() == lines
    vote(d, yes=True)
    assert app.session.state.votes[-1].passed and app.session.state.phase == PLAY
    app.close()
