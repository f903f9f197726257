"""The virtual player: its decisions are legal, its own, deterministic, and fair."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.bot import CostNeeded, NothingToDecide, UnknownLevel, choices, decide, deciders
from companion.bot.arena import play_game, run
from companion.bot.evaluate import deliverable_goods
from companion.bot.playout import next_decider, table_action
from companion.engine import Game, TileCost, apply, header_line, turn_options
from companion.engine.state import PLAY

DATA = Path(__file__).resolve().parent.parent / "data"


def recorded(name: str = "game-4p") -> Game:
    return Game.from_record((DATA / f"{name}.jsonl").read_text().splitlines())


def test_every_decision_is_legal_and_deterministic() -> None:
    game = recorded()
    for state in game._states[::9]:
        for colour in deciders(state):
            for level in ("random", "easy", "normal", "strong"):
                action = decide(state, colour, level=level, seed=4, budget_s=0.02)
                apply(state, action)  # the engine accepts it
                assert action in choices(state, colour)
                assert decide(state, colour, level=level, seed=4, budget_s=0.02) == action


def test_nothing_to_decide_is_a_clear_error() -> None:
    game = recorded()
    state = next(s for s in game._states if s.phase == PLAY)
    other = next(c for c in state.colours if c != state.active)
    with pytest.raises(NothingToDecide, match="Nothing is"):
        decide(state, other, level="normal")
    with pytest.raises(NothingToDecide):
        decide(state, "green", level="normal")
    with pytest.raises(NothingToDecide):  # the round end's draw is the table's
        decide(game.state, state.active or "", level="normal")
    with pytest.raises(UnknownLevel, match="no level 'genius'"):
        decide(state, state.active or "", level="genius")


def test_an_unknown_cost_is_asked_of_the_table_first() -> None:
    """A building on offer whose cost the device does not know: the virtual player asks for
    the one it wants before it plans on, and plans once the table has read it off the tile."""
    game = Game(header_line([("red", "A"), ("blue", "B"), ("yellow", "C")]))
    rng = random.Random(3)
    while game.state.phase != PLAY:
        colour = next_decider(game.state, rng)
        game.apply(table_action(game.state, rng) if colour is None
                   else decide(game.state, colour, level="easy"))
    state = game.state
    colour = state.active
    assert colour is not None
    assert turn_options(state).costs_needed  # a new device: no cost known
    asked = []
    for _ in range(len(turn_options(state).costs_needed) + 1):  # one tile at a time, the
        try:  # one the plan wants (issue 32), until it plans with what it knows
            apply(state, decide(state, colour, level="strong"))
            break
        except CostNeeded as need:
            assert len(need.buildings) == 1 and need.buildings[0] not in asked
            asked.append(need.buildings[0])
            state = apply(state, TileCost(colour, need.buildings[0], (("wood", 1),)))
    else:
        raise AssertionError(f"no decision after reading {asked}")


@pytest.mark.parametrize("levels", [("strong", "normal"), ("normal", "easy", "random"),
                                    ("strong", "normal", "easy", "random")])
def test_whole_games_end_with_no_violation(levels: tuple[str, ...]) -> None:
    result = play_game(levels, 21)
    assert not result.violations and not result.stuck
    assert result.winners


def test_the_arena_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(("normal", "random"), 2, 5, as_json=True) == 0
    out = capsys.readouterr().out
    assert '"violations": []' in out and '"stuck_games": 0' in out and '"median"' in out


def test_the_goods_strong_counts_are_what_the_carter_could_deliver() -> None:
    """The strong level's worth of the goods a player could deliver now is asked of the
    engine's production rule: the same goods as the Carter options of that moment."""
    game = recorded()
    seen = 0
    for state in game._states:
        turn = state.turn
        if state.phase != PLAY or turn is None or turn.character is not None:
            continue
        colour = state.active or ""
        if not state.player(colour).coins:
            continue
        carter = turn_options(state).regular.get("carter", ())
        goods = {o.action.chain[-1].good for o in carter}  # type: ignore[attr-defined]
        assert set(deliverable_goods(state, colour)) == goods
        seen += bool(goods)
    assert seen > 10
