"""The five characters (digest §9) and the neutral village's two actions (§6.3): what one
action does. Coins and tiles are the turn's business (``turns.py``).

One rule, one place: each rule is a predicate (``*_problem``: the refusal as a message, or None)
or a generator built on it, used both by the action here and by the option search
(``moves.py``) and the setup (``setup.py``), so that what is offered is what is accepted.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import replace

from .actions import Birth, Build, Chain, CorrectCost, Deliver, Marry, Wake
from .catalogue import BUYABLE, make_cost
from .errors import IllegalAction, refuse
from .grid import QUARTERS, Cell, by_row, cells_of_ring, in_quarter, open_ring, ring
from .messages import Message, message
from .production import step_problem, vcode
from .state import Adult, Building, GameState, Village
from .values import SEXES, Colour, Quarter, Sex, Source


def raise_problem(problem: Message | None) -> None:
    """Refuse with ``problem``, if there is one."""
    if problem is not None:
        raise IllegalAction(problem)


# --- building ------------------------------------------------------------------------------


def build_cells(village: Village) -> list[Cell]:
    """Where a new building may go in a village: the free cells of the innermost ring that
    still has one (§5), row by row. ``place_problem`` says why another cell is refused."""
    return list(_build_cells(village))


def _build_cells(village: Village) -> Iterator[Cell]:
    n = open_ring(village.buildings)
    return (c for c in cells_of_ring(n) if c not in village.buildings)


def first_free_cell(village: Village) -> Cell:
    """The first free cell (row by row) of the innermost open ring: the default place."""
    return next(_build_cells(village))


def place_problem(state: GameState, village: Village, type_id: str, cell: Cell) -> Message | None:
    """A building on offer, onto a free cell of the innermost open ring."""
    if type_id not in state.catalogue.buildings:
        return message("unknown_building", name=type_id)
    if state.offer.get(type_id, 0) == 0:
        return message("not_on_offer", building=type_id)
    if cell in village.buildings or ring(cell) == 0:
        return message("cell_taken", cell=cell)
    n = open_ring(village.buildings)
    if ring(cell) != n:
        return message("wrong_ring", open=n, cell=cell, ring=ring(cell))
    return None


def buildable_types(state: GameState, player: Colour) -> Iterator[str]:
    """The types on offer ``player`` may build (each type once per player), catalogue order."""
    own = state.own_types(player)
    return (t for t in state.catalogue.buildings if t in state.offer and t not in own)


def build_type_problem(state: GameState, player: Colour, type_id: str) -> Message | None:
    if type_id not in state.catalogue.buildings:
        return message("unknown_building", name=type_id)
    if type_id in state.own_types(player):
        return message("type_owned", player=player, building=type_id)
    if state.offer.get(type_id, 0) == 0:
        return message("not_on_offer", building=type_id)
    return None


def place_new(state: GameState, village: Village, type_id: str, cell: Cell) -> Building:
    """A building from the offer onto ``cell`` (``place_problem`` checked by the caller)."""
    state.offer[type_id] -= 1
    if state.offer[type_id] == 0:
        del state.offer[type_id]
    b = Building(type_id, cell)
    village.buildings[cell] = b
    return b


def movers(village: Village) -> tuple[Sex, ...]:
    """The sexes waiting in a village's centre, one of whom moves into a new building."""
    return tuple(s for s in SEXES if village.centre[s] > 0)


def mover_problem(state: GameState, village: Village, sex: Sex | None) -> Message | None:
    """Who moves from the centre into a new production or exchange building: someone if anyone
    waits (the player says which sex when both do)."""
    present = movers(village)
    v = vcode(state, village.colour)
    if not present:
        return None if sex is None else message("no_mover", village=v)
    if sex is None:
        return message("mover_needed", village=v) if len(present) > 1 else None
    if village.centre[sex] == 0:
        return message("no_mover_sex", sex=sex, village=v)
    return None


def move_in(state: GameState, village: Village, b: Building, sex: Sex | None,
            colour: Colour) -> None:
    """Someone from the centre moves into the new building (``mover_problem`` checked by the
    caller): of ``sex``, or whoever waits."""
    present = movers(village)
    if not present:
        return
    sex = sex or present[0]
    village.centre[sex] -= 1
    village.add_adult(b.cell, Adult(colour, sex))


