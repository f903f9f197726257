"""A virtual player's summary counts its coins as its steps do (play-test 2026-11-28, round 3:
it built with a tile, then added a coin, and the summary left that coin out). Over many
seeded virtual turns, from every turn of the recorded games (and from the middle of turns,
after the character was chosen): the coins the summary's lines say == the coins the table
steps of the same plan put from the hand onto the characters; and every line that puts coins
says its number."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from companion.bot.legal import CostNeeded
from companion.bot.whole_turn import whole_turn
from companion.display.screens.turn.plan_lines import PUT, plan_lines
from companion.display.screens.turn.virtual import VirtualScreen, summary_layout
from companion.display.words import i18n
from companion.engine import (
    Action,
    AddCoin,
    CannotAct,
    Choose,
    EndTurn,
    Game,
    GameState,
    apply,
    turn_options,
)
from companion.engine.do_it import more_options
from companion.engine.state import PLAY
from companion.engine.table import steps
from tests.virtual_play import three_virtual_until

DATA = Path(__file__).parent.parent / "data"
RECORDS = ("game-2p.jsonl", "game-3p.jsonl", "game-4p.jsonl", "history-3p.jsonl")


def put_by_steps(state: GameState, plan: tuple[Action, ...]) -> int:
    """The coins the plan's table steps put from a hand onto a character."""
    n, s = 0, state
    for action in plan:
        after = apply(s, action)
        n += sum(int(st.message.params["n"]) for st in steps(s, action, after)
                 if st.code in PUT)
        s = after
    return n


def positions(name: str) -> list[tuple[GameState, str]]:
    """Each turn's start, and the moment right after each turn's choice of a character."""
    lines = (DATA / name).read_text().splitlines()
    game = Game.from_record(lines)
    out: list[tuple[GameState, str]] = []
    for i, a in enumerate(game.actions):
        if isinstance(a, Choose) and game.states[i].phase == PLAY:
            out.append((game.states[i], a.player))
            out.append((game.states[i + 1], a.player))
    return out


def check(state: GameState, colour: str, level: str, seed: int, seen: Counter[str]) -> None:
    without: tuple[str, ...] = ()
    while True:
        try:
            plan = whole_turn(state, colour, level=level, seed=seed, without=without)
            break
        except CostNeeded as need:  # costs the table did not read off: planned without
            if set(need.buildings) <= set(without):
                return  # the rules want it priced (a pass, §7): the table reads it first
            without += need.buildings
    check_plan(state, plan, seen)


def check_plan(state: GameState, plan: tuple[Action, ...], seen: Counter[str]) -> None:
    """The property for one plan."""
    lines = plan_lines(state, plan)
    assert len(lines) == len(plan)
    assert sum(line.coins for line in lines) == put_by_steps(state, plan), (plan, lines)
    for line in lines:
        if line.coins:
            assert str(line.coins) in line.words, line
    seen["plans"] += 1
    seen["add_coin"] += any(isinstance(a, AddCoin) for a in plan)
    seen["tile_goods"] += any("tile;" in line.words for line in lines)
    seen["goods"] += any("for goods" in line.words for line in lines)


@pytest.mark.parametrize("name", RECORDS)
def test_the_summary_s_coins_are_the_steps_coins(name: str) -> None:
    i18n.use("en")
    seen: Counter[str] = Counter()
    for k, (state, colour) in enumerate(positions(name)):
        check(state, colour, ("easy", "normal")[k % 2], k, seen)
    assert seen["plans"] >= 30 and seen["goods"] >= 3, seen


@pytest.mark.parametrize("name", RECORDS)
def test_a_recorded_turn_and_one_more_coin_are_counted_as_their_steps(name: str) -> None:
    """The people's turns of the record as plans (a hint's, a summary's words), and one more
    coin on the chosen character once its coins have bought their actions (§7: the virtual
    player never plans it; a hint may)."""
    i18n.use("en")
    lines = (DATA / name).read_text().splitlines()
    game = Game.from_record(lines)
    seen: Counter[str] = Counter()
    start = None
    for i, a in enumerate(game.actions):
        state = game.states[i]
        if state.phase != PLAY:
            start = None
            continue
        if start is None:
            start = i
        options = turn_options(state)
        for option in [o for o in more_options(state, options)
                       if o.affordable and not o.needs_cost][:1]:
            check_plan(state, (AddCoin(options.player), option.action), seen)
        if isinstance(a, (EndTurn, CannotAct)):
            check_plan(game.states[start], tuple(game.actions[start:i + 1]), seen)
            start = None
    assert seen["plans"] >= 20 and seen["add_coin"] >= 1, seen


@pytest.mark.long
@pytest.mark.parametrize("seed", range(1, 4))
@pytest.mark.parametrize("name", RECORDS)
def test_the_summary_s_coins_are_the_steps_coins_more_seeds(name: str, seed: int) -> None:
    i18n.use("en")
    seen: Counter[str] = Counter()
    for k, (state, colour) in enumerate(positions(name)):
        for level in ("easy", "normal"):
            check(state, colour, level, seed * 1000 + k, seen)


def test_the_virtual_screen_s_summary_and_steps_agree(tmp_path: Path) -> None:
    """Through the screens: three virtual players' turns as the screen shows them, its
    numbered summary against the steps it lists."""
    agreed: list[int] = []

    def enough(screen: VirtualScreen) -> bool:
        assert screen.table is not None
        if screen.reading is not None or screen.state.phase != PLAY:
            return False
        lines = plan_lines(screen.state, tuple(screen.plan))
        own = [s for s, _st, back in screen.table.shown()[screen.table.own:] if not back]
        listed = sum(int(s.message.params["n"]) for s in own
                     if s.message.code.removesuffix(".virtual") in PUT)
        assert sum(line.coins for line in lines) == listed, (screen.plan, lines)
        summary, _hint = summary_layout(screen.state, screen.plan, screen.colour)
        for line in lines:
            if line.coins:
                assert line.words in summary
        agreed.append(listed)
        return len(agreed) >= 12

    app, _d = three_virtual_until(tmp_path, enough)
    app.close()
    assert len(agreed) >= 12 and sum(agreed) > 12, agreed


def test_a_tile_build_s_goods_coins_are_on_its_line() -> None:
    """game-3p: a virtual player's build with the Builder tile that buys goods before it
    chooses a character: that line says the coins its step puts on the Builder."""
    i18n.use("en")
    for k, (state, colour) in enumerate(positions("game-3p.jsonl")):
        plan = whole_turn(state, colour, level="easy", seed=k)
        for i, line in enumerate(plan_lines(state, plan)):
            a = plan[i]
            if not (getattr(a, "tile", False) and getattr(a, "buy", ())):
                continue
            n = put_by_steps(state, plan[:i + 1]) - put_by_steps(state, plan[:i])
            if not n:
                continue
            assert line.coins == n
            assert line.words.endswith(f"(with the Builder tile; {n} coin"
                                       f"{'s' if n > 1 else ''} on the Builder for goods)")
            return
    pytest.fail("no such build in game-3p")
