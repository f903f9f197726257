"""Production (digest §8, §2): chains of the acting player's own awake villagers, in any village.

One rule, one place: ``step_problem`` says whether one step may follow the steps before it in a
chain. ``run_chain`` performs a chain a player wrote down and ``chains`` searches for every chain a
player can work now; both ask ``step_problem``, so the search offers exactly what is accepted.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace
from enum import Enum

from .actions import Chain, Step
from .catalogue import BUYABLE, EXCHANGE, PRODUCTION, BuildingType, Cost
from .errors import IllegalAction, refuse
from .grid import Cell, by_row
from .messages import Message, message
from .state import Adult, Building, GameState
from .values import Colour


def vcode(state: GameState, colour: str) -> str:
    """A village as a message parameter: its colour, or "neutral" for the neutral village."""
    v = state.villages.get(colour)
    return "neutral" if v is not None and v.neutral else colour


def building_at(state: GameState, village: str, cell: Cell) -> tuple[BuildingType, Building]:
    """The building at a cell of a village, and its type; refused if there is none."""
    if village not in state.villages:
        raise refuse("no_village", name=village)
    b = state.villages[village].buildings.get(cell)
    if b is None:
        raise refuse("no_building", cell=cell, village=vcode(state, village))
    return state.catalogue.building(b.type), b


def _own(b: Building, player: Colour) -> Adult | None:
    for a in b.adults:
        if a.colour == player:
            return a
    return None


def _own_index(adults: list[Adult], player: Colour) -> int:
    """Where ``_own``'s villager stands in the building's list."""
    return next(i for i, a in enumerate(adults) if a.colour == player)


def step_problem(state: GameState, player: Colour, before: Chain, step: Step) -> Message | None:
    """Why ``step`` cannot follow ``before`` in one of ``player``'s chains (None: it can). The
    villagers of ``before`` are taken as asleep already."""
    cat = state.catalogue
    if step.good not in cat.goods:
        return message("unknown_good", name=step.good)
    if step.village not in state.villages:
        return message("no_village", name=step.village)
    b = state.villages[step.village].buildings.get(step.cell)
    if b is None:
        return message("no_building", cell=step.cell, village=vcode(state, step.village))
    bt = cat.building(b.type)
    worker = _own(b, player)
    if worker is None:
        return message("no_worker", player=player, building=b.type, cell=step.cell,
                       village=vcode(state, step.village))
    if not worker.awake or any(s.village == step.village and s.cell == step.cell
                               for s in before):
        return message("worker_asleep", player=player, building=b.type, cell=step.cell,
                       village=vcode(state, step.village))
    good = before[-1].good if before else None
    if bt.kind == PRODUCTION:
        assert bt.output is not None
        made = cat.goods[bt.output]
        if step.good != bt.output:
            return message("wrong_good", building=b.type, made=bt.output, good=step.good)
        if made.input is not None and good != made.input:
            if good is None:
                return message("missing_input", building=b.type, input=made.input)
            return message("wrong_input", building=b.type, input=made.input, good=good)
        if made.input is None and good is not None:
            return message("no_input_taken", building=b.type, made=bt.output, good=good)
    elif bt.kind == EXCHANGE:
        if good is None:
            return message("exchange_first", building=b.type)
        if good not in bt.exchange or step.good not in bt.exchange:
            return message("wrong_exchange", building=b.type,
                           goods=tuple(g for g in cat.goods if g in bt.exchange))
    else:
        return message("vp_building", building=b.type)
    if any(s.good == step.good for s in before):
        return message("good_twice", good=step.good)
    return None


def run_chain(state: GameState, player: Colour, chain: Chain) -> str:
    """Perform a chain: each step's villager falls asleep. Returns the good at the end."""
    if not chain:
        raise refuse("empty_chain")
    for i, step in enumerate(chain):
        problem = step_problem(state, player, chain[:i], step)
        if problem is not None:
            raise IllegalAction(problem)
    for step in chain:
        village = state.villages[step.village]
        adults = list(village.buildings[step.cell].adults)
        worker = _own_index(adults, player)
        adults[worker] = replace(adults[worker], awake=False)  # an Adult is a value
        village.set_adults(step.cell, tuple(adults))
    return chain[-1].good


