"""A seeded bot that plays whole games through the engine's public API.

It wrote the complete game records in ``tests/data`` (``python -m tests.gamegen`` writes them
again). Its building costs are test data (``tests/data/test-costs.json``), never real costs.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

from companion.engine import (
    Action,
    Birth,
    Build,
    CannotAct,
    Choose,
    ChooseStartPlayer,
    Deliver,
    EndTurn,
    FirstCouple,
    Game,
    GameState,
    IllegalAction,
    Marry,
    NeutralBuild,
    NeutralMarry,
    Pick,
    PlaceBuilding,
    Placement,
    PlaceNeutral,
    Reveal,
    SchoolReturn,
    SecondCouple,
    StartBuildings,
    ThirdCouple,
    Wake,
    apply,
    find_payment,
    header_line,
)
from companion.engine.grid import QUARTERS, in_quarter, open_ring, ring_cells
from companion.engine.production import chains

DATA = Path(__file__).parent / "data"
TEST_COSTS: dict[str, Any] = json.loads((DATA / "test-costs.json").read_text())
COST_TABLE = {t: tuple(sorted(e["cost"].items())) for t, e in TEST_COSTS["buildings"].items()}
COST_TABLE["butcher"] = (("brick", 2), ("stone", 1))


class Bot:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.deal: list[tuple[str, tuple[str, ...]]] = []

    def deal_letters(self, s: GameState) -> list[tuple[str, tuple[str, ...]]]:
        """Village-centre letters with 3 different start buildings each, one per player."""
        tiles = [t for t, n in sorted(s.start_pool.items()) for _ in range(n)]
        letters = self.rng.sample("ABCDE", len(s.colours))
        while True:
            self.rng.shuffle(tiles)
            groups = [tuple(sorted(tiles[3 * i:3 * i + 3])) for i in range(len(s.colours))]
            if all(len(set(g)) == 3 for g in groups):
                return list(zip(letters, groups, strict=True))

    # --- setup ---------------------------------------------------------------------------

    def setup_action(self, s: GameState) -> Action:
        rng = self.rng
        if s.phase == "start_player":
            return ChooseStartPlayer(rng.choice(s.colours))
        if s.phase == "draft":
            c = s.active
            assert c is not None
            held = s.to_place[c]
            free = sorted(t for t, n in s.start_pool.items() if n and t not in held)
            if free:
                return Pick(c, rng.choice(free))
            for other in s.colours:
                for t in s.to_place[other]:
                    if other != c and t not in held:
                        return Pick(c, t, take_from=other)
        if s.phase == "start_buildings":
            if not self.deal:
                self.deal = self.deal_letters(s)
            c = s.queue[0]
            letter, types = self.deal.pop(0)
            return StartBuildings(c, types, letter)
        if s.phase == "neutral":
            n = s.options.neutral_colour
            assert n is not None and s.active is not None
            v = s.villages[n]
            placed = Counter(a.sex for b in v.buildings.values() for a in b.adults)
            sex = rng.choice([x for x in "mf" if placed[x] < 2])
            cell = rng.choice([c for c in ring_cells(1) if c not in v.buildings])
            return PlaceNeutral(s.active, s.to_place[n][0], cell, sex)
        if s.phase == "place":
            c = next(c for c in s.colours if s.to_place[c])
            v = s.villages[c]
            corners = [(-1, -1), (0, -1), (-1, 0)]  # the rulebook's advice: around a corner
            free = [x for x in corners if x not in v.buildings]
            return PlaceBuilding(c, s.to_place[c][0], free[0])
        if s.phase == "couples":
            c = s.queue[0]
            cells = sorted(s.villages[c].buildings)
            if s.couple == 1:
                a, b = rng.sample(cells, 2)
                return FirstCouple(c, a, b)
            if s.couple == 2:
                return SecondCouple(c, rng.choice("mf"))
            left = s.next_colour(c, -1)
            options = [(("m" if b.adults[0].sex == "f" else "f"), cell)
                       for cell, b in sorted(s.villages[left].buildings.items())
                       if len(b.adults) == 1]
            sex, cell = rng.choice(options)
            return ThirdCouple(c, sex, cell)
        raise AssertionError(s.phase)

    # --- round end -------------------------------------------------------------------------

    def round_end_action(self, s: GameState) -> Action:
        if s.phase == "school":
            c = s.queue[0]
            sexes = [x for x in "mf" for _ in range(s.school[c][x])]
            self.rng.shuffle(sexes)
            free = [cell for cell, b in sorted(s.villages[c].buildings.items())
                    if not b.adults and s.catalogue.building(b.type).occupied]
            return SchoolReturn(c, tuple(Placement(x, free[i] if i < len(free) else None)
                                         for i, x in enumerate(sexes)))
        stack2 = [t for t, n in sorted(s.stacks["2"].items()) for _ in range(n)]
        stack3 = [t for t, n in sorted(s.stacks["3"].items()) for _ in range(n)]
        if len(stack2) >= 5:
            shown = self.rng.sample(stack2, 5)
        else:
            shown = stack2 + self.rng.sample(stack3, min(5 - len(stack2), len(stack3)))
        return Reveal(tuple(shown))

    # --- turns -----------------------------------------------------------------------------

    def one_action(self, s: GameState, c: str, ch: str, tile: bool) -> Action | None:
        """One action of a character that the engine accepts now, or None."""
        for a in self.candidates(s, c, ch, tile):
            try:
                apply(s, a)
                return a
            except IllegalAction:
                continue
        return None

    def candidates(self, s: GameState, c: str, ch: str, tile: bool) -> list[Action]:
        rng = self.rng
        p = s.player(c)
        out: list[Action] = []
        if ch == "builder":
            own = s.own_types(c)
            types = [t for t in sorted(s.offer) if t not in own]
            rng.shuffle(types)
            types.sort(key=lambda t: s.catalogue.building(t).kind != "vp")
            v = s.villages[c]
            ring_free = [x for x in ring_cells(open_ring(v.buildings)) if x not in v.buildings]
            for t in types[:4]:
                cost = s.known_cost(t) or COST_TABLE[t]
                pay = find_payment(s, c, cost, p.coins)
                if pay is None:
                    continue
                mover = next((x for x in "mf" if v.centre[x]), None)
                if not s.catalogue.building(t).occupied:
                    mover = None
                out.append(Build(c, t, rng.choice(ring_free), pay.pay, pay.buy,
                                 None if s.known_cost(t) else cost, mover, tile))
        elif ch == "carter":
            options = [ch_ for ch_, _ in chains(s, c)
                       if ch_[-1].good not in p.delivered]
            options.sort(key=lambda x: (-s.catalogue.goods[x[-1].good].level, len(x)))
            out += [Deliver(c, x, tile) for x in options[:3]]
        elif ch == "night_watchman":
            scored = []
            for vc, v in sorted(s.villages.items()):
                for q in QUARTERS:
                    sl = [a for cell, b in v.buildings.items() if in_quarter(cell, q)
                          for a in b.adults if not a.awake]
                    if sl:
                        scored.append((-sum(a.colour == c for a in sl), vc, q))
            scored.sort()
            out += [Wake(c, vc, q, tile) for _, vc, q in scored[:2]]
        elif ch == "priest":
            for source, pool in (("centre", s.villages[c].centre), ("school", s.school[c])):
                for sex in "mf":
                    if not pool[sex]:
                        continue
                    for vc, v in sorted(s.villages.items()):
                        if vc == c:
                            continue
                        for cell, b in sorted(v.buildings.items()):
                            if (len(b.adults) == 1 and b.adults[0].sex != sex
                                    and b.adults[0].colour != c):
                                coins = v.coins
                                dowry = (c if coins.get(c) else
                                         next(iter(sorted(coins)), None))
                                out.append(Marry(c, sex, source, vc, cell, dowry, tile))
            rng.shuffle(out)
        elif ch == "midwife":
            for cell, b in sorted(s.villages[c].buildings.items()):
                if len(b.adults) == 2:
                    sex = "m" if p.supply["m"] >= p.supply["f"] else "f"
                    out.append(Birth(c, cell, sex, tile))
        return out

    def try_character(self, s: GameState, c: str, ch: str, n: int) -> list[Action] | None:
        try:
            t = apply(s, Choose(c, ch, n))
        except IllegalAction:
            return None
        done: list[Action] = [Choose(c, ch, n)]
        for _ in range(n):
            a = self.one_action(t, c, ch, False)
            if a is None:
                return None
            t = apply(t, a)
            done.append(a)
        return done

    def turn(self, s: GameState) -> list[Action]:
        c = s.active
        assert c is not None
        rng = self.rng
        p = s.player(c)
        own_sleepers = sum(1 for v in s.villages.values() for b in v.buildings.values()
                           for a in b.adults if a.colour == c and not a.awake)
        weights = {"carter": 6, "builder": 5, "night_watchman": 1 + 2 * own_sleepers,
                   "priest": 2, "midwife": 1}
        order = sorted(weights, key=lambda k: -weights[k] * rng.random())
        if s.options.neutral_colour and s.neutral_coin == "ready" and rng.random() < 0.25:
            neutral = self.neutral_action(s, c)
            if neutral:
                return [neutral, *self.tile_after(apply(s, neutral), c), EndTurn(c)]
        for ch in order:
            most = min(p.coins, 2 if ch in ("carter", "night_watchman") else 1)
            for n in range(most, 0, -1):
                plan = self.try_character(s, c, ch, n)
                if plan:
                    t = s
                    for a in plan:
                        t = apply(t, a)
                    return plan + self.tile_after(t, c) + [EndTurn(c)]
        neutral = self.neutral_action(s, c)
        if neutral:
            return [neutral, EndTurn(c)]
        return [CannotAct(c)]

    def tile_after(self, s: GameState, c: str) -> list[Action]:
        if s.options.intro:
            return []
        for ch, holder in sorted(s.tile_holder.items()):
            if holder == c and ch not in s.tiles_used:
                a = self.one_action(s, c, ch, True)
                if a is not None:
                    return [a]
        return []

    def neutral_action(self, s: GameState, c: str) -> Action | None:
        n = s.options.neutral_colour
        if not n or s.neutral_coin != "ready":
            return None
        nv = s.villages[n]
        free = [x for x in ring_cells(open_ring(nv.buildings)) if x not in nv.buildings]
        for t in sorted(s.offer):
            if s.catalogue.building(t).occupied:
                sex = next((x for x in "mf" if nv.centre[x]), None)
                return NeutralBuild(c, t, self.rng.choice(free), sex)
        for cell, b in sorted(s.villages[c].buildings.items()):
            if len(b.adults) == 1:
                sex = "f" if b.adults[0].sex == "m" else "m"
                if nv.centre[sex]:
                    return NeutralMarry(c, sex, cell)
        return None


def play(header: dict[str, Any], seed: int, max_actions: int = 6000) -> Game:
    game = Game(header)
    bot = Bot(seed)
    while not game.state.game_over:
        s = game.state
        if len(game.actions) > max_actions:
            raise AssertionError(f"seed {seed}: no end after {max_actions} actions")
        if s.phase == "play":
            for a in bot.turn(s):
                game.apply(a)
        elif s.phase in ("school", "reveal"):
            game.apply(bot.round_end_action(s))
        else:
            game.apply(bot.setup_action(s))
    return game


GAMES = {
    # name: (players, options, seed, costs in the header?)
    "game-2p": ((("red", "Anna"), ("blue", "Ben")),
                {"setup": "simplified", "neutral_colour": "white"}, 14, False),
    "game-3p": ((("red", "Anna"), ("yellow", "Carla"), ("blue", "Ben")), {}, 5, True),
    "game-4p": ((("red", "Anna"), ("blue", "Ben"), ("yellow", "Carla"), ("white", "Dario")),
                {}, 3, True),
    "game-3p-intro": ((("white", "Dario"), ("blue", "Ben"), ("red", "Anna")),
                      {"setup": "simplified", "intro": True}, 18, True),
    # The group's history (tests/history/test_history.py): the same three players as game-3p.
    "history-shared-3p": ((("red", "Anna"), ("yellow", "Carla"), ("blue", "Ben")),
                          {"intro": True}, 26, True),  # a shared win
    "history-3p": ((("red", "Anna"), ("yellow", "Carla"), ("blue", "Ben")), {}, 11, True),
}


def make(name: str, seed: int | None = None) -> Game:
    players, options, default_seed, header_costs = GAMES[name]
    header = header_line(players, catalogue=TEST_COSTS if header_costs else None, **options)
    return play(header, default_seed if seed is None else seed)


def write(name: str, game: Game) -> None:
    (DATA / f"{name}.jsonl").write_text("\n".join(game.record_lines()) + "\n")


if __name__ == "__main__":
    for name in GAMES:
        g = make(name)
        write(name, g)
        s = g.state
        print(name, len(g.actions), "actions, round", s.round, "winners", s.winners,
              s.tie_break, s.track)
