"""Seeded random self-play: whole games of random legal moves taken only from the options
calls, with every invariant checked after every action, liveness included (whoever is to act
always has a legal action).

Two styles of play. The default plays like a careful table: coins it can use, every building's
cost known from the header. ``adversarial`` plays like a hurried one: any coin count the screens
offer (up to the actions it can buy there: the ones that still cannot go back to the hand), a
character tile before or after the regular actions, Builder-tile builds that buy with every
coin, the neutral coin, and building costs that are only read off the tile (``TileCost``) when
a build or a "cannot act" asks for them.

Building costs not known to the catalogue are drawn from the seed and written into each game's
header (or kept for ``TileCost``) as test data; they are never real costs.
"""

from __future__ import annotations

import random
import statistics
import traceback
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .engine import (
    Action,
    Build,
    CannotAct,
    Choose,
    EndTurn,
    Game,
    GameState,
    HelvetiaError,
    Option,
    Reveal,
    TileCost,
    TurnOptions,
    apply,
    header_line,
    legal_actions,
    load_catalogue,
    summary,
    turn_options,
    why_not,
)
from .engine.catalogue import BUYABLE
from .engine.invariants import check, liveness
from .engine.round_end import reveal_counts
from .engine.state import COLOURS, OVER, PLAY, REVEAL
from .engine.values import Character, Via

MAX_ACTIONS = 5000
SIMPLE = ("wood", "brick", "stone", "grain", "water", "ore")


def drawn_costs(rng: random.Random) -> dict[str, dict[str, int]]:
    """A drawn cost for every type whose cost the catalogue does not know (test data)."""
    out: dict[str, dict[str, int]] = {}
    for t, bt in load_catalogue().buildings.items():
        if bt.cost is not None or bt.stacks["start"]:
            continue
        goods: dict[str, int] = {}
        for _ in range(rng.randint(1, 3)):
            g = rng.choice(("wood", "brick", "stone")) if rng.random() < 0.8 else rng.choice(SIMPLE)
            goods[g] = goods.get(g, 0) + 1
        out[t] = goods
    return out


def test_costs(rng: random.Random, seed: int, costs: dict[str, dict[str, int]] | None = None
               ) -> dict[str, Any]:
    """A catalogue override with the drawn costs, marked as test data."""
    costs = drawn_costs(rng) if costs is None else costs
    return {"buildings": {t: {"cost": c, "cost_confidence": f"test data (self-play seed {seed})"}
                          for t, c in costs.items()}}


@dataclass
class Result:
    seed: int
    players: int
    actions: int = 0
    rounds: int = 0
    violations: list[str] = field(default_factory=list)
    passes: int = 0
    costs_read: int = 0
    returned: int = 0
    round_ends_by_passing: int = 0


_MEMO: dict[int, tuple[GameState, TurnOptions]] = {}


def options(state: GameState) -> TurnOptions:
    """``turn_options`` of a state, remembered: the bot and the liveness check ask about the
    same state (states never change after ``apply``)."""
    hit = _MEMO.get(id(state))
    if hit is not None and hit[0] is state:
        return hit[1]
    if len(_MEMO) > 64:
        _MEMO.clear()
    opts = turn_options(state)
    _MEMO[id(state)] = (state, opts)
    return opts


class CheckedGame(Game):
    """A game that checks every invariant, liveness included, after every accepted action."""

    violations: list[str]
    returned: int = 0
    """Coins that went back to the hand, unable to buy an action of the chosen character."""

    round_ends_by_passing: int = 0

    def apply(self, action: Action | Any) -> GameState:
        before = self.state.turn
        was = (self.state.phase, self.state.round)
        new = super().apply(action)
        if isinstance(action, CannotAct) and (new.phase, new.round) != was:
            self.round_ends_by_passing += 1
        if not hasattr(self, "violations"):
            self.violations = []
        if before is not None and new.turn is not None and before.player == new.turn.player:
            self.returned += max(0, before.coins - new.turn.coins)
        opts = options(new) if new.phase == PLAY else None
        self.violations += [f"after {self.actions[-1].type}: {p}"
                            for p in check(new) + liveness(new, opts)]
        return new


