"""The rulings of digest §7 and §2 (docs/rules/helvetia.md) that keep a game night going
(issue 9), each with the rulebook sentence it rests on; and "one rule, one place": what the
options offer is exactly what ``apply`` accepts."""

from __future__ import annotations

from itertools import product

import pytest

from companion.engine import (
    Birth,
    Choose,
    Game,
    GameState,
    HelvetiaError,
    MalformedAction,
    Marry,
    NeutralMarry,
    TileCost,
    Wake,
    apply,
    legal_actions,
    parse_action,
    summary,
    turn_options,
    why_not,
)
from companion.engine.grid import QUARTERS, ring_cells
from companion.engine.invariants import liveness
from companion.engine.production import chains
from companion.selfplay import play
from tests.helpers import LEFT, TOP, Table, put, set_up, step

THREE = ("red", "blue", "yellow")


def table(**options: object) -> Table:
    return Table(set_up(THREE, start="red", **options).state)  # type: ignore[arg-type]


def stuck(*colours: str):
    """Nobody sleeps; these players' couples have no supply left, nobody of theirs is unbound,
    every good they could make is delivered; nothing is on offer."""
    def scene(s: GameState) -> None:
        for c in colours:
            p = s.player(c)
            p.supply = {"m": 0, "f": 0}
            s.villages[c].centre = {"m": 0, "f": 0}
            s.school[c] = {"m": 0, "f": 0}
            p.delivered = list(s.catalogue.goods)
        s.offer = {}
    return scene


def accepted(state: GameState, action: object) -> bool:
    try:
        apply(state, action)  # type: ignore[arg-type]
    except HelvetiaError:
        return False
    return True


# --- §7: coins that cannot buy an action --------------------------------------------------------


def test_choose_is_refused_when_no_action_of_that_character_is_possible() -> None:
    """§7 "Coins that cannot buy an action": "``choose`` is refused when no action of that
    character is possible now." Rulebook: "Ein Spieler darf nur Münzen auf eine Persönlichkeit
    setzen, wenn er deren Funktion nutzt." """
    t = table()
    # Nobody sleeps: the Night Watchman has nothing to do.
    msg = t.refused("idle.night_watchman", "choose", player="red", character="night_watchman",
                    coins=1)
    assert msg == "Nobody sleeps in any village."
    reason = why_not(t.state, Choose("red", "night_watchman", 2))
    assert reason is not None and reason.code == "idle.night_watchman"
    assert "night_watchman" not in [ch for ch, os in turn_options(t.state).regular.items() if os]


def test_midwife_coins_the_one_couple_cannot_use_go_back_to_the_hand() -> None:
    """§7: "If during the turn no action of the chosen character remains possible while some of
    its coins are unspent, the player takes those coins back into its hand (they never lay on
    the character, so they count for no majority) and the turn can end." Rulebook: "Es ist
    nicht erlaubt, mehr Münzen auf eine Persönlichkeit zu setzen als man Aktionen ausführen
    kann." (Issue 9: Red with one couple puts 2 coins on the Midwife.)"""
    t = table()
    assert [o.action.cell for o in turn_options(t.state).regular["midwife"]] == [TOP]
    t.do("choose", player="red", character="midwife", coins=2)
    s = t.do("birth", player="red", cell=list(TOP), sex="f")
    assert s.player("red").coins == 3  # 4 - 2 placed + 1 back
    assert s.character_coins["midwife"] == {"red": 1}
    assert s.turn is not None and (s.turn.coins, s.turn.done, s.turn.returned) == (1, 1, 1)
    assert turn_options(s).can_end_turn
    s = t.do("end_turn", player="red")
    assert s.active == "blue"


