"""The payment solver against an exhaustive search, on thousands of small random positions.

The oracle shares no code with the solver: it tries every sequence of the player's villagers
(asleep ones too), checks each step by its own reading of §8, and every assignment of chains
or purchases to the cost's goods. Payments from both are then checked by ``apply``.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

from companion.engine import Build, Choose, GameState, Step, apply, find_payment
from companion.engine.catalogue import make_cost
from companion.engine.state import Adult, Building
from tests.helpers import set_up

TYPES = ["woodcutter", "brickyard", "stonemason", "grain_farm", "well", "mine", "cow_shed",
         "bakehouse", "ironworks", "brewery", "marketplace", "cattle_market", "goat_market"]
COST_GOODS = ["wood", "brick", "stone", "grain", "water", "ore", "cow", "bread", "iron", "beer"]
CELLS = [(1, -1), (2, -1), (2, 0), (2, 1), (1, 1)]
BUYABLE = {"wood", "brick", "stone"}
BASE = set_up(("red", "blue", "yellow"), start="red", costs=False).state  # the Mill's cost:
# unknown, so each build below carries the cost under test


def random_position(rng: random.Random) -> GameState:
    """Red's village rebuilt with 2-5 random buildings, Red's villagers awake or asleep; one
    more in Blue's village sometimes (Red married there)."""
    s = BASE.clone()
    village = s.villages["red"]
    for b in village.buildings.values():
        for a in b.adults:
            s.player(a.colour).supply[a.sex] += 1
    village.buildings = {}
    for cell in rng.sample(CELLS, rng.randint(2, 5)):
        b = Building(rng.choice(TYPES), cell, (Adult("red", "m", rng.random() < 0.8),))
        s.player("red").supply["m"] -= 1
        village.buildings[cell] = b
    if rng.random() < 0.5:
        b = Building(rng.choice(TYPES), (1, 1), (Adult("blue", "m"), Adult("red", "f",
                                                                          rng.random() < 0.8)))
        s.player("red").supply["f"] -= 1
        s.villages["blue"].buildings[(1, 1)] = b
    return s


def red_posts(s: GameState) -> list[tuple[str, tuple[int, int]]]:
    return [(v, cell) for v in s.villages for cell, b in s.villages[v].buildings.items()
            if any(a.colour == "red" for a in b.adults)]


def step_ok(s: GameState, village: str, cell: tuple[int, int], good: str,
            before: str | None) -> bool:
    """§8 read afresh: an own awake villager; production of a simple good first, then a
    production building whose input is the good before, or an exchange within its group."""
    b = s.villages[village].buildings[cell]
    if not any(a.colour == "red" and a.awake for a in b.adults):
        return False
    bt = s.catalogue.building(b.type)
    if bt.kind == "production":
        return bt.output == good and s.catalogue.goods[good].input == before
    if bt.kind == "exchange":
        return before is not None and {before, good} <= bt.exchange and before != good
    return False


def all_chains(s: GameState) -> list[tuple[tuple[Step, ...], frozenset[int]]]:
    """Every sequence of distinct villagers and goods whose every step is allowed."""
    posts = red_posts(s)
    goods = list(s.catalogue.goods)
    found = []

    def extend(chain: tuple[Step, ...], used: frozenset[int]) -> None:
        before = chain[-1].good if chain else None
        for i, (village, cell) in enumerate(posts):
            if i in used:
                continue
            for good in goods:
                if step_ok(s, village, cell, good, before):
                    longer = (*chain, Step(village, cell, good))
                    found.append((longer, used | {i}))
                    extend(longer, used | {i})

    extend((), frozenset())
    return found


def oracle(s: GameState, cost: list[str], budget: int) -> tuple[int, Build] | None:
    chains = all_chains(s)
    best: tuple[int, int, Build] | None = None
    per_unit = [[c for c in chains if c[0][-1].good == g] + ([None] if g in BUYABLE else [])
                for g in cost]
    for pick in itertools.product(*per_unit):
        used: set[int] = set()
        ok = True
        for p in pick:
            if p is not None:
                if used & p[1]:
                    ok = False
                    break
                used |= p[1]
        coins = sum(1 for p in pick if p is None)
        if not ok or coins > budget:
            continue
        sleepers = sum(len(p[0]) for p in pick if p is not None)
        if best is None or (coins, sleepers) < best[:2]:
            bought = Counter(g for g, p in zip(cost, pick, strict=True) if p is None)
            build = Build("red", "mill", (-1, 1), tuple(p[0] for p in pick if p is not None),
                          tuple(sorted(bought.items())), make_cost(Counter(cost)))
            best = (coins, sleepers, build)
    return None if best is None else (best[0], best[2])


def accepted(s: GameState, build: Build, budget: int) -> bool:
    s = s.clone()
    s.player("red").coins = budget + 1
    s.offer["mill"] = 1
    s = apply(s, Choose("red", "builder", 1))
    apply(s, build)
    return True


def test_the_solver_agrees_with_exhaustive_search() -> None:
    rng = random.Random(2026)
    found = 0
    for _ in range(5000):
        s = random_position(rng)
        cost = sorted(rng.choice(COST_GOODS) for _ in range(rng.randint(1, 3)))
        budget = rng.randint(0, 3)
        expected = oracle(s, cost, budget)
        payment = find_payment(s, "red", make_cost(Counter(cost)), budget)
        assert (payment is None) == (expected is None), (cost, budget)
        if payment is None or expected is None:
            continue
        found += 1
        assert payment.coins == expected[0], (cost, budget, payment)
        build = Build("red", "mill", (-1, 1), payment.pay, payment.buy, make_cost(Counter(cost)))
        assert accepted(s, build, budget)
        assert accepted(s, expected[1], budget)
    assert found > 1000  # enough positions where a payment exists to mean something
