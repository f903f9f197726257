"""The coins follow the actions, through the screens: one coin with the first action, then
"One more action" on the turn's steps and "Do it: +1 coin"; the same turn as two coins counted
up front, the table told each coin; "One more action" only where the engine takes a coin."""

from __future__ import annotations

import json
from pathlib import Path

from companion.display.app.loop import App
from companion.display.contract import helvetia_state, table_log
from companion.engine import AddCoin, Choose, Game, parse_action, why_not
from tests.app_config import config
from tests.ui_driver import Driver

DATA = Path(__file__).parent.parent / "data"
LINES = (DATA / "game-2p.jsonl").read_text().splitlines()


def test_one_coin_then_one_more_action_is_the_turn_of_two_coins(tmp_path: Path) -> None:
    actions = [parse_action(json.loads(x)) for x in LINES[1:]]
    k = next(i for i, a in enumerate(actions) if isinstance(a, Choose) and a.coins == 2)
    choose = actions[k]
    assert isinstance(choose, Choose)
    app = App(config(tmp_path))
    d = Driver(app)
    d.reach(LINES, stop=k)
    d.turn_action(actions[k + 1], coins=1)  # the first action with one coin
    game = app.session.game
    assert game.actions[-2:] == [Choose(choose.player, choose.character, 1), actions[k + 1]]
    assert d.has("end_turn") and d.has("more")  # all bought: End turn, or one more
    d.tap("more")
    assert app.screen.shows == choose.character
    do = next(w for w in d.widgets() if w.id == "do")
    assert do.lines[-1] == "+1 coin"  # under what it does
    d.turn_action(actions[k + 2], coins=None)  # tapped as it is, then "Do it: +1 coin"
    assert game.actions[-2:] == [AddCoin(choose.player), actions[k + 2]]
    said = [s.code for s, _st, _back in table_log(app).shown()]
    assert said.count("table.coins_on_character") == 2  # each coin told as it is put on
    d.seat(choose.player)  # the turn ends as the record's did
    assert game.actions[-1] == actions[k + 3]
    up_front = Game.from_record(LINES[:k + 5])
    assert helvetia_state(app).character_coins == up_front.state.character_coins
    players = helvetia_state(app).players
    assert [p.coins for p in players] == [p.coins for p in up_front.state.players]
    # The record replays with the coins as they followed the actions.
    replayed = Game.from_record(game.record_lines())
    assert replayed.state.character_coins == helvetia_state(app).character_coins
    app.close()


def test_one_more_action_is_offered_only_where_a_coin_buys_one(tmp_path: Path) -> None:
    """Over the turns of game-2p played through the screens: wherever the turn's steps show
    "One more action", the engine takes one more coin; wherever they do not after the last
    bought action, it refuses it (or nothing it offers could be done)."""
    app = App(config(tmp_path))
    d = Driver(app)
    actions = [parse_action(json.loads(x)) for x in LINES[1:]]
    seen = {True: 0, False: 0}
    for i, a in enumerate(actions):
        d.reach(LINES, stop=i + 1)
        s = helvetia_state(app)
        if s is None or s.turn is None or s.turn.character is None or a.type == "end_turn":
            continue
        if s.turn.done < s.turn.coins or s.active != s.turn.player:
            continue
        shown = any(w.id == "more" for w in d.enabled())
        if getattr(app.screen, "view", None) != "steps":
            continue
        seen[shown] += 1
        if shown:
            assert why_not(s, AddCoin(s.active)) is None
    assert seen[True] and seen[False]
    app.close()


def test_one_more_action_that_buys_goods_names_every_coin_it_takes(tmp_path: Path) -> None:
    """A second build through "One more action" that buys a good: the button names the coin
    on the Builder and the coins for the goods, as the hand loses them (play-test on the
    merged tree: "+1 coin" while 3 coins left the hand)."""
    from companion.engine import Build
    from companion.selfplay import play
    from tests import uiplay
    from tests.display.test_dialog_words import CoinCounter

    game, _result = play(3, 2)
    lines = game.record_lines()
    actions = list(game.actions)
    k = next(i for i, a in enumerate(actions) if isinstance(a, Choose) and a.coins >= 2
             and a.character == "builder" and isinstance(actions[i + 2], Build)
             and actions[i + 2].buy and isinstance(actions[i + 1], Build))
    app, d = uiplay.started(lines, tmp_path, "en", CoinCounter)
    d.reach(lines, stop=k)
    d.turn_action(actions[k + 1], coins=1)
    d.tap("more")
    second = actions[k + 2]
    assert isinstance(second, Build)
    before = helvetia_state(app).player(second.player).coins
    d.turn_action(second, coins=None)
    paid = before - helvetia_state(app).player(second.player).coins
    assert paid == 1 + sum(n for _g, n in second.buy) and paid > 1
    assert d.checked[-1][1] == paid and d.checked[-1][0].endswith(f"+{paid} coins"), d.checked
    app.close()
