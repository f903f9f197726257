"""The table steps (``engine/table.py``): every physical move of an action, each checked
against the state change it stands for, for every action of the recorded games; and the kinds
the table found missing or wrong (a build with bought goods, a 2-coin delivery, a marriage from
the school with a dowry, a birth, a tile action, a whole round end)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.engine import Game, GameState, parse_action
from companion.engine.actions import Action
from companion.engine.table import CODES, ENGLISH, TableStep, english, round_ended, steps

DATA = Path(__file__).parent.parent / "data"
GAMES = ["game-2p", "game-3p", "game-3p-intro", "game-4p"]


def played(name: str) -> Iterator[tuple[GameState, Action, GameState]]:
    lines = (DATA / f"{name}.jsonl").read_text().splitlines()
    game = Game(json.loads(lines[0]))
    for line in lines[1:]:
        before = game.state
        action = parse_action(json.loads(line))
        yield before, action, game.apply(action)


def village_key(state: GameState, param: str) -> str:
    """The state's village key of a message's village parameter."""
    if param == "neutral":
        assert state.options.neutral_colour is not None
        return state.options.neutral_colour
    return param


def adults(state: GameState) -> Counter[tuple[str, Any, str, str, bool]]:
    return Counter((v, cell, a.colour, a.sex, a.awake) for v, village in state.villages.items()
                   for cell, b in village.buildings.items() for a in b.adults)


def children(state: GameState) -> Counter[tuple[str, Any, str, str]]:
    return Counter((v, cell, c, sex) for v, village in state.villages.items()
                   for cell, b in village.buildings.items() for c, sex in b.children)


def check(before: GameState, action: Action, after: GameState, out: list[TableStep]) -> None:
    """Every step says a change that happened, and every change of the pieces has its step."""
    new_adults = adults(after) - adults(before)
    gone_adults = adults(before) - adults(after)
    said_new: Counter[tuple[str, Any, str, str, bool]] = Counter()
    said_gone: Counter[tuple[str, Any, str, str, bool]] = Counter()
    coins_on: Counter[tuple[str, str]] = Counter()
    coins_off: Counter[tuple[str, str]] = Counter()
    for step in out:
        p = step.message.params
        code = step.code
        assert code in CODES
        english(step, after.catalogue)  # every step can be worded
        if "cell" in p and "village" in p and "building" in p:
            v = village_key(after, p["village"])
            assert step.village == v and step.cell == p["cell"]
            state = after if p["cell"] in after.villages[v].buildings else before
            assert state.villages[v].buildings[p["cell"]].type == p["building"], step
        if code == "table.place_building":
            v = village_key(after, p["village"])
            assert p["cell"] not in before.villages[v].buildings
            assert after.villages[v].buildings[p["cell"]].type == p["building"]
        elif code == "table.lay_down":
            key = (step.village, step.cell, p["player"], p["sex"])
            said_gone[(*key, True)] += 1
            said_new[(*key, False)] += 1
        elif code == "table.stand_up":
            key = (step.village, step.cell, p["player"], p["sex"])
            said_gone[(*key, False)] += 1
            said_new[(*key, True)] += 1
        elif code in ("table.move_in", "table.neutral_move_in", "table.marry",
                      "table.neutral_marry", "table.supply_to_building",
                      "table.neutral_to_building", "table.school_home"):
            said_new[(step.village, step.cell, step.colour, step.sex, True)] += 1
        elif code in ("table.coins_on_character", "table.coins_for_goods",
                      "table.coins_for_goods_tile"):
            coins_on[(step.character, step.colour)] += p["n"]
        elif code in ("table.coins_back", "table.coins_to_hand"):
            coins_off[(step.character, step.colour)] += p["n"]
        elif code == "table.cube":
            assert p["good"] in after.player(p["player"]).delivered
            assert p["good"] not in before.player(p["player"]).delivered
        elif code == "table.child":
            assert children(after)[(step.village, step.cell, p["player"], p["sex"])] == \
                children(before)[(step.village, step.cell, p["player"], p["sex"])] + 1
        elif code == "table.tile_face_down":
            assert p["character"] in after.tiles_used
            assert p["character"] not in before.tiles_used
        elif code in ("table.character_tile", "table.character_tile_new"):
            assert after.tile_holder[p["character"]] == p["player"]
            assert before.tile_holder[p["character"]] == p.get("holder")
        elif code == "table.start_token":
            assert after.start_player == p["player"]
        elif code == "table.score":
            assert after.track[p["player"]] == p["n"] != before.track[p["player"]]
        elif code == "table.goods_tile":
            assert after.goods_tiles[p["good"]] == p["player"]
            assert p["good"] not in before.goods_tiles
        elif code == "table.dowry_take":
            assert before.villages[village_key(after, p["village"])].coins[p["holder"]] > 0
            assert after.villages[p["player"]].coins.get(p["holder"], 0) == \
                before.villages[p["player"]].coins.get(p["holder"], 0) + 1
        elif code == "table.dowry_own":
            assert after.player(p["player"]).won_coins == \
                before.player(p["player"]).won_coins + 1
    # Villagers: on buildings, each change said (laid down, stood up, new on a building).
    assert said_new == new_adults, (action, said_new, new_adults)
    assert said_gone == gone_adults, (action, said_gone, gone_adults)
    # Coins on the characters: each coin put on or taken back said, with its count.
    for ch in before.character_coins:
        for c in set(before.character_coins[ch]) | set(after.character_coins[ch]):
            delta = after.character_coins[ch].get(c, 0) - before.character_coins[ch].get(c, 0)
            if delta > 0:
                assert coins_on[(ch, c)] == delta, (action, ch, c, delta)
            elif delta < 0:
                assert coins_off[(ch, c)] == -delta, (action, ch, c, delta)
    # Children: each new one said; at the round's end each one moved to the school (not
    # after the last round: the game is over, no next round needs them).
    born = children(after) - children(before)
    assert sum(born.values()) == sum(1 for s in out if s.code == "table.child")
    moved = children(before) - children(after)
    assert (0 if after.game_over else sum(moved.values())) == sum(
        1 for s in out if s.code == "table.child_to_school")
    # Tiles handed out.
    for tiles, code in ((after.goods_tiles, "table.goods_tile"),
                        (after.branch_tiles, "table.branch_tile")):
        old = before.goods_tiles if code == "table.goods_tile" else before.branch_tiles
        assert len(tiles) - len(old) == sum(1 for s in out if s.code == code)
    assert len(after.village_tiles) - len(before.village_tiles) == \
        sum(1 for s in out if s.code == "table.village_tile")


@pytest.mark.parametrize("name", GAMES)
def test_every_step_of_a_whole_game_matches_the_state_change(name: str) -> None:
    kinds: Counter[str] = Counter()
    for before, action, after in played(name):
        out = steps(before, action, after)
        check(before, action, after, out)
        kinds.update(s.code for s in out)
    assert kinds["table.place_building"] and kinds["table.score"]


def first(kind: Any) -> tuple[GameState, Action, GameState, list[TableStep]]:
    for name in GAMES:
        for before, action, after in played(name):
            if kind(before, action, after):
                return before, action, after, steps(before, action, after)
    raise AssertionError("no such action in the recorded games")


def codes(out: list[TableStep]) -> list[str]:
    return [s.code for s in out]


def test_a_build_with_bought_goods_puts_the_coins_for_them_on_the_builder() -> None:
    before, a, after, out = first(lambda b, a, af: a.type == "build" and a.buy and a.pay)
    bought = sum(n for _g, n in a.buy)
    step = next(s for s in out if s.code == "table.coins_for_goods")
    assert step.message.params["n"] == bought and step.colour == a.player
    assert step.message.params["buy"] == a.buy
    # With the action's own coin (placed before), the Builder holds them all.
    held = after.character_coins["builder"][a.player]
    assert held == before.character_coins["builder"].get(a.player, 0) + bought
    # The villagers that make the goods lie down first, then the tile, then who moves in.
    order = codes(out)
    assert order.index("table.lay_down") < order.index("table.coins_for_goods") < \
        order.index("table.place_building")
    assert english(step, after.catalogue).startswith(
        f"{a.player.capitalize()}: put {bought} more coin")


def test_a_two_coin_delivery_keeps_both_deliveries() -> None:
    lines = (DATA / "game-2p.jsonl").read_text().splitlines()
    game = Game(json.loads(lines[0]))
    from companion.display.words.table_log import TableLog

    log = TableLog()
    two = None
    for line in lines[1:]:
        before = game.state
        action = parse_action(json.loads(line))
        after = game.apply(action)
        log.add(before, action, after)
        if action.type == "choose" and action.coins == 2 and action.character == "carter":
            two = action.player
        elif two and action.type == "deliver" and after.turn and after.turn.done == 2:
            break
    else:
        raise AssertionError("no 2-coin delivery")
    found = [s.code for s in log.steps]
    assert found[0] == "table.coins_on_character"
    assert log.steps[0].message.params["n"] == 2
    assert found.count("table.cube") == 2  # the first delivery is still there
    goods = [s.message.params["good"] for s in log.steps if s.code == "table.cube"]
    assert goods == game.state.player(two).delivered[-2:]


def test_a_marriage_from_the_school_with_a_dowry() -> None:
    before, a, after, out = first(lambda b, a, af: a.type == "marry" and a.source == "school"
                                  and a.dowry is not None and a.dowry != a.player)
    marry = next(s for s in out if s.code == "table.marry")
    assert marry.message.params["source"] == "school"
    assert "from the school" in english(marry, after.catalogue)
    assert before.school[a.player][a.sex] == after.school[a.player][a.sex] + 1
    dowry = next(s for s in out if s.code == "table.dowry_take")
    assert dowry.colour == a.dowry and dowry.message.params["holder"] == a.dowry
    assert codes(out).index("table.marry") < codes(out).index("table.dowry_take")


def test_a_dowry_coin_of_ones_own_goes_back_to_the_supply() -> None:
    _before, a, after, out = first(lambda b, a, af: a.type == "marry" and a.dowry == a.player)
    step = next(s for s in out if s.code == "table.dowry_own")
    assert step.colour == a.player
    assert "next turn" in english(step, after.catalogue)


def test_a_birth_lays_the_child_beside_the_couple() -> None:
    before, a, after, out = first(lambda b, a, af: a.type == "birth")
    assert codes(out)[-1] == "table.child" or "table.child" in codes(out)
    step = next(s for s in out if s.code == "table.child")
    assert (step.village, step.cell, step.colour, step.sex) == (a.player, a.cell, a.player,
                                                               a.sex)
    assert after.player(a.player).supply[a.sex] == before.player(a.player).supply[a.sex] - 1


def test_a_tile_action_turns_the_tile_face_down() -> None:
    _before, _a, after, out = first(lambda b, a, af: getattr(a, "tile", False))
    assert codes(out)[0] == "table.tile_face_down"
    assert out[0].character in after.tiles_used
    assert "table.coins_on_character" not in codes(out)  # a tile's action costs no coin


def test_the_setup_says_the_villager_for_the_centre_and_the_dowry() -> None:
    _before, _a, after, out = first(lambda b, a, af: a.type == "third_couple"
                                   and b.phase != af.phase)
    assert "table.supply_to_centre" in codes(out)
    dowries = [s for s in out if s.code == "table.dowry"]
    assert len(dowries) == sum(sum(v.coins.values()) for v in after.villages.values())


def test_a_whole_round_end_step_by_step() -> None:
    lines = (DATA / "game-3p.jsonl").read_text().splitlines()
    game = Game(json.loads(lines[0]))
    from companion.display.words.table_log import TableLog

    log = TableLog()
    start: GameState | None = None
    for line in lines[1:]:
        before = game.state
        action = parse_action(json.loads(line))
        after = game.apply(action)
        log.add(before, action, after)
        if round_ended(before, action, after) and start is None and any(
                sum(s.values()) for s in after.school.values()):
            start = before
        if start is not None and action.type == "reveal":
            break
    assert start is not None
    end = game.state
    found = codes(log.steps)
    # Tiles, coins back, the start-player token; the school's villagers home; the children
    # to the school; the scores; the new buildings: in that order.
    order = ["table.coins_back", "table.school_home", "table.child_to_school", "table.score",
             "table.new_building"]
    present = [c for c in order if c in found]
    assert present == sorted(present, key=found.index)
    coins = Counter()
    for s in log.steps:
        if s.code == "table.coins_back":
            coins[s.colour] += s.message.params["n"]
    on = Counter()
    for ch in start.character_coins.values():
        on.update(ch)
    assert coins == on
    from_school = sum(1 for s in log.steps if s.code in ("table.school_home",
                                                          "table.school_to_centre"))
    assert from_school == sum(sum(s.values()) for s in start.school.values())
    assert sum(1 for s in log.steps if s.code == "table.new_building") == \
        sum(end.offer.values()) - sum(start.offer.values())


def test_every_code_has_an_english_template_with_its_parameters() -> None:
    import string

    for code, template in ENGLISH.items():
        texts = (template,) if isinstance(template, str) else template
        fields = [{f for _, f, _, _ in string.Formatter().parse(t) if f} for t in texts]
        assert all(f == fields[0] for f in fields), code
    seen: set[str] = set()
    for name in GAMES:
        for before, action, after in played(name):
            for s in steps(before, action, after):
                seen.add(s.code)
                texts = ENGLISH[s.code]
                text = texts if isinstance(texts, str) else texts[0]
                needed = {f for _, f, _, _ in string.Formatter().parse(text) if f}
                assert needed <= set(s.message.params), (s.code, s.message.params)
    assert len(seen) >= 25


def test_the_table_log_keeps_the_turn_and_is_rebuilt_after_an_undo() -> None:
    from companion.display.words.table_log import TableLog

    lines = (DATA / "game-2p.jsonl").read_text().splitlines()
    game = Game(json.loads(lines[0]))
    log = TableLog()
    history: list[list[TableStep]] = []
    for line in lines[1:60]:
        before = game.state
        action = parse_action(json.loads(line))
        after = game.apply(action)
        log.add(before, action, after)
        history.append(log.steps)
        if action.type == "end_turn" and after.phase == before.phase:
            assert log.steps == []  # the turn is over: its moves are done
    for n in range(59, 20, -1):  # undo, one action after the other
        game.undo()
        log.rebuild(game._states, game.actions)
        assert log.steps == history[n - 2], n


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 4), (4, 5)])
def test_every_step_of_a_hurried_self_play_game_matches_the_state_change(players: int,
                                                                         seed: int) -> None:
    """Adversarial self-play puts more coins on a character than it can use: the engine sends
    the rest back to the hand (§7), and the table must be told to take them off."""
    from companion import selfplay

    game, result = selfplay.play(players, seed, adversarial=True)
    assert not result.violations
    replay = Game(json.loads(game.record_lines()[0]))
    said = returned = 0
    for action in game.actions:
        before = replay.state
        after = replay.apply(action)
        out = steps(before, action, after)
        check(before, action, after, out)
        said += sum(s.message.params["n"] for s in out
                    if s.code in ("table.coins_to_hand", "table.coins_pay_goods"))
        if before.turn and after.turn and action.type not in ("end_turn", "cannot_act"):
            returned += after.turn.returned - before.turn.returned  # the same turn
    assert returned and said == returned


def test_coins_that_can_buy_nothing_more_are_taken_back_off_the_character() -> None:
    from companion import selfplay

    game, _result = selfplay.play(2, 3, adversarial=True)
    replay = Game(json.loads(game.record_lines()[0]))
    for action in game.actions:
        before = replay.state
        after = replay.apply(action)
        if after.turn and before.turn and after.turn.returned > before.turn.returned and \
                action.type != "build":
            break
    else:
        raise AssertionError("no coin went back")
    out = steps(before, action, after)
    back = out[-1]
    assert back.code == "table.coins_to_hand" and back.piece == "coin"
    assert back.colour == after.turn.player and back.character == after.turn.character
    assert back.message.params["n"] == after.turn.returned - before.turn.returned
    assert "back off the" in english(back, after.catalogue)