def test_night_watchman_coins_without_sleepers_go_back() -> None:
    """§7 "Coins that cannot buy an action" and §9 Night Watchman: "The quarter must hold at
    least one sleeper." (Issue 9: 2 coins on the Night Watchman when nobody sleeps.)"""
    t = table()
    t.turn("red", "carter", {"type": "deliver", "chain": [step("red", LEFT, "wood")]})
    # One sleeper (Red's woman on LEFT, in the top-left and bottom-left quarters).
    t.do("choose", player="blue", character="night_watchman", coins=3)
    s = t.do("wake", player="blue", village="red", quarter="top_left")
    assert s.player("blue").coins == 3 and s.character_coins["night_watchman"] == {"blue": 1}
    t.do("end_turn", player="blue")


def test_a_builder_tile_build_that_leaves_one_useless_coin_lets_the_player_pass() -> None:
    """§7: "With the Builder tile a player may still buy wood, brick and stone ... if that
    spends all its coins, the turn ends with no regular action"; "Cannot act ... (before or
    after a character-tile action), passes this turn only". Rulebook: "Es ist hierbei möglich,
    dass ein Spieler alle seine Münzen zum Kauf von Gütern einsetzt und dann keine reguläre
    Aktion mehr durchführen kann." """
    t = table().edit(stuck("red"))
    t.edit(lambda s: (s.offer.update(bakehouse=1), s.tile_holder.update(builder="red")))
    # Brick, stone and wood all bought: 3 of Red's 4 coins.
    s = t.do("build", player="red", building="bakehouse", cell=[1, -1], tile=True,
             buy={"brick": 1, "stone": 1, "wood": 1})
    assert s.player("red").coins == 1 and s.character_coins["builder"] == {"red": 3}
    opts = turn_options(s)
    assert not opts.can_end_turn and opts.can_declare_stuck and not opts.all()
    assert liveness(s) == []
    s = t.do("cannot_act", player="red")
    assert s.active == "blue" and s.player("red").coins == 1
    assert s.passes == []  # the tile's build was an action: a new go-round begins


# --- §7: cannot act ---------------------------------------------------------------------------


def test_when_every_coin_holder_passes_in_one_go_round_the_round_ends_and_the_token_stays(
) -> None:
    """§7 "Cannot act": "If every player still holding coins passes this way in one go-round
    with no action in between, the round ends; the start-player token then stays where it
    is." Rulebook (what it leaves open): "Ein Spieler kann nicht freiwillig passen, so lange er
    noch Münzen hat." """
    t = table().edit(stuck(*THREE))
    t.do("cannot_act", player="red")
    t.do("cannot_act", player="blue")
    assert t.state.phase == "play" and t.state.passes == ["red", "blue"]
    s = t.do("cannot_act", player="yellow")
    assert s.phase == "reveal" and s.start_player == "red" and s.round == 1
    assert all(s.player(c).coins == 4 for c in THREE) and s.passes == []
    s = t.do("reveal", buildings=["mill", "inn", "dairy", "butcher", "bakehouse"])
    assert (s.round, s.active) == (2, "red")


def test_cannot_act_asks_for_the_cost_of_a_building_on_offer_first() -> None:
    """§7 "Cannot act": "A building on offer whose cost is not known yet lies face up on the
    table: before a 'cannot act' is accepted, the companion asks for that cost rather than
    assuming it unaffordable." Rulebook: "Die Kosten eines Gebäudes stehen links oben auf dem
    jeweiligen Gebäudeplättchen." """
    t = Table(set_up(THREE, start="red", costs=False).state).edit(stuck("red"))
    t.edit(lambda s: s.offer.update(mill=1))
    opts = turn_options(t.state)
    assert opts.costs_needed == ("mill",) and not opts.can_declare_stuck
    assert opts.stuck_reason is not None and opts.stuck_reason.code == "cost_first"
    assert t.refused("cost_first", "cannot_act", player="red") == (
        "The cost of the Mill on offer is not known yet: enter it from the tile before saying "
        "that no action is possible.")
    assert liveness(t.state) == []  # the way on: the cost from the tile
    t.refused("not_on_offer", "tile_cost", player="red", building="inn", cost={"brick": 2})
    t.refused("cost_known", "tile_cost", player="red", building="butcher", cost={"brick": 2})
    with pytest.raises(MalformedAction):  # a cost names at least one good
        apply(t.state, parse_action({"type": "tile_cost", "player": "red", "building": "mill",
                                     "cost": {}}))
    t.refused("not_your_turn", "tile_cost", player="blue", building="mill", cost={"wood": 2})
    # The Mill costs what Red can neither make nor buy (2 cows): now Red may pass.
    s = t.do("tile_cost", player="red", building="mill", cost={"cow": 2})
    assert s.learned_costs == {"mill": (("cow", 2),)}
    assert turn_options(s).can_declare_stuck
    t.do("cannot_act", player="red")