def build(state: GameState, a: Build) -> int:
    """Builder: returns the coins spent on bought goods."""
    cat = state.catalogue
    raise_problem(build_type_problem(state, a.player, a.building))
    bt = cat.building(a.building)
    village = state.villages[a.player]
    raise_problem(place_problem(state, village, a.building, a.cell))
    known = state.known_cost(a.building)
    if a.cost is not None:
        given = make_cost(dict(a.cost))
        raise_problem(cost_problem(state, a.building, given, check_known=False))
        if known is not None and given != known:
            raise refuse("wrong_cost", building=a.building, cost=known, given=given)
        cost = given
    elif known is not None:
        cost = known
    else:
        raise refuse("cost_unknown", building=a.building)
    bought = Counter(dict(a.buy))
    for g in bought:
        if g not in BUYABLE:
            raise refuse("not_buyable", good=g)
    player = state.player(a.player)
    coins = sum(bought.values())
    if coins > player.coins:
        raise refuse("cannot_afford", player=a.player, n=coins, buy=make_cost(bought),
                     held=player.coins)
    raise_problem(chains_problem(state, a.player, a.pay))
    paid = Counter(chain[-1].good for chain in a.pay) + bought
    if paid != Counter(dict(cost)):
        raise refuse("wrong_payment", building=a.building, cost=cost, paid=make_cost(paid))
    if bt.occupied:
        raise_problem(mover_problem(state, village, a.mover))
    elif a.mover is not None:
        raise refuse("vp_building", building=a.building)
    # Everything checked: now the state changes.
    _lay_down(state, a.player, a.pay)
    if bt.cost is None:
        state.learned_costs[a.building] = cost
    b = place_new(state, village, a.building, a.cell)
    if bt.occupied:
        move_in(state, village, b, a.mover, a.player)
    return coins


def _lay_down(state: GameState, player: Colour, chains: tuple[Chain, ...]) -> None:
    """The villagers of chains that ``chains_problem`` accepted fall asleep (as ``run_chain``
    does, without checking each step a second time)."""
    for chain in chains:
        for step in chain:
            village = state.villages[step.village]
            adults = village.buildings[step.cell].adults
            for i, ad in enumerate(adults):
                if ad.colour == player:  # villagers are values: the sleeper replaces it
                    village.set_adults(step.cell, (*adults[:i], replace(ad, awake=False),
                                                   *adults[i + 1:]))
                    break


_BEFORE_ASLEEP = ("unknown_good", "no_village", "no_building", "no_worker")
"""The refusals of a step that come before "its worker is asleep" (``step_problem``)."""


def chains_problem(state: GameState, player: Colour, chains: tuple[Chain, ...]) -> Message | None:
    """Whether ``player`` may work these chains one after the other, before any worker falls
    asleep: each step as ``step_problem`` says, a worker of an earlier chain being asleep."""
    used: set[tuple[str, Cell]] = set()
    for chain in chains:
        if not chain:
            return message("empty_chain")
        for i, step in enumerate(chain):
            problem = step_problem(state, player, chain[:i], step)
            if (step.village, step.cell) in used and (
                    problem is None or problem.code not in _BEFORE_ASLEEP):
                b = state.villages[step.village].buildings[step.cell]
                return message("worker_asleep", player=player, building=b.type,
                               cell=step.cell, village=vcode(state, step.village))
            if problem is not None:
                return problem
        used.update((s.village, s.cell) for s in chain)
    return None


def cost_problem(state: GameState, type_id: str, cost: tuple[tuple[str, int], ...],
                 check_known: bool = True) -> Message | None:
    """A cost read off a tile: known goods (at least one: the record format says so); not for a
    type whose cost is known."""
    if type_id not in state.catalogue.buildings:
        return message("unknown_building", name=type_id)
    for g, _ in cost:
        if g not in state.catalogue.goods:
            return message("unknown_good", name=g)
    known = state.known_cost(type_id)
    if check_known and known is not None:
        return message("cost_known", building=type_id, cost=known)
    return None


