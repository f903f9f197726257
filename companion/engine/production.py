"""Production (digest §8): chains of the acting player's own awake villagers, in any village.

``run_chain`` performs a chain the player wrote down. ``chains`` and ``find_payment`` search for
chains and payments; the engine uses them to tell whether a player can still act at all.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from .actions import Chain, Step
from .catalogue import BUYABLE, EXCHANGE, PRODUCTION, BuildingType, Cost
from .errors import IllegalAction
from .grid import Cell, cell_text
from .state import Adult, Building, GameState, colour_name


def village_text(state: GameState, colour: str) -> str:
    if state.villages[colour].neutral:
        return "the neutral village"
    return f"{colour_name(colour)}'s village"


def building_at(state: GameState, village: str, cell: Cell) -> tuple[BuildingType, Building]:
    """The building at a cell of a village, and its type; refused if there is none."""
    if village not in state.villages:
        raise IllegalAction(f"There is no {village} village in this game.", "no_village")
    b = state.villages[village].buildings.get(cell)
    if b is None:
        raise IllegalAction(f"There is no building at {cell_text(cell)} in "
                            f"{village_text(state, village)}.", "no_building")
    return state.catalogue.building(b.type), b


def _worker(state: GameState, player: str, step: Step) -> tuple[BuildingType, Adult]:
    bt, b = building_at(state, step.village, step.cell)
    where = f"the {bt.name} at {cell_text(step.cell)} in {village_text(state, step.village)}"
    own = [a for a in b.adults if a.colour == player]
    if not own:
        raise IllegalAction(f"{colour_name(player)} has no villager on {where}.", "no_worker")
    if not own[0].awake:
        raise IllegalAction(f"{colour_name(player)}'s villager on {where} is asleep.",
                            "worker_asleep")
    return bt, own[0]


def run_chain(state: GameState, player: str, chain: Chain) -> str:
    """Perform a chain: each step's villager falls asleep. Returns the good at the end."""
    if not chain:
        raise IllegalAction("Nothing was produced: a chain needs at least one villager.",
                            "empty_chain")
    cat = state.catalogue
    good: str | None = None
    for step in chain:
        if step.good not in cat.goods:
            raise IllegalAction(f"There is no good called {step.good!r}.", "unknown_good")
        bt, worker = _worker(state, player, step)
        want = cat.goods[step.good].name.lower()
        if bt.kind == PRODUCTION:
            assert bt.output is not None
            made = cat.goods[bt.output]
            if step.good != bt.output:
                raise IllegalAction(f"A {bt.name} makes {made.name.lower()}, not {want}.",
                                    "wrong_good")
            if made.input is not None and good != made.input:
                need = cat.goods[made.input].name.lower()
                got = "nothing" if good is None else cat.goods[good].name.lower()
                raise IllegalAction(
                    f"A {bt.name} needs {need} produced first in the same action, "
                    f"not {got}.", "missing_input")
            if made.input is None and good is not None:
                raise IllegalAction(f"A {bt.name} makes {made.name.lower()} from nothing: "
                                    f"it cannot take {cat.goods[good].name.lower()}.",
                                    "no_input_taken")
        elif bt.kind == EXCHANGE:
            if good is None:
                raise IllegalAction(f"A {bt.name} exchanges a good produced in this action; "
                                    f"nothing was produced before it.", "exchange_first")
            group = ", ".join(cat.goods[g].name.lower() for g in sorted(bt.exchange))
            if good not in bt.exchange or step.good not in bt.exchange:
                raise IllegalAction(f"A {bt.name} exchanges only among {group}.",
                                    "wrong_exchange")
            if good == step.good:
                raise IllegalAction(f"Exchanging {want} for {want} changes nothing.",
                                    "same_exchange")
        else:
            raise IllegalAction(f"A {bt.name} produces nothing.", "vp_building")
        worker.awake = False
        good = step.good
    assert good is not None
    return good


# --- search --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Post:
    """A building where the player has an awake villager."""

    village: str
    cell: Cell
    type: BuildingType


def village_order(state: GameState, colour: str) -> list[str]:
    """The villages as a player sees them: its own, then the others in play order, the neutral
    village last."""
    return state.order_from(colour) + [c for c in state.villages if c not in state.colours]