def test_a_cost_read_off_the_tile_is_part_of_the_record() -> None:
    """§3: "A build whose cost is not known yet carries the cost the player read off the tile,
    so the game record still replays on its own"; the same for a cost read before a pass."""
    g = set_up(THREE, start="red", costs=False)
    g.apply({"type": "tile_cost", "player": "red", "building": "mine",
             "cost": {"wood": 1, "brick": 1}})
    # Only coins on the Builder now: its option is priced, it buys the Mine's brick.
    g.apply({"type": "choose", "player": "red", "character": "builder", "coins": 1})
    mine = next(o for o in turn_options(g.state).regular["builder"]
                if o.action.building == "mine")  # type: ignore[attr-defined]
    assert mine.affordable and not mine.needs_cost
    g.apply(mine.action)
    again = Game.from_record(g.record_lines())
    assert summary(again.state) == summary(g.state)
    assert '"type": "tile_cost"' in g.record_lines()[-3]


def test_coins_on_a_builder_whose_only_building_turns_out_unaffordable_go_back() -> None:
    """§7 "Coins that cannot buy an action", with a cost only the tile knows: the choice was
    possible (the cost might be affordable), the tile says it is not, the coin goes back."""
    t = Table(set_up(THREE, start="red", costs=False).state).edit(stuck("red"))
    t.edit(lambda s: s.offer.update(mill=1))
    t.do("choose", player="red", character="builder", coins=1)
    s = t.do("tile_cost", player="red", building="mill", cost={"cow": 2})
    assert s.player("red").coins == 4 and s.character_coins["builder"] == {}
    assert turn_options(s).can_end_turn
    t.do("end_turn", player="red")


# --- §2: a chain never makes the same good twice -------------------------------------------------


def two_marketplaces(s: GameState) -> None:
    # Red works its own Marketplace and one in Blue's village (married in).
    put(s, "red", "marketplace", (1, -1), ("red", "m", True))
    put(s, "blue", "marketplace", (1, -1), ("blue", "f", True), ("red", "m", True))


def test_a_chain_never_makes_the_same_good_twice() -> None:
    """§2 and §14.10: "Exchanges may follow one another in a chain ..., but a chain never makes
    the same good twice." Rulebook: "Vom Baumeister erworbene Güter können nicht über den
    Marktplatz ... getauscht werden"; the rulebook asks only for "ein produziertes Gut"."""
    t = table().edit(two_marketplaces)
    t.do("choose", player="red", character="carter", coins=1)
    brick_grain_brick = [step("red", TOP, "brick"), step("red", (1, -1), "grain"),
                         step("blue", (1, -1), "brick")]
    assert t.refused("good_twice", "deliver", player="red", chain=brick_grain_brick) == \
        "A chain never makes the same good twice: brick again."
    t.refused("good_twice", "deliver", player="red",
              chain=[step("red", TOP, "brick"), step("red", (1, -1), "brick")])
    # Brick -> grain -> stone is a chain, and is offered.
    ok = [step("red", TOP, "brick"), step("red", (1, -1), "grain"),
          step("blue", (1, -1), "stone")]
    t.do("deliver", player="red", chain=ok)