def correct_cost(state: GameState, a: CorrectCost) -> None:
    """A cost corrected by the table: used from now on (it wins over the one known; an
    empty cost never gets here: the record format refuses it)."""
    problem = cost_problem(state, a.building, a.cost, check_known=False)
    if problem is not None:
        raise IllegalAction(problem)
    state.learned_costs[a.building] = a.cost


# --- Carter --------------------------------------------------------------------------------


def deliver(state: GameState, a: Deliver) -> None:
    """Carter: one produced good onto the market."""
    player = state.player(a.player)
    raise_problem(chains_problem(state, a.player, (a.chain,)))
    good = a.chain[-1].good
    cat = state.catalogue
    if good in player.delivered:
        raise refuse("delivered_twice", player=a.player, good=good)
    _lay_down(state, a.player, (a.chain,))
    player.delivered.append(good)
    if cat.goods[good].level > 1 and good not in state.goods_tiles:
        state.goods_tiles[good] = a.player
    done = set(player.delivered)
    for branch in cat.branches.values():
        if branch.id not in state.branch_tiles and branch.goods <= done:
            state.branch_tiles[branch.id] = a.player


# --- Night Watchman ------------------------------------------------------------------------


def quarter_villagers(state: GameState, village: str, quarter: Quarter) -> list[Adult]:
    """Every villager on the buildings of one quarter of a village (§5: a side building lies
    in a top and a bottom quarter)."""
    return [ad for cell, b in state.villages[village].buildings.items()
            if in_quarter(cell, quarter) for ad in b.adults]


def sleepers(state: GameState, village: str, quarter: Quarter) -> list[Adult]:
    """Every sleeping villager on the buildings of one quarter of a village: whom the Night
    Watchman wakes there."""
    return list(_sleepers(state, village, quarter))


def _sleepers(state: GameState, village: str, quarter: Quarter) -> Iterator[Adult]:
    return (ad for cell, b in state.villages[village].buildings.items()
            for ad in b.adults if not ad.awake and in_quarter(cell, quarter))


def sleeping_quarters(state: GameState, village: str) -> dict[str, list[Cell]]:
    """The quarters of a village with someone asleep, each with the cells (row by row) of its
    buildings where someone sleeps: what the Night Watchman may wake."""
    asleep = [c for c in by_row(state.villages[village].buildings)
              if any(not ad.awake for ad in state.villages[village].buildings[c].adults)]
    out: dict[str, list[Cell]] = {}
    for q in QUARTERS:
        cells = [c for c in asleep if in_quarter(c, q)]
        if cells:
            out[q] = cells
    return out


def wake_problem(state: GameState, village: str, quarter: Quarter) -> Message | None:
    if village not in state.villages:
        return message("no_village", name=village)
    if next(_sleepers(state, village, quarter), None) is None:  # the first one will do
        return message("no_sleeper", quarter=quarter, village=vcode(state, village))
    return None


def wake(state: GameState, a: Wake) -> None:
    """Night Watchman: every sleeper on the buildings of one quarter of one village wakes."""
    raise_problem(wake_problem(state, a.village, a.quarter))
    asleep = {id(ad) for ad in sleepers(state, a.village, a.quarter)}
    village = state.villages[a.village]
    for cell, b in list(village.buildings.items()):  # villagers are values: replaced
        if any(id(ad) in asleep for ad in b.adults):
            village.set_adults(cell, tuple(replace(ad, awake=True) if id(ad) in asleep else ad
                                           for ad in b.adults))


# --- marriage (Priest, neutral Priest, couple 3 of the setup) --------------------------------


def marriage_problem(state: GameState, village: str, cell: Cell, sex: Sex,
                     suitor: str) -> Message | None:
    """Whether a villager of colour ``suitor`` and sex ``sex`` may marry onto the building at
    ``cell`` of ``village``: a production or exchange building with exactly one adult, of the
    other sex and another colour."""
    if village not in state.villages:
        return message("no_village", name=village)
    b = state.villages[village].buildings.get(cell)
    where = {"cell": cell, "village": vcode(state, village)}
    if b is None:
        return message("no_building", **where)
    if not state.catalogue.building(b.type).occupied:
        return message("vp_building", building=b.type)
    if not b.adults:
        return message("building_empty", building=b.type, **where)
    if len(b.adults) > 1:
        return message("couple_there", building=b.type, **where)
    if b.adults[0].sex == sex:
        return message("same_sex", building=b.type, sex=sex, **where)
    if b.adults[0].colour == suitor:
        return message("same_player")
    return None


