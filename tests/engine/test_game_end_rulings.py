"""§12's rulings where the rulebook is silent, so that the companion never runs for ever:
"Deadlock" (a round of only "cannot act" whose round end brings nothing new: the game ends
after that scoring) and "Ended by agreement" (the table stops at a round end: a finished game
with a winner, unlike "abandon")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.engine import EndByAgreement, Game, IllegalAction, decide_winners
from companion.engine.round_end import end_round
from companion.engine.state import OVER, PLAY, REVEAL, SCHOOL

RECORD = (Path(__file__).parent.parent / "data" / "game-4p.jsonl").read_text().splitlines()


def at_round_start() -> Game:
    """The 4-player game at the start of its third round (two round ends scored)."""
    game = Game.from_record(RECORD[:1])
    for line in RECORD[1:]:
        game.apply(json.loads(line))
        s = game.state
        if s.phase == PLAY and s.round == 3 and not s.acted and not game.state.passes:
            return game
    raise AssertionError("no third round")


def quiet_round_end(game: Game, *, school: bool = False, stacks: bool = False,
                    acted: bool = False) -> object:
    """The state after a round end in which nobody acted (forced: every coin holder said it
    cannot act), with or without villagers in the school and buildings in the stacks."""
    s = game.state.clone()
    s.acted = acted
    for colour in s.school:
        s.school[colour] = {"m": 1 if school and colour == s.colours[0] else 0, "f": 0}
    for v in s.villages.values():
        for cell in list(v.buildings):
            v.set_children(cell, ())
    if not stacks:
        s.stacks = {k: {} for k in s.stacks}
    end_round(s, None)
    return s


def test_a_round_of_only_cannot_act_with_nothing_new_ends_the_game_with_a_winner() -> None:
    s = quiet_round_end(at_round_start())
    assert s.phase == OVER and s.ended_by == "deadlock"  # type: ignore[attr-defined]
    assert max(s.track.values()) < 20  # type: ignore[attr-defined]
    assert (s.winners, s.tie_break) == decide_winners(s)  # type: ignore[attr-defined,arg-type]
    assert s.winners  # type: ignore[attr-defined]


@pytest.mark.parametrize("what", ["acted", "school", "stacks"])
def test_a_round_end_that_brings_something_new_goes_on(what: str) -> None:
    s = quiet_round_end(at_round_start(), **{what: True})
    assert s.phase != OVER and s.ended_by is None  # type: ignore[attr-defined]
    assert s.phase == {"acted": PLAY, "school": SCHOOL, "stacks": REVEAL}[what]  # type: ignore[attr-defined]


def test_any_action_marks_the_round_as_acted_and_a_new_round_begins_unacted() -> None:
    game = Game.from_record(RECORD[:1])
    rounds: dict[int, bool] = {}
    for line in RECORD[1:]:
        before = game.state
        game.apply(json.loads(line))
        if game.state.round != before.round and game.state.phase == PLAY:
            assert not game.state.acted  # the new round: nothing done yet
        if game.state.phase == PLAY:
            rounds[game.state.round] = rounds.get(game.state.round, False) or game.state.acted
    assert all(rounds.values())  # every round of a real game had actions


def test_the_table_may_end_the_game_by_agreement_at_a_round_end() -> None:
    game = Game.from_record(RECORD[:1])
    for line in RECORD[1:]:
        game.apply(json.loads(line))
        if game.state.phase == REVEAL:
            break
    n = len(game.actions)
    track = dict(game.state.track)
    state = game.apply(EndByAgreement())
    assert state.phase == OVER and state.ended_by == "agreement"
    assert state.track == track and (state.winners, state.tie_break) == decide_winners(state)
    lines = game.record_lines()
    assert lines[-1] == '{"type": "end_by_agreement"}' or json.loads(lines[-1]) == {
        "type": "end_by_agreement"}
    again = Game.from_record(lines)  # replayable like every action
    assert again.state.winners == state.winners and again.state.ended_by == "agreement"
    game.undo()
    assert game.state.phase == REVEAL and len(game.actions) == n


def test_ending_by_agreement_is_refused_mid_round_and_in_the_first_round() -> None:
    game = Game.from_record(RECORD[:1])
    for line in RECORD[1:]:
        game.apply(json.loads(line))
        s = game.state
        if s.phase == PLAY and s.round == 1 and s.acted:
            break
    with pytest.raises(IllegalAction) as info:
        game.apply(EndByAgreement())
    assert info.value.msg.code == "not_at_round_end"
    game = at_round_start()  # right after a round end's scoring: allowed
    assert game.apply(EndByAgreement()).ended_by == "agreement"


def test_end_the_game_here_beside_abandon_at_a_round_end_on_the_screens(tmp_path: Path) -> None:
    from companion.config import Buttons, Config, Leds
    from companion.display.app.loop import App
    from companion.session import Session
    from companion.store import Store
    from tests.ui_driver import Driver

    game = Game.from_record(RECORD[:1])
    for line in RECORD[1:]:
        game.apply(json.loads(line))
        if game.state.phase == REVEAL:
            break
    upto = len(game.actions)
    store, _ = Store.open(tmp_path / "helvetia.db")
    session = Session.start(store, json.loads(RECORD[0]))
    for line in RECORD[1:upto + 1]:
        session.apply(json.loads(line))
    store.close()
    app = App(Config(data_dir=tmp_path, buttons=Buttons(backend="keyboard"),
                     leds=Leds(backend="simulated")))
    ui = Driver(app)
    assert app.session is not None and app.session.state.phase == REVEAL
    ui.hold(app.session.state.start_player or "red")  # a held seat button: the undo question
    assert "endgame" in ui.ids() and "abandon" in ui.ids()
    ui.tap("endgame")
    assert ui.screen_name() == "EndGameConfirm"
    ui.tap("endgame:yes")
    state = app.session.state
    assert state.game_over and state.ended_by == "agreement" and state.winners
    assert app.store is not None
    [info] = app.store.games()
    assert info.ended_at is not None and info.result is not None
    assert info.result["winners"] == state.winners and info.result["ended_by"] == "agreement"
    app.close()