def test_every_chain_run_chain_accepts_is_searched_and_no_other() -> None:
    """One rule, one place: ``chains`` offers exactly the chains a Carter may deliver (up to
    three steps, every step any villager and any good)."""
    t = table().edit(two_marketplaces)
    s = apply(t.state, Choose("red", "carter", 1))
    offered = {c for c, _ in chains(s, "red")}
    assert offered and all(len({x.good for x in c}) == len(c) for c in offered)
    cat = s.catalogue
    steps = [step_ for v, vil in s.villages.items() for cell, b in vil.buildings.items()
             if any(a.colour == "red" for a in b.adults)
             for step_ in _steps(v, cell, cat.building(b.type))]
    from companion.engine import Deliver, Step

    for n in (1, 2, 3):
        for chain in product(steps, repeat=n):
            c = tuple(Step(*x) for x in chain)
            s2 = s.clone()
            s2.player("red").delivered = []
            ok = accepted(s2, Deliver("red", c))
            assert ok == (c in offered), c


def _steps(village: str, cell: tuple[int, int], bt: object) -> list[tuple]:
    goods = ([bt.output] if bt.output else sorted(bt.exchange))  # type: ignore[attr-defined]
    return [(village, cell, g) for g in goods]


# --- one rule, one place ----------------------------------------------------------------------


def _after_choose(state: GameState, character: str) -> GameState | None:
    try:
        return apply(state, Choose(state.active, character, 1))  # type: ignore[arg-type]
    except HelvetiaError:
        return None


def _cells(state: GameState) -> list[tuple[int, int]]:
    """Every cell built in some village, and a free one."""
    built = {c for v in state.villages.values() for c in v.buildings}
    return [*sorted(built), (5, 5)]


def check_offers_are_what_apply_accepts(state: GameState) -> int:
    """For a turn's start: the Night Watchman, Priest and Midwife options (and the neutral
    Priest's) against every candidate action. Returns the candidates tried."""
    colour = state.active
    assert colour is not None
    tried = 0
    s = _after_choose(state, "night_watchman")
    cands = [Wake(colour, v, q) for v in state.villages for q in QUARTERS]
    ok = {a for a in cands if s is not None and accepted(s, a)}
    offered = {o.action for o in turn_options(s).regular["night_watchman"]} if s else set()
    assert ok == offered
    tried += len(cands)
    s = _after_choose(state, "priest")
    keys = {(a.sex, a.source, a.village, a.cell)
            for v in state.villages for cell in _cells(state)
            for a in [Marry(colour, sex, src, v, cell, d)
                      for sex in "mf" for src in ("centre", "school")
                      for d in (None, *state.villages[v].coins)]
            if s is not None and accepted(s, a)}
    offered = ({(o.action.sex, o.action.source, o.action.village, o.action.cell)  # type: ignore[attr-defined]
                for o in turn_options(s).regular["priest"]} if s else set())
    assert keys == offered
    tried += len(keys)
    s = _after_choose(state, "midwife")
    ok_cells = {cell for cell in _cells(state) for sex in "mf"
                if s is not None and accepted(s, Birth(colour, cell, sex))}
    offered_cells = ({o.action.cell for o in turn_options(s).regular["midwife"]}  # type: ignore[attr-defined]
                     if s else set())
    assert ok_cells == offered_cells
    if state.options.neutral_colour:
        ok = {(sex, cell) for cell in _cells(state) for sex in "mf"
              if accepted(state, NeutralMarry(colour, sex, cell))}
        offered = {(o.action.sex, o.action.cell) for o in turn_options(state).neutral  # type: ignore[attr-defined]
                   if isinstance(o.action, NeutralMarry)}
        assert ok == offered
    return tried


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 12), (4, 13)])
def test_options_are_exactly_what_apply_accepts_through_a_whole_game(players: int,
                                                                       seed: int) -> None:
    """Marriage (Priest, neutral Priest, couple 3), sleepers in a quarter, couples for the
    Midwife and free buildings for the school return are each one predicate or generator:
    every state of a self-play game, every candidate action, offered iff accepted."""
    game, result = play(players, seed)
    assert result.violations == []
    replay = Game(game.header)
    turns = 0
    for i, action in enumerate(game.actions):
        s = replay.state
        if s.phase == "play" and s.turn is not None and s.turn.character is None \
                and not s.turn.neutral and s.turn.tile is None and not s.turn.spent \
                and i % 3 == 0:
            check_offers_are_what_apply_accepts(s)
            turns += 1
        elif s.phase in ("couples", "school"):
            offered = set(legal_actions(s))
            assert all(accepted(s, a) for a in offered)
            if s.phase == "couples" and s.couple == 3:
                c = s.queue[0]
                from companion.engine import ThirdCouple

                ok = {ThirdCouple(c, sex, cell) for sex in "mf" for cell in ring_cells(1)
                      if accepted(s, ThirdCouple(c, sex, cell))}
                assert ok == offered
        replay.apply(action)
    assert turns > 5