def marriage_cells(state: GameState, village: str, sex: Sex, suitor: str) -> list[Cell]:
    """Every cell of ``village`` a ``suitor`` villager of ``sex`` may marry onto, row by row."""
    buildings = state.villages[village].buildings
    return [c for c in by_row(buildings) if marriage_problem(state, village, c, sex, suitor)
            is None]


def unbound(state: GameState, player: Colour, source: Source) -> dict[Sex, int]:
    """A player's unbound villagers by sex: in its own village centre, or in the school."""
    return state.villages[player].centre if source is Source.CENTRE else state.school[player]


def marry_problem(state: GameState, player: Colour, sex: Sex, source: Source, village: str,
                  cell: Cell) -> Message | None:
    """Priest: an own unbound villager into another player's (or the neutral) village."""
    if unbound(state, player, source)[sex] == 0:
        return message("no_villager", player=player, sex=sex, source=source)
    if village == player:
        return message("own_village", player=player)
    return marriage_problem(state, village, cell, sex, player)


def dowry_coins(state: GameState, player: Colour, village: str) -> tuple[str, ...]:
    """The dowry coins a marriage into ``village`` may take (the player's own first)."""
    return tuple(sorted(state.villages[village].coins, key=lambda c: (c != player, c)))


def dowry_problem(state: GameState, player: Colour, village: str,
                  dowry: str | None) -> Message | None:
    coins = state.villages[village].coins
    v = vcode(state, village)
    if not coins:
        return None if dowry is None else message("no_dowry", village=v)
    if dowry is None:
        return message("dowry_needed", village=v, colours=dowry_coins(state, player, village))
    if coins.get(dowry, 0) == 0:
        return message("no_dowry_colour", colour=dowry, village=v)
    return None


def marry(state: GameState, a: Marry) -> None:
    """Priest: an unbound villager marries into another player's (or the neutral) village."""
    raise_problem(marry_problem(state, a.player, a.sex, a.source, a.village, a.cell))
    raise_problem(dowry_problem(state, a.player, a.village, a.dowry))
    unbound(state, a.player, a.source)[a.sex] -= 1
    state.villages[a.village].add_adult(a.cell, Adult(a.player, a.sex))
    if a.dowry is None:
        return
    coins = state.villages[a.village].coins
    coins[a.dowry] -= 1
    if coins[a.dowry] == 0:
        del coins[a.dowry]
    if a.dowry == a.player:
        state.player(a.player).won_coins += 1  # usable from the player's next turn
    else:
        own = state.villages[a.player].coins
        own[a.dowry] = own.get(a.dowry, 0) + 1


# --- Midwife -------------------------------------------------------------------------------


def birth_problem(state: GameState, player: Colour, cell: Cell) -> Message | None:
    """A couple on a building of the player's own village, with its own villager and a spouse,
    that has not had a child this turn."""
    b = state.villages[player].buildings.get(cell)
    if b is None:
        return message("no_building", cell=cell, village=player)
    if len(b.adults) != 2 or all(ad.colour != player for ad in b.adults):
        return message("no_couple", player=player, building=b.type, cell=cell)
    born = state.turn.births if state.turn else []
    if cell in born:
        return message("child_this_turn", building=b.type, cell=cell)
    return None


def couples(state: GameState, player: Colour) -> list[Cell]:
    """The player's couples that may have a child now, row by row."""
    buildings = state.villages[player].buildings
    pairs = by_row(c for c, b in buildings.items() if len(b.adults) == 2)  # sieve: no_couple
    return [c for c in pairs if birth_problem(state, player, c) is None]


def birth(state: GameState, a: Birth) -> None:
    """Midwife: one couple in the player's own village gets one child."""
    raise_problem(birth_problem(state, a.player, a.cell))
    player = state.player(a.player)
    if player.supply[a.sex] == 0:
        raise refuse("no_supply", player=a.player, sex=a.sex)
    player.supply[a.sex] -= 1
    village = state.villages[a.player]
    village.set_children(a.cell, (*village.buildings[a.cell].children, (a.player, a.sex)))
    assert state.turn is not None
    state.turn.births.append(a.cell)