# --- search --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Post:
    """A building where the player has an awake villager."""

    village: str
    cell: Cell
    type: BuildingType


def village_order(state: GameState, colour: Colour) -> list[str]:
    """The villages as a player sees them: its own, then the others in play order, the neutral
    village last."""
    cols = state.colours
    i = cols.index(colour)
    return cols[i:] + cols[:i] + [c for c in state.villages if c not in cols]


def _working(state: GameState, player: Colour) -> list[tuple[str, Cell, Building]]:
    """Where the player has an awake villager: village, cell and building, in the order of
    ``awake_posts``."""
    out = []
    for colour in village_order(state, player):
        buildings = state.villages[colour].buildings
        cells = []
        for cell, b in buildings.items():
            for a in b.adults:
                if a.colour == player and a.awake:
                    cells.append(cell)
                    break
        out += [(colour, cell, buildings[cell]) for cell in by_row(cells)]
    return out


def awake_posts(state: GameState, player: Colour) -> list[Post]:
    """The player's working places, in a fixed order: its own village first, then the others in
    play order (the neutral village last), each row by row (y, then x)."""
    building_type = state.catalogue.building
    return [Post(colour, cell, building_type(b.type))
            for colour, cell, b in _working(state, player)]


def _goods_at(state: GameState, post: Post) -> list[str]:
    """The goods a villager there could make (production) or exchange into (alphabetically)."""
    if post.type.kind == PRODUCTION:
        return [post.type.output] if post.type.output else []
    return sorted(post.type.exchange)


_STEPS: dict[tuple[str, Cell, str], Step] = {}
"""Steps are values: one object for each (village, cell, good), shared by every chain
remembered (fewer objects for the garbage collector to walk; at most villages x cells x
goods of them)."""


def _step(village: str, cell: Cell, good: str) -> Step:
    key = (village, cell, good)
    step = _STEPS.get(key)
    if step is None:
        if len(_STEPS) > 20_000:  # (cells are few: only a misuse gets here)
            _STEPS.clear()
        step = _STEPS[key] = Step(village, cell, good)
    return step


def chains(state: GameState, player: Colour) -> Iterator[tuple[Chain, int]]:
    """Every chain the player can work now, with the ``awake_posts`` it uses (bit ``i`` set:
    post ``i``; a number, not a set: the garbage collector need not track it): exactly the
    chains ``run_chain`` accepts (each step checked by ``step_problem``)."""
    cat = state.catalogue
    posts = awake_posts(state, player)
    # A quick sieve, so that the rule (``step_problem``) is asked about plausible steps only:
    # by the good a chain ends with (None: an empty chain), the posts that could follow it.
    follow: dict[str | None, list[tuple[int, list[Step]]]] = {}
    for i, p in enumerate(posts):
        candidates = [_step(p.village, p.cell, g) for g in _goods_at(state, p)]
        if p.type.kind == PRODUCTION:
            inputs: list[str | None] = (
                [cat.goods[p.type.output].input] if p.type.output is not None else [])
        else:
            inputs = [*sorted(p.type.exchange)]
        for good in inputs:
            follow.setdefault(good, []).append((i, candidates))

    found: list[tuple[Chain, int]] = []

    def extend(chain: Chain, used: int) -> None:
        if chain:
            found.append((chain, used))
        for i, candidates in follow.get(chain[-1].good if chain else None, ()):
            if used >> i & 1:
                continue
            for step in candidates:
                if step_problem(state, player, chain, step) is None:
                    extend((*chain, step), used | 1 << i)

    extend((), 0)
    return iter(found)


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


ChainsByGood = dict[str, list[tuple[Chain, int]]]
"""Chains by the good they end with, shortest first, each with the posts it uses (bits, see
``chains``)."""


class _Chains(dict[str, list[tuple[Chain, int]]]):
    """``chains_by_good``'s answer, remembered with the posts it was worked out from."""

    __slots__ = ("key", "payments")  # no instance dict: one object fewer in each memo entry
    key: tuple[object, ...]
    payments: dict[tuple[Cost, int | None], Payment | None]