# --- liveness -------------------------------------------------------------------------------


def test_liveness_notices_a_stranded_player() -> None:
    """The invariant itself: a player whose turn it is with no coin, no action taken and
    nothing to do has no way on; the checker says so."""
    t = table()
    assert liveness(t.state) == []

    def stranded(s: GameState) -> None:
        s.player("red").coins = 0
        s.character_coins["carter"] = {"red": 4}

    t.edit(stranded)
    [problem] = liveness(t.state)
    assert problem.startswith("turn: red holds 0 coin(s) and has no legal action")


@pytest.mark.parametrize("seed", [3, 4, 5])
def test_adversarial_self_play_keeps_every_invariant_and_stays_live(seed: int) -> None:
    """A hurried table (any coin count, tiles before or after, Builder-tile builds buying with
    every coin, costs read off the tiles when asked) reaches states a careful one does not."""
    game, result = play(2 + seed % 3, seed, adversarial=True)
    assert result.violations == []
    assert game.state.game_over
    assert result.returned > 0 or result.costs_read > 0
    assert any(isinstance(a, TileCost) for a in game.actions) or result.costs_read == 0


def test_a_two_player_pass_is_refused_while_the_neutral_coin_can_act() -> None:
    """§6.3: "Instead of its own action, the active player may take the neutral coin (once per
    round, while it lies there) and act for the neutral village"; so a player who could use it
    can act (§7 "Cannot act"). Rulebook: "Anstatt eine eigene Aktion auszuführen, kann der
    aktive Spieler auch die neutrale Münze nehmen"."""
    t = Table(set_up(("red", "blue"), start="red").state).edit(stuck("red"))
    assert t.refused("can_act_neutral", "cannot_act", player="red") == \
        "Red can still act: the neutral coin has an action."
    neutral = turn_options(t.state).neutral
    assert neutral and {o.kind for o in neutral} == {"option.neutral_marry"}
    t.state = apply(t.state, neutral[0].action)
    t.do("end_turn", player="red")
    assert t.state.neutral_coin == "priest" and t.state.active == "blue"


def test_a_character_with_nothing_to_do_says_why_in_the_rules_terms() -> None:
    """§9: the reason names what is missing (a sleeper, an unbound villager, a couple...)."""
    from companion.engine.idle import idle_reason

    t = table()
    state = t.state
    for ch in ("builder", "carter", "night_watchman", "priest", "midwife"):
        reason = why_not(state, Choose("red", ch, 1))
        if reason is not None:
            assert reason == idle_reason(state, "red", ch)
            assert reason.code.startswith("idle."), reason
    empty = state.clone()
    empty.offer = {}
    assert idle_reason(empty, "red", "builder").code == "idle.builder_no_offer"
    empty.villages["red"].centre = {"m": 0, "f": 0}
    empty.school["red"] = {"m": 0, "f": 0}
    assert idle_reason(empty, "red", "priest").code == "idle.priest_no_unbound"
    empty.player("red").supply = {"m": 0, "f": 0}
    assert idle_reason(empty, "red", "midwife").code == "idle.midwife_no_supply"