def affordable(by_character: Mapping[Character, tuple[Option, ...]]
               ) -> dict[Character, list[Option]]:
    """The options that can be taken now, by character, leaving out characters with none."""
    out = {ch: [o for o in opts if o.affordable] for ch, opts in by_character.items()}
    return {ch: opts for ch, opts in out.items() if opts}


class Player:
    """Random legal play from ``turn_options`` and ``legal_actions`` only."""

    def __init__(self, rng: random.Random, check_options: bool, adversarial: bool = False,
                 secret: dict[str, dict[str, int]] | None = None) -> None:
        self.rng = rng
        self.check_options = check_options
        self.adversarial = adversarial
        self.secret = secret or {}
        """Costs printed on the tiles that the header does not give: read off when asked."""

    def options_check(self, state: GameState, options: list[Option]) -> list[str]:
        """Every affordable option must be accepted by ``apply``."""
        bad = []
        for o in options:
            if not o.affordable or o.needs_cost:
                continue
            s = state
            try:
                if o.via is Via.COIN and state.turn and state.turn.character is None:
                    s = apply(s, Choose(o.action.player, o.character, 1))  # type: ignore[attr-defined]
                apply(s, o.action)
            except HelvetiaError as exc:
                bad.append(f"option refused: {o.text}: {exc}")
        return bad

    # --- a careful table ---------------------------------------------------------------------

    def turn(self, game: Game) -> list[str]:
        """Plays the active player's whole turn; returns violations."""
        opts = options(game.state)
        findings = self.options_check(game.state, opts.all()) if self.check_options else []
        if self.adversarial:
            return findings + self.hurried_turn(game)
        tiles = affordable(opts.tiles)
        tile_first = bool(tiles) and self.rng.random() < 0.3
        if tile_first:
            self.use_tile(game, tiles)
            if not self.main_action(game):
                game.undo()  # nothing is possible after it: the table takes the tile back
                tile_first = False
        if not tile_first and not self.main_action(game):
            if options(game.state).can_declare_stuck:
                game.apply(CannotAct(opts.player))
                return findings
            return [*findings, f"{opts.player} has no option but cannot declare it"]
        opts = options(game.state)
        tiles = affordable(opts.tiles)
        if not tile_first and tiles and self.rng.random() < 0.5:
            self.use_tile(game, tiles)
            opts = options(game.state)
        if not opts.can_end_turn:
            return [*findings, f"{opts.player} cannot end its turn after {game.actions[-3:]}"]
        game.apply(EndTurn(opts.player))
        return findings

    def main_action(self, game: Game) -> bool:
        """The turn's regular action, or the neutral coin instead; False if neither can be."""
        opts = options(game.state)
        if opts.can_end_turn:  # the Builder tile spent every coin
            return True
        usable = affordable(opts.regular)
        if opts.neutral and (not usable or self.rng.random() < 0.15):
            game.apply(self.rng.choice(opts.neutral).action)
            return True
        if usable:
            self.regular(game, usable)
            return True
        return False

    def use_tile(self, game: Game, tiles: dict[Character, list[Option]]) -> None:
        ch = self.rng.choice(sorted(tiles))
        game.apply(self.rng.choice(tiles[ch]).action)

    def regular(self, game: Game, usable: dict[Character, list[Option]]) -> None:
        """Choose a character and a number of coins, then that many of its options. A count
        the options cannot fill is taken back (undo) and tried one lower."""
        rng = self.rng
        ch = rng.choice(sorted(usable))
        colour = usable[ch][0].action.player  # type: ignore[attr-defined]
        coins = min(game.state.player(colour).coins,  # no more than can buy actions there
                    options(game.state).most_coins.get(ch, 1))
        for n in range(min(coins, rng.randint(1, 3)), 0, -1):
            if why_not(game.state, Choose(colour, ch, n)) is not None:
                continue  # too few coins left to buy the goods
            game.apply(Choose(colour, ch, n))
            done = 1
            for _ in range(n):
                left = affordable(options(game.state).regular).get(ch)
                if not left:
                    break
                game.apply(rng.choice(left).action)
                done += 1
            if done == n + 1 and game.state.turn and game.state.turn.coins == n:
                return
            for _ in range(done):
                game.undo()
        raise AssertionError(f"no {ch} action for {colour} after all")

    # --- a hurried table ---------------------------------------------------------------------

    def read_cost(self, game: Game, building: str) -> None:
        """The table reads the cost off the tile."""
        colour = game.state.active
        assert colour is not None
        game.apply(TileCost(colour, building, tuple(sorted(self.secret[building].items()))))

    def all_in(self, state: GameState, option: Option) -> Option:
        """A Builder-tile build that buys every buyable good of the cost with coins, when the
        player can pay for it: the coins go onto the Builder (§7)."""
        action = option.action
        if not isinstance(action, Build) or option.via is not Via.TILE:
            return option
        cost = state.known_cost(action.building)
        if cost is None or any(g not in BUYABLE for g, _ in cost):
            return option
        coins = sum(n for _, n in cost)
        if coins > state.player(action.player).coins:
            return option
        bought = replace(action, pay=(), buy=cost)
        if why_not(state, bought) is not None:
            return option
        return replace(option, action=bought, coins=coins)

    def hurried_tile(self, game: Game) -> None:
        opts = options(game.state)
        tiles = affordable(opts.tiles)
        if not tiles:
            return
        ch = self.rng.choice(sorted(tiles))
        option = self.rng.choice(tiles[ch])
        if self.rng.random() < 0.5:
            option = self.all_in(game.state, option)
        game.apply(option.action)

    def hurried_turn(self, game: Game) -> list[str]:
        rng = self.rng
        colour = game.state.active
        assert colour is not None
        if rng.random() < 0.4:
            self.hurried_tile(game)
        for _ in range(40):  # a turn is a handful of actions; this only bounds a broken engine
            opts = options(game.state)
            if opts.chosen is None and not (game.state.turn and game.state.turn.neutral):
                if opts.costs_needed and rng.random() < 0.5:
                    self.read_cost(game, rng.choice(opts.costs_needed))
                    continue
                if opts.neutral and rng.random() < 0.2:
                    game.apply(rng.choice(opts.neutral).action)
                    continue
                if self.hurried_choose(game, opts):
                    continue
                if opts.can_end_turn:
                    break
                if opts.neutral:
                    game.apply(rng.choice(opts.neutral).action)
                    continue
                if opts.stuck_reason is not None and opts.stuck_reason.code == "cost_first":
                    self.read_cost(game, opts.stuck_reason.params["building"])
                    continue
                if opts.can_declare_stuck:
                    game.apply(CannotAct(colour))
                    return []
                return [f"{colour} has no option, cannot end and cannot declare it: "
                        f"{opts.stuck_reason}"]
            if opts.actions_left > 0:
                chosen = opts.chosen
                usable = [] if chosen is None else affordable(opts.regular).get(chosen, [])
                if opts.costs_needed and (not usable or rng.random() < 0.3):
                    self.read_cost(game, rng.choice(opts.costs_needed))
                    continue
                if not usable:
                    return [f"{colour}: {opts.actions_left} coin(s) on the {opts.chosen} "
                            f"with no action and not returned"]
                game.apply(rng.choice(usable).action)
                continue
            break
        opts = options(game.state)
        if opts.tiles and rng.random() < 0.5:
            self.hurried_tile(game)
            opts = options(game.state)
        if opts.can_end_turn:
            game.apply(EndTurn(colour))
            return []
        if opts.can_declare_stuck:
            game.apply(CannotAct(colour))
            return []
        return [f"{colour} cannot end its turn after {game.actions[-3:]}"]

    def hurried_choose(self, game: Game, opts: Any) -> bool:
        """Coins on a character that has something to do, any count the screens offer (up to
        the actions they can buy there)."""
        rng = self.rng
        state = game.state
        colour = opts.player
        chars = [ch for ch, os in opts.regular.items() if any(o.affordable or o.needs_cost
                                                              for o in os)]
        if not chars:
            return False
        ch = rng.choice(sorted(chars))
        held = min(state.player(colour).coins, opts.most_coins.get(ch, 1))  # as the screens
        for n in sorted(range(1, held + 1), key=lambda _: rng.random()):  # offer it (§7)
            if why_not(state, Choose(colour, ch, n)) is None:
                game.apply(Choose(colour, ch, n))
                return True
        return False

    def reveal(self, state: GameState) -> Reveal:
        """The table's draw: random tiles from stack 2, then stack 3."""
        from2, from3 = reveal_counts(state)
        stack2 = [t for t, n in sorted(state.stacks["2"].items()) for _ in range(n)]
        stack3 = [t for t, n in sorted(state.stacks["3"].items()) for _ in range(n)]
        return Reveal(tuple(self.rng.sample(stack2, from2) + self.rng.sample(stack3, from3)))


