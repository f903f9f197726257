"""A model of the physical table that moves its pieces only as the table steps say
(``companion/engine/table.py``), and players that play like a table in a hurry.

:class:`Table` holds what lies on the table: buildings, villagers standing or lying, children,
the centres' villagers and dowry coins, the school, each player's supply and coins in hand, the
coins on the characters, the neutral coin, the start-player token, the character tiles (holder,
face down), goods, branch and village tiles, the market cubes, the score markers, the tiles on
offer, in the stacks and among the start tiles. ``Table.of(state)`` is what the table must look
like for an engine state; ``Table.do(step)`` moves the pieces of one step (or of an undone
action's ``table.back.*`` step). A test plays games, applies only the steps shown and compares.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

from companion import selfplay
from companion.engine import (
    Build,
    CannotAct,
    Choose,
    EndTurn,
    Game,
    GameState,
    HelvetiaError,
    StartBuildings,
    TileCost,
    apply,
    header_line,
    legal_actions,
    turn_options,
)
from companion.engine.actions import Action, AddCoin
from companion.engine.catalogue import BUYABLE
from companion.engine.more_coins import add_coin_problem
from companion.engine.state import (
    COLOURS,
    COUPLES,
    DRAFT,
    NEUTRAL,
    PLACE,
    PLAY,
    REVEAL,
    START_BUILDINGS,
    START_PLAYER,
)
from companion.engine.table import TableStep

SETUP = (START_PLAYER, DRAFT, START_BUILDINGS, NEUTRAL, PLACE, COUPLES)
"""Phases before the dowry lies in the centres: the engine counts it there from the start,
the table puts it there when the couples are placed."""


@dataclass
class Table:
    buildings: dict[tuple[str, Any], str] = field(default_factory=dict)
    adults: Counter[tuple[str, Any, str, str, bool]] = field(default_factory=Counter)
    children: Counter[tuple[str, Any, str, str]] = field(default_factory=Counter)
    centre: Counter[tuple[str, str]] = field(default_factory=Counter)
    centre_coins: Counter[tuple[str, str]] = field(default_factory=Counter)
    school: Counter[tuple[str, str]] = field(default_factory=Counter)
    supply: Counter[tuple[str, str]] = field(default_factory=Counter)
    hand: Counter[str] = field(default_factory=Counter)
    on_character: Counter[tuple[str, str]] = field(default_factory=Counter)
    neutral_coin: str | None = None
    token: str | None = None
    tile_holder: dict[str, str | None] = field(default_factory=dict)
    face_down: set[str] = field(default_factory=set)
    goods_tiles: dict[str, str] = field(default_factory=dict)
    branch_tiles: dict[str, str] = field(default_factory=dict)
    village_tiles: list[str] = field(default_factory=list)
    cubes: Counter[tuple[str, str]] = field(default_factory=Counter)
    track: dict[str, int] = field(default_factory=dict)
    offer: Counter[str] = field(default_factory=Counter)
    stacks: Counter[str] = field(default_factory=Counter)
    start_pool: Counter[str] = field(default_factory=Counter)
    """Start tiles on the table not yet in a player's hands (the neutral village's included)."""
    held: Counter[tuple[str, str]] = field(default_factory=Counter)
    """Start tiles a player took and has not placed yet."""

    @classmethod
    def of(cls, s: GameState) -> Table:
        """What the table must look like when the engine is in state ``s``."""
        t = cls()
        neutral = s.options.neutral_colour
        for v, village in s.villages.items():
            for cell, b in village.buildings.items():
                t.buildings[(v, cell)] = b.type
                for a in b.adults:
                    t.adults[(v, cell, a.colour, a.sex, a.awake)] += 1
                for c, sex in b.children:
                    t.children[(v, cell, c, sex)] += 1
            for sex, n in village.centre.items():
                t.centre[(v, sex)] += n
            for c, n in village.coins.items():
                if s.phase in SETUP:
                    t.hand[c] += n  # still in the hand: the dowry is laid at the couples' end
                else:
                    t.centre_coins[(v, c)] += n
        for c, sexes in s.school.items():
            for sex, n in sexes.items():
                t.school[(c, sex)] += n
        for p in s.players:
            for sex, n in p.supply.items():
                t.supply[(p.colour, sex)] += n
            t.hand[p.colour] += p.coins + p.won_coins
            for g in p.delivered:
                t.cubes[(p.colour, g)] += 1
        for ch, coins in s.character_coins.items():
            for c, n in coins.items():
                t.on_character[(ch, c)] += n
        t.neutral_coin = s.neutral_coin
        # in the draft the token lies beside the board until the last pick (§6.1): the
        # engine's start player is then only who picks first or picked last so far
        drafting = s.options.setup == "draft" and s.phase in (START_PLAYER, DRAFT)
        t.token = None if drafting else s.start_player
        t.tile_holder = dict(s.tile_holder)
        t.face_down = set(s.tiles_used)
        t.goods_tiles = dict(s.goods_tiles)
        t.branch_tiles = dict(s.branch_tiles)
        t.village_tiles = list(s.village_tiles)
        t.track = dict(s.track)
        t.offer = Counter(s.offer)
        for stack in s.stacks.values():
            t.stacks.update(stack)
        t.start_pool = Counter(s.start_pool)
        for c, types in s.to_place.items():
            if c == neutral:
                t.start_pool.update(types)
            else:
                for ty in types:
                    t.held[(c, ty)] += 1
        t.clean()
        return t

    def clean(self) -> None:
        for name in ("adults", "children", "centre", "centre_coins", "school", "supply", "hand",
                     "on_character", "cubes", "offer", "stacks", "start_pool", "held"):
            counter: Counter[Any] = getattr(self, name)
            for k in [k for k, n in counter.items() if n == 0]:
                del counter[k]

    # --- the steps ----------------------------------------------------------------------------

    def do(self, step: TableStep, state: GameState, placing: bool) -> None:
        """Moves the pieces of ``step``. ``state``: the engine state the step's names refer to
        (for the neutral village's colour and the catalogue); ``placing``: the start buildings
        are being placed (a tile comes from a player's start tiles, not from the offer)."""
        code = step.code
        back = code.startswith("table.back.")
        base = "table." + code.removeprefix("table.back.").removeprefix("table.")
        sign = -1 if back else 1
        p = step.message.params
        neutral = state.options.neutral_colour
        village = step.village

        def move(src: Counter[Any], key_src: Any, dst: Counter[Any], key_dst: Any,
                 n: int = 1) -> None:
            a, ka, b, kb = (src, key_src, dst, key_dst) if sign > 0 else (dst, key_dst, src,
                                                                           key_src)
            a[ka] -= n
            assert a[ka] >= 0, (step, ka)
            b[kb] += n

        def add(counter: Counter[Any], key: Any, n: int = 1) -> None:
            counter[key] += sign * n
            assert counter[key] >= 0, (step, key)

        if base in ("table.start_token", "table.start_token_from",
                    "table.start_token_last_pick"):
            self.token = p["player"] if not back else p.get("holder")
        elif base == "table.take_start_building":
            move(self.start_pool, p["building"], self.held, (p["player"], p["building"]))
        elif base == "table.take_start_building_from":
            move(self.held, (p["take_from"], p["building"]), self.held,
                 (p["player"], p["building"]))
        elif base == "table.start_tile_to_box":
            add(self.start_pool, p["building"], -1)
        elif base == "table.place_building":
            key = (village, step.cell)
            if placing:
                if village == neutral:
                    add(self.start_pool, p["building"], -1)
                else:
                    add(self.held, (village, p["building"]), -1)
            else:
                add(self.offer, p["building"], -1)
            if back:
                assert self.buildings.pop(key) == p["building"], step
            else:
                assert key not in self.buildings, step
                self.buildings[key] = p["building"]
        elif base == "table.supply_to_building":
            move(self.supply, (step.colour, step.sex), self.adults,
                 (village, step.cell, step.colour, step.sex, True))
        elif base == "table.supply_to_school":
            move(self.supply, (step.colour, step.sex), self.school, (step.colour, step.sex))
        elif base == "table.supply_to_centre":
            move(self.supply, (step.colour, step.sex), self.centre, (village, step.sex))
        elif base in ("table.neutral_to_building", "table.neutral_move_in", "table.move_in"):
            move(self.centre, (village, step.sex), self.adults,
                 (village, step.cell, step.colour, step.sex, True))
        elif base == "table.dowry":
            move(self.hand, step.colour, self.centre_coins, (village, step.colour))
        elif base in ("table.coins_on_character", "table.coins_for_goods",
                      "table.coins_for_goods_tile"):
            move(self.hand, step.colour, self.on_character, (step.character, step.colour),
                 p["n"])
        elif base == "table.coins_pay_goods":
            pass  # they lie where they are
        elif base == "table.coins_move_to_builder":
            move(self.on_character, (step.character, step.colour), self.on_character,
                 ("builder", step.colour), p["n"])
        elif base in ("table.coins_to_hand", "table.coins_back"):
            move(self.on_character, (step.character, step.colour), self.hand, step.colour,
                 p["n"])
        elif base == "table.neutral_coin":
            self.neutral_coin = "ready" if back else p["character"]
        elif base == "table.neutral_coin_back":
            self.neutral_coin = p["character"] if back else "ready"
        elif base == "table.tile_face_down":
            (self.face_down.discard if back else self.face_down.add)(p["character"])
        elif base == "table.tile_face_up":
            (self.face_down.add if back else self.face_down.discard)(p["character"])
        elif base in ("table.lay_down", "table.stand_up"):
            awake = base == "table.stand_up"
            move(self.adults, (village, step.cell, step.colour, step.sex, not awake),
                 self.adults, (village, step.cell, step.colour, step.sex, awake))
        elif base == "table.marry":
            src = ((step.colour, step.sex), self.school) if p["source"] == "school" else (
                (step.colour, step.sex), self.centre)
            move(src[1], src[0], self.adults, (village, step.cell, step.colour, step.sex, True))
        elif base == "table.neutral_marry":
            move(self.centre, (neutral, step.sex), self.adults,
                 (village, step.cell, step.colour, step.sex, True))
        elif base == "table.dowry_take":
            src = neutral if p["village"] == "neutral" else p["village"]
            move(self.centre_coins, (src, p["holder"]), self.centre_coins,
                 (p["player"], p["holder"]))
        elif base == "table.dowry_own":
            src = neutral if p["village"] == "neutral" else p["village"]
            move(self.centre_coins, (src, p["player"]), self.hand, p["player"])
        elif base == "table.child":
            move(self.supply, (step.colour, step.sex), self.children,
                 (village, step.cell, step.colour, step.sex))
        elif base == "table.child_to_school":
            move(self.children, (village, step.cell, step.colour, step.sex), self.school,
                 (step.colour, step.sex))
        elif base == "table.school_home":
            move(self.school, (step.colour, step.sex), self.adults,
                 (village, step.cell, step.colour, step.sex, True))
        elif base == "table.school_to_centre":
            move(self.school, (step.colour, step.sex), self.centre, (village, step.sex))
        elif base == "table.cube":
            add(self.cubes, (p["player"], p["good"]))
        elif base == "table.goods_tile":
            self._own(self.goods_tiles, p["good"], p["player"], back, step)
        elif base == "table.branch_tile":
            branch = next(b for b, br in state.catalogue.branches.items()
                          if tuple(sorted(br.goods)) == tuple(p["goods"]))
            self._own(self.branch_tiles, branch, p["player"], back, step)
        elif base == "table.village_tile":
            if back:
                assert self.village_tiles.pop() == p["player"], step
            else:
                self.village_tiles.append(p["player"])
        elif base in ("table.character_tile", "table.character_tile_new"):
            if back:
                assert self.tile_holder[p["character"]] == p["player"], step
                self.tile_holder[p["character"]] = p.get("holder")
            else:
                assert self.tile_holder[p["character"]] == p.get("holder"), step
                self.tile_holder[p["character"]] = p["player"]
        elif base == "table.score":
            self.track[p["player"]] = p["n"]
        elif base == "table.new_building":
            move(self.stacks, p["building"], self.offer, p["building"])
        else:
            raise AssertionError(f"the model does not know the step {code}")
        self.clean()

    @staticmethod
    def _own(tiles: dict[str, str], key: str, player: str, back: bool, step: TableStep) -> None:
        if back:
            assert tiles.pop(key) == player, step
        else:
            assert key not in tiles, step
            tiles[key] = player


def expected(model: Table, state: GameState) -> Table:
    """The table the steps should have made of ``state``: the state's pieces, but once the game
    is over the last round's children stay on their buildings (no step sends them to a school
    no round needs; the engine moves them, as §10 step 4 says, before it ends the game)."""
    t = Table.of(state)
    if state.game_over:
        t.children, t.school = model.children, model.school
    return t


def placing(state: GameState) -> bool:
    """Whether a building laid now is a start building (the placing phases)."""
    return state.phase in (NEUTRAL, PLACE)


# --- players --------------------------------------------------------------------------------


class Hurried:
    """A table that taps whatever the screens offer: any character with any coins, a tile's
    action at any point the rules allow (Builder-tile builds that buy goods among them), the
    neutral coin, a cost read off a tile when asked, and now and then an undo."""

    def __init__(self, rng: random.Random, secret: dict[str, dict[str, int]]) -> None:
        self.rng = rng
        self.secret = secret

    def candidates(self, s: GameState) -> list[Action]:
        rng = self.rng
        if s.phase == REVEAL:
            return [selfplay.Player(rng, False).reveal(s)]
        if s.phase != PLAY:
            found = legal_actions(s)
            if s.phase == START_BUILDINGS and found:
                free = [x for x in "ABCDE" if x not in s.letters.values()]
                found = [replace(a, letter=rng.choice(free))  # type: ignore[type-var]
                         if isinstance(a, StartBuildings) and rng.random() < 0.7 else a
                         for a in rng.sample(found, min(len(found), 6))]
            return found
        opts = turn_options(s)
        colour = opts.player
        out: list[Action] = []
        turn = s.turn
        assert turn is not None
        if opts.chosen is None and not turn.neutral:
            coins = s.player(colour).coins
            for ch, os in opts.regular.items():
                if any(o.affordable or o.needs_cost for o in os) and coins:
                    most = min(coins, opts.most_coins.get(ch, 1))  # as the screens offer
                    out += [Choose(colour, ch, rng.randint(1, max(most, 1)))] * 2
        elif opts.actions_left:
            out += [o.action for o in opts.regular.get(opts.chosen or "", ()) if o.affordable]
        elif opts.chosen is not None and add_coin_problem(s, colour) is None:
            out += [AddCoin(colour)] * 2  # one more action: the coins follow the actions
        # Right after choosing another character, a Builder-tile build that buys goods may
        # leave that character nothing to do: its coins then pay for the goods (§7). The
        # screens offer it; a table in a hurry taps it often.
        weight = 8 if opts.chosen not in (None, "builder") and turn.done == 0 else 1
        for os in opts.tiles.values():
            for o in os:
                if o.affordable:
                    out += [o.action] * (weight if o.coins else 1)
                    bought = self.all_in(s, o.action)
                    if bought is not None:
                        out += [bought] * 3 * weight
        out += [o.action for o in opts.neutral if o.affordable]
        out += [TileCost(colour, b, tuple(sorted(self.secret[b].items())))
                for b in opts.costs_needed if b in self.secret]
        if opts.can_end_turn:
            out.append(EndTurn(colour))
        if opts.can_declare_stuck:
            out.append(CannotAct(colour))
        return out

    @staticmethod
    def all_in(s: GameState, a: Action) -> Action | None:
        """A Builder-tile build that buys every good of its cost it can."""
        if not isinstance(a, Build):
            return None
        cost = s.known_cost(a.building)
        if cost is None or any(g not in BUYABLE for g, _ in cost):
            return None
        if sum(n for _, n in cost) > s.player(a.player).coins:
            return None
        return replace(a, pay=(), buy=cost)


def new_game(players: int, seed: int, setup: str | None = None
             ) -> tuple[Game, dict[str, dict[str, int]], random.Random]:
    """A game of ``players`` in a random seating, draft or letters, with drawn test costs (half
    of them only read off the tiles when asked)."""
    rng = random.Random(seed)
    colours = rng.sample(COLOURS, players)
    setup = setup or rng.choice(("draft", "simplified"))
    costs = selfplay.drawn_costs(rng)
    secret = {t: c for t, c in costs.items() if rng.random() < 0.4}
    known = {t: c for t, c in costs.items() if t not in secret}
    header = header_line(((c, c.capitalize()) for c in colours), setup=setup,
                         intro=rng.random() < 0.2,
                         catalogue=selfplay.test_costs(rng, seed, known))
    return Game(header), secret, rng


def step_once(game: Game, player: Hurried) -> Action | None:
    """One action the hurried table taps (or None: nothing is accepted). An adversary first:
    a Builder-tile build that buys goods and leaves the chosen character nothing to do, when
    the screens offer one (the coins on that character must move onto the Builder)."""
    found = player.candidates(game.state)
    player.rng.shuffle(found)
    s = game.state
    if s.turn is not None and s.turn.character not in (None, "builder"):
        for a in found:
            if isinstance(a, Build) and a.tile and a.buy:
                try:
                    after = apply(s, a)
                except HelvetiaError:
                    continue
                if after.turn is not None and after.turn.returned > s.turn.returned:
                    game.apply(a)
                    return a
    for a in found:
        try:
            game.apply(a)
        except HelvetiaError:
            continue
        return a
    return None