def awake_posts(state: GameState, player: str) -> list[Post]:
    """The player's working places, in a fixed order: its own village first, then the others in
    play order (the neutral village last), each row by row (y, then x)."""
    posts = []
    for colour in village_order(state, player):
        buildings = state.villages[colour].buildings
        for cell in sorted(buildings, key=lambda c: (c[1], c[0])):
            if any(a.colour == player and a.awake for a in buildings[cell].adults):
                posts.append(Post(colour, cell, state.catalogue.building(buildings[cell].type)))
    return posts


def chains(state: GameState, posts: list[Post]) -> Iterator[tuple[Chain, frozenset[int]]]:
    """Every chain the posts can work (no good made twice in one chain), with the posts used."""
    cat = state.catalogue

    def extend(chain: Chain, used: frozenset[int]) -> Iterator[tuple[Chain, frozenset[int]]]:
        yield chain, used
        good = chain[-1].good
        made = {s.good for s in chain}
        for i, post in enumerate(posts):
            if i in used:
                continue
            t = post.type
            if t.kind == PRODUCTION and t.output not in made and cat.goods[t.output].input == good:
                yield from extend((*chain, Step(post.village, post.cell, t.output)), used | {i})
            elif t.kind == EXCHANGE and good in t.exchange:
                for g in sorted(t.exchange - made):
                    yield from extend((*chain, Step(post.village, post.cell, g)), used | {i})

    for i, post in enumerate(posts):
        t = post.type
        if t.kind == PRODUCTION and t.output is not None and cat.goods[t.output].input is None:
            yield from extend((Step(post.village, post.cell, t.output),), frozenset({i}))


@dataclass(frozen=True)
class Payment:
    pay: tuple[Chain, ...]
    buy: tuple[tuple[str, int], ...]

    @property
    def coins(self) -> int:
        return sum(n for _, n in self.buy)

    @property
    def sleepers(self) -> int:
        return sum(len(c) for c in self.pay)


ChainsByGood = dict[str, list[tuple[Chain, frozenset[int]]]]


def chains_by_good(state: GameState, player: str) -> ChainsByGood:
    """Every chain the player can work now, by the good it ends with, shortest first (then in
    the order of ``awake_posts``)."""
    by_good: ChainsByGood = {}
    for chain, used in chains(state, awake_posts(state, player)):
        by_good.setdefault(chain[-1].good, []).append((chain, used))
    for options in by_good.values():
        options.sort(key=lambda o: len(o[0]))  # stable: ties keep the search order
    return by_good


def find_payment(state: GameState, player: str, cost: Cost, budget: int | None,
                 by_good: ChainsByGood | None = None) -> Payment | None:
    """The cheapest payment of ``cost``: fewest coins for bought goods (at most ``budget``;
    None: any number), then fewest villagers put to sleep, then the first in search order
    (the cost's goods alphabetically, each by the shortest chain first, buying last).
    None if no payment is possible."""
    if by_good is None:
        by_good = chains_by_good(state, player)
    if budget is None:
        budget = sum(n for _, n in cost)
    needed = [g for g, n in cost for _ in range(n)]
    best: list[tuple[tuple[int, int], Payment]] = []
    buy_index = 1 << 30  # past every chain: "bought"

    def search(k: int, used: frozenset[int], pay: tuple[Chain, ...], bought: Counter[str],
               after: int) -> None:
        """Pay ``needed[k:]``; ``after``: for a repeat of the previous good, only options past
        the one it took (so no payment is tried twice in another order)."""
        coins = sum(bought.values())
        if coins > budget or (best and coins > best[0][0][0]):
            return
        if k == len(needed):
            score = (coins, sum(len(c) for c in pay))
            if not best or score < best[0][0]:
                best[:] = [(score, Payment(pay, tuple(sorted(bought.items()))))]
            return
        good = needed[k]
        start = after if k and needed[k - 1] == good else -1
        options = by_good.get(good, [])
        for i in range(start + 1, len(options)):
            chain, chain_used = options[i]
            if not (used & chain_used):
                search(k + 1, used | chain_used, (*pay, chain), bought, i)
        if good in BUYABLE:
            search(k + 1, used, pay, bought + Counter({good: 1}), buy_index - 1)

    search(0, frozenset(), (), Counter(), -1)
    return best[0][1] if best else None