_MEMO_SIZE = 1024  # recent states are what a search asks again
_MEMO_CHAINS = 20_000
"""At most about this many chains remembered: a few exchange buildings make a thousand chains
of one player, and every object kept is walked by each full garbage collection (a memo of
millions of objects once made one ``turn_options`` take 2 s)."""
_memo: dict[tuple[object, ...], tuple[object, _Chains]] = {}
_memo_chains = 0
"""Chains held by ``_memo`` and ``_all`` together."""
_all: dict[tuple[object, ...], tuple[object, list[tuple[Chain, int]]]] = {}
"""The chains of every post of a player as if all its villagers there were awake, in search
order: the chains of some of them awake are these, less those with a sleeper (see
``chains_by_good``)."""


def _posts(state: GameState, player: Colour) -> tuple[tuple[object, ...], int]:
    """Where the player has a villager (village, cell, building type; in ``awake_posts``
    order), under one catalogue, and which of them sleep (bit ``i``: the ``i``-th post; the
    player's first villager there is the one ``step_problem`` asks about)."""
    key: list[object] = [id(state.catalogue), player]
    asleep = 0
    i = 0
    for colour in village_order(state, player):
        buildings = state.villages[colour].buildings
        # (y, x) first: sorted row by row. A building holds one villager of a colour at most
        # (``marriage_problem``), so each cell comes once; else the first of them counts.
        mine = [(cell[1], cell[0], cell, b.type, a.awake) for cell, b in buildings.items()
                for a in b.adults if a.colour == player]
        if len(mine) > 1:
            mine.sort()
            if len({m[2] for m in mine}) != len(mine):
                mine = _first_own(buildings, player)
        for _, _, cell, type_id, awake in mine:
            key += (colour, cell, type_id)
            if not awake:
                asleep |= 1 << i
            i += 1
    return tuple(key), asleep


def _first_own(buildings: dict[Cell, Building], player: Colour
               ) -> list[tuple[int, int, Cell, str, bool]]:
    """``_posts``'s list of one village where a building holds two villagers of the player:
    the first of them counts (as in ``step_problem``)."""
    out = []
    for cell, b in buildings.items():
        a = _own(b, player)
        if a is not None:
            out.append((cell[1], cell[0], cell, b.type, a.awake))
    return sorted(out)


def posts_key(state: GameState, player: Colour) -> tuple[object, ...]:
    """All that the player's chains depend on: where its villagers are (village, cell,
    building type, in ``awake_posts`` order) and which of them are awake, under one
    catalogue."""
    key, asleep = _posts(state, player)
    return (*key, asleep)


def _all_awake(state: GameState, player: Colour, asleep: int, key: tuple[object, ...]
               ) -> list[tuple[Chain, int]]:
    """``chains`` of a copy of ``state`` where the player's villagers on buildings are all
    awake (remembered by the posts)."""
    hit = _all.get(key)
    if hit is not None and hit[0] is state.catalogue:
        return hit[1]
    awake = state
    if asleep:
        awake = state.clone()
        for village in awake.villages.values():
            for cell, b in list(village.buildings.items()):
                i = next((i for i, a in enumerate(b.adults) if a.colour == player), None)
                if i is not None and not b.adults[i].awake:
                    village.set_adults(cell, (*b.adults[:i], replace(b.adults[i], awake=True),
                                              *b.adults[i + 1:]))
    found = list(chains(awake, player))
    global _memo_chains
    if len(_all) >= _MEMO_SIZE or _memo_chains + len(found) > _MEMO_CHAINS:
        _forget()
    _all[key] = (state.catalogue, found)
    _memo_chains += len(found)
    return found


def _forget() -> None:
    """Both memos emptied (they count their chains together)."""
    global _memo_chains
    _memo.clear()
    _all.clear()
    _memo_chains = 0