def play(players: int, seed: int, check_options: bool = False,
         adversarial: bool = False) -> tuple[Game, Result]:
    rng = random.Random(seed)
    colours = rng.sample(COLOURS, players)
    setup = rng.choice(("draft", "simplified"))
    intro = rng.random() < 0.2
    costs = drawn_costs(rng)
    secret: dict[str, dict[str, int]] = {}
    if adversarial:  # some costs only on the tiles, read off when asked
        secret = {t: c for t, c in costs.items() if rng.random() < 0.5}
        costs = {t: c for t, c in costs.items() if t not in secret}
    header = header_line(((c, c.capitalize()) for c in colours), setup=setup, intro=intro,
                         catalogue=test_costs(rng, seed, costs))
    game = CheckedGame(header)
    game.violations = []
    bot = Player(rng, check_options, adversarial, secret)
    result = Result(seed, players)
    try:
        while game.state.phase != OVER:
            if len(game.actions) > MAX_ACTIONS:
                result.violations.append(f"no end after {MAX_ACTIONS} actions")
                break
            state = game.state
            done = len(game.actions)
            if state.phase == PLAY:
                result.violations += bot.turn(game)
            elif state.phase == REVEAL:
                game.apply(bot.reveal(state))
            else:
                actions: Sequence[Action] = legal_actions(state)
                if not actions:
                    result.violations.append(f"no legal action in phase {state.phase}")
                    break
                game.apply(rng.choice(list(actions)))
            result.violations += game.violations
            if result.violations or len(game.actions) == done:
                if not result.violations:
                    result.violations.append(f"no action taken in phase {state.phase}")
                break
        again = Game.from_record(game.record_lines())
        if summary(again.state) != summary(game.state):
            result.violations.append("the record does not replay to the same state")
    except Exception:
        result.violations.append(traceback.format_exc())
    result.actions = len(game.actions)
    result.rounds = game.state.round
    result.passes = sum(1 for a in game.actions if isinstance(a, CannotAct))
    result.costs_read = sum(1 for a in game.actions if isinstance(a, TileCost))
    result.returned = game.returned
    result.round_ends_by_passing = game.round_ends_by_passing
    return game, result