def chains_by_good(state: GameState, player: Colour) -> ChainsByGood:
    """Every chain the player can work now, by the good it ends with, shortest first (then in
    the order of ``awake_posts``), each with the posts it uses (bits over all the player's
    posts, asleep or awake, in ``awake_posts`` order).

    The chains are a function of the player's posts and of who is awake there alone
    (``step_problem`` asks nothing else of the state), so the answer is remembered by them and
    shared: callers read it and never change it. And the chains with some villagers asleep are
    those of all of them awake that use none of the sleepers, in the same order (the search
    pruned of the branches through a sleeper), so one search serves every state of the posts
    between a worker's falling asleep and its waking."""
    posts, asleep = _posts(state, player)
    key = (*posts, asleep)
    hit = _memo.get(key)
    if hit is not None and hit[0] is state.catalogue:
        return hit[1]
    by_good = _Chains()
    for chain, used in _all_awake(state, player, asleep, posts):
        if not used & asleep:
            by_good.setdefault(chain[-1].good, []).append((chain, used))
    for options in by_good.values():
        options.sort(key=lambda o: len(o[0]))  # stable: ties keep the search order
    by_good.key = key
    by_good.payments = {}
    global _memo_chains
    n = sum(len(options) for options in by_good.values())
    if len(_memo) >= _MEMO_SIZE or _memo_chains + n > _MEMO_CHAINS:
        _forget()
    _memo[key] = (state.catalogue, by_good)
    _memo_chains += n
    return by_good


def find_payment(state: GameState, player: Colour, cost: Cost, budget: int | None,
                 by_good: ChainsByGood | None = None) -> Payment | None:
    """The cheapest payment of ``cost``: fewest coins for bought goods (at most ``budget``;
    None: any number), then fewest villagers put to sleep, then the first in search order
    (the cost's goods alphabetically, each by the shortest chain first, buying last).
    None if no payment is possible."""
    if by_good is None:
        by_good = chains_by_good(state, player)
    if isinstance(by_good, _Chains):  # remembered with the chains it was found among
        key = (cost, budget)
        payment = by_good.payments.get(key, _Unknown.UNKNOWN)
        if payment is _Unknown.UNKNOWN:
            payment = by_good.payments[key] = _cheapest(cost, budget, by_good)
        return payment
    return _cheapest(cost, budget, by_good)


class _Unknown(Enum):
    UNKNOWN = 0  # a payment not looked for yet (None is an answer: no payment)


def _cheapest(cost: Cost, budget: int | None, by_good: ChainsByGood) -> Payment | None:
    if budget is None:
        budget = sum(n for _, n in cost)
    needed = [g for g, n in cost for _ in range(n)]
    last = len(needed)
    found = False
    best_coins = best_sleepers = 0
    best_pay: tuple[Chain, ...] = ()
    best_bought: tuple[str, ...] = ()
    buy_index = 1 << 30  # past every chain: "bought"

    def search(k: int, used: int, pay: tuple[Chain, ...], bought: tuple[str, ...],
               sleepers: int, after: int) -> None:
        """Pay ``needed[k:]``; ``after``: for a repeat of the previous good, only options past
        the one it took (so no payment is tried twice in another order)."""
        nonlocal found, best_coins, best_sleepers, best_pay, best_bought
        coins = len(bought)
        if coins > budget:
            return
        # coins and sleepers only grow: a path that cannot beat the best stops
        if found and (coins > best_coins or (coins == best_coins and sleepers >= best_sleepers)):
            return
        if k == last:
            found, best_coins, best_sleepers, best_pay, best_bought = (
                True, coins, sleepers, pay, bought)
            return
        good = needed[k]
        start = after if k and needed[k - 1] == good else -1
        options = by_good.get(good, ())
        for i in range(start + 1, len(options)):
            chain, chain_used = options[i]
            if found and (coins > best_coins or (
                    coins == best_coins and sleepers + len(chain) >= best_sleepers)):
                break  # the stop above, before the call: the chains after it are no shorter
            if not (used & chain_used):
                search(k + 1, used | chain_used, (*pay, chain), bought, sleepers + len(chain), i)
        if good in BUYABLE:
            search(k + 1, used, pay, (*bought, good), sleepers, buy_index - 1)

    search(0, 0, (), (), 0, -1)
    if not found:
        return None
    return Payment(best_pay, tuple(sorted(Counter(best_bought).items())))