def run(games: int, players: Sequence[int], seed: int, check_options: bool = False,
        adversarial: bool = False) -> int:
    """Plays the games and prints the figures; returns the exit status. With ``adversarial``,
    every other game is played hurriedly."""
    results = [play(players[i % len(players)], seed + i, check_options,
                    adversarial and i % 2 == 1)[1] for i in range(games)]
    rounds = [r.rounds for r in results]
    bad = [r for r in results if r.violations]
    hurried = sum(1 for i in range(games) if adversarial and i % 2 == 1)
    print(f"games: {len(results)} ({', '.join(f'{p} players' for p in players)})")
    if adversarial:
        print(f"adversarial games: {hurried}")
    print(f"actions: {sum(r.actions for r in results)}"
          f" (per game median {statistics.median(r.actions for r in results):.0f})")
    print(f"rounds per game: min {min(rounds)}, median {statistics.median(rounds):.0f},"
          f" max {max(rounds)}")
    print(f"passes (cannot act): {sum(r.passes for r in results)}, rounds ended by passing: "
          f"{sum(r.round_ends_by_passing for r in results)}, costs read off tiles: "
          f"{sum(r.costs_read for r in results)}, coins returned unused: "
          f"{sum(r.returned for r in results)}")
    print(f"violations: {sum(len(r.violations) for r in bad)}")
    for r in bad[:5]:
        print(f"  seed {r.seed} ({r.players} players): {r.violations[0]}")
    print(f"selfplay: {len(results) - len(bad)} passed, {len(bad)} failed")
    return 1 if bad else 0
