"""The five characters (digest §9) and the neutral village's two actions (§6.3): what one
action does. Coins and tiles are the turn's business (``turns.py``)."""

from __future__ import annotations

from collections import Counter

from .actions import Birth, Build, Deliver, Marry, NeutralBuild, NeutralMarry, Wake
from .catalogue import BUYABLE, cost_text, make_cost
from .errors import IllegalAction
from .grid import QUARTER_NAMES, Cell, cell_text, in_quarter, open_ring, ring
from .production import building_at, run_chain, village_text
from .state import SEX_NAMES, Adult, Building, GameState, Village, colour_name


def _check_place(state: GameState, village: Village, type_id: str, cell: Cell) -> None:
    """A building on offer, onto a free cell of the innermost open ring."""
    name = state.catalogue.building(type_id).name
    if state.offer.get(type_id, 0) == 0:
        raise IllegalAction(f"No {name} is on offer.", "not_on_offer")
    if cell in village.buildings or ring(cell) == 0:
        raise IllegalAction(f"{cell_text(cell)} is not free.", "cell_taken")
    n = open_ring(village.buildings)
    if ring(cell) != n:
        reason = (f"ring {n} still has free cells" if ring(cell) > n
                  else f"ring {ring(cell)} is full")
        raise IllegalAction(f"A new building goes on ring {n}: {cell_text(cell)} is on ring "
                            f"{ring(cell)}, and {reason}.", "wrong_ring")


def _place_new(state: GameState, village: Village, type_id: str, cell: Cell) -> Building:
    _check_place(state, village, type_id, cell)
    state.offer[type_id] -= 1
    if state.offer[type_id] == 0:
        del state.offer[type_id]
    b = Building(type_id, cell)
    village.buildings[cell] = b
    return b


def _move_in(village: Village, b: Building, sex: str | None, colour: str, who: str) -> None:
    """A villager from the centre moves into a new production or exchange building, awake."""
    present = [s for s in ("m", "f") if village.centre[s] > 0]
    if not present:
        if sex is not None:
            raise IllegalAction(f"No villager waits in {who} centre to move in.", "no_mover")
        return
    if sex is None:
        if len(present) > 1:
            raise IllegalAction(f"Both a man and a woman wait in {who} centre: say which one "
                                f"moves into the new building.", "mover_needed")
        sex = present[0]
    if village.centre[sex] == 0:
        raise IllegalAction(f"No {SEX_NAMES[sex]} waits in {who} centre.", "no_mover")
    village.centre[sex] -= 1
    b.adults.append(Adult(colour, sex))


def build(state: GameState, a: Build) -> int:
    """Builder: returns the coins spent on bought goods."""
    cat = state.catalogue
    if a.building not in cat.buildings:
        raise IllegalAction(f"There is no building type {a.building!r}.", "unknown_building")
    bt = cat.building(a.building)
    who = colour_name(a.player)
    if a.building in state.own_types(a.player):
        raise IllegalAction(f"{who} already has a {bt.name}: each type only once per player.",
                            "type_owned")
    village = state.villages[a.player]
    _check_place(state, village, a.building, a.cell)
    known = state.known_cost(a.building)
    if a.cost is not None:
        given = make_cost(dict(a.cost))
        for g, _ in given:
            if g not in cat.goods:
                raise IllegalAction(f"There is no good called {g!r}.", "unknown_good")
        if known is not None and given != known:
            raise IllegalAction(f"The {bt.name} costs {cost_text(known, cat)}, not "
                                f"{cost_text(given, cat)}.", "wrong_cost")
        cost = given
    elif known is not None:
        cost = known
    else:
        raise IllegalAction(f"The cost of the {bt.name} is not known yet: enter the goods shown "
                            f"top left on the tile.", "cost_unknown")
    bought = Counter(dict(a.buy))
    for g in bought:
        if g not in BUYABLE:
            name = cat.goods[g].name.lower() if g in cat.goods else repr(g)
            raise IllegalAction(f"Only wood, brick and stone can be bought, not {name}.",
                                "not_buyable")
    player = state.player(a.player)
    coins = sum(bought.values())
    if coins > player.coins:
        raise IllegalAction(f"{who} needs {coins} coin{'s' if coins != 1 else ''} to buy "
                            f"{cost_text(make_cost(bought), cat)} but has {player.coins}.",
                            "not_enough_coins")
    produced = Counter(run_chain(state, a.player, chain) for chain in a.pay)
    paid = produced + bought
    if paid != Counter(dict(cost)):
        raise IllegalAction(f"The {bt.name} costs {cost_text(cost, cat)}; this pays "
                            f"{cost_text(make_cost(paid), cat)}.", "wrong_payment")
    if bt.cost is None:
        state.learned_costs[a.building] = cost
    b = _place_new(state, village, a.building, a.cell)
    if bt.occupied:
        _move_in(village, b, a.mover, a.player, f"{who}'s")
    elif a.mover is not None:
        raise IllegalAction(f"Nobody moves into a {bt.name}.", "vp_building")
    return coins


def deliver(state: GameState, a: Deliver) -> None:
    """Carter: one produced good onto the market."""
    player = state.player(a.player)
    good = run_chain(state, a.player, a.chain)
    cat = state.catalogue
    name = cat.goods[good].name.lower()
    if good in player.delivered:
        raise IllegalAction(f"{colour_name(a.player)} has already delivered {name}: each good "
                            f"once per game.", "delivered_twice")
    player.delivered.append(good)
    if cat.goods[good].level > 1 and good not in state.goods_tiles:
        state.goods_tiles[good] = a.player
    done = set(player.delivered)
    for branch in cat.branches.values():
        if branch.id not in state.branch_tiles and branch.goods <= done:
            state.branch_tiles[branch.id] = a.player


def wake(state: GameState, a: Wake) -> None:
    """Night Watchman: every sleeper on the buildings of one quarter of one village wakes."""
    if a.village not in state.villages:
        raise IllegalAction(f"There is no {a.village} village in this game.", "no_village")
    sleepers = [ad for cell, b in state.villages[a.village].buildings.items()
                if in_quarter(cell, a.quarter) for ad in b.adults if not ad.awake]
    if not sleepers:
        raise IllegalAction(f"Nobody sleeps in the {QUARTER_NAMES[a.quarter]} quarter of "
                            f"{village_text(state, a.village)}.", "no_sleeper")
    for ad in sleepers:
        ad.awake = True


def _single_partner(state: GameState, village: str, cell: Cell, sex: str) -> Building:
    bt, b = building_at(state, village, cell)
    where = f"the {bt.name} at {cell_text(cell)} in {village_text(state, village)}"
    if not bt.occupied:
        raise IllegalAction(f"Nobody lives in {where}.", "vp_building")
    if len(b.adults) != 1:
        state_text = "is empty" if not b.adults else "has a couple already"
        raise IllegalAction(f"Marriage needs one single villager: {where} {state_text}.",
                            "no_partner")
    if b.adults[0].sex == sex:
        raise IllegalAction(f"The villager on {where} is a {SEX_NAMES[sex]} too: a marriage "
                            f"needs the other sex.", "same_sex")
    return b


def marry(state: GameState, a: Marry) -> None:
    """Priest: an unbound villager marries into another player's (or the neutral) village."""
    who = colour_name(a.player)
    if a.source == "centre":
        pool = state.villages[a.player].centre
        where = f"{who}'s village centre"
    else:
        pool = state.school[a.player]
        where = "the school"
    if pool[a.sex] == 0:
        raise IllegalAction(f"{who} has no {SEX_NAMES[a.sex]} in {where}.", "no_villager")
    if a.village == a.player:
        raise IllegalAction(f"{who} can only marry into another village, not its own.",
                            "own_village")
    b = _single_partner(state, a.village, a.cell, a.sex)
    if b.adults[0].colour == a.player:
        raise IllegalAction("Villagers of the same player cannot marry each other.",
                            "same_player")
    pool[a.sex] -= 1
    b.adults.append(Adult(a.player, a.sex))
    coins = state.villages[a.village].coins
    if not coins:
        if a.dowry is not None:
            raise IllegalAction(f"No dowry coin lies in {village_text(state, a.village)}.",
                                "no_dowry")
        return
    if a.dowry is None:
        on_offer = ", ".join(colour_name(c) for c in sorted(coins))
        raise IllegalAction(f"Take one dowry coin from {village_text(state, a.village)}: "
                            f"{on_offer}.", "dowry_needed")
    if coins.get(a.dowry, 0) == 0:
        raise IllegalAction(f"No {a.dowry} coin lies in {village_text(state, a.village)}.",
                            "no_dowry")
    coins[a.dowry] -= 1
    if coins[a.dowry] == 0:
        del coins[a.dowry]
    if a.dowry == a.player:
        state.player(a.player).won_coins += 1  # usable from the player's next turn
    else:
        own = state.villages[a.player].coins
        own[a.dowry] = own.get(a.dowry, 0) + 1


def birth(state: GameState, a: Birth, births_this_turn: list[Cell]) -> None:
    """Midwife: one couple in the player's own village gets one child."""
    who = colour_name(a.player)
    b = state.villages[a.player].buildings.get(a.cell)
    if b is None:
        raise IllegalAction(f"{who} has no building at {cell_text(a.cell)}.", "no_building")
    name = state.catalogue.building(b.type).name
    colours = {ad.colour for ad in b.adults}
    if len(b.adults) != 2 or a.player not in colours:
        raise IllegalAction(f"No couple lives on {who}'s {name}.", "no_couple")
    if a.cell in births_this_turn:
        raise IllegalAction(f"The couple on the {name} has had its child this turn.",
                            "child_this_turn")
    player = state.player(a.player)
    if player.supply[a.sex] == 0:
        raise IllegalAction(f"{who} has no {SEX_NAMES[a.sex]} left in its supply.", "no_supply")
    player.supply[a.sex] -= 1
    b.children.append((a.player, a.sex))
    births_this_turn.append(a.cell)


def neutral_build(state: GameState, a: NeutralBuild) -> None:
    """Neutral Builder: any building on offer into the neutral village, for free."""
    neutral = state.options.neutral_colour
    assert neutral is not None
    if a.building not in state.catalogue.buildings:
        raise IllegalAction(f"There is no building type {a.building!r}.", "unknown_building")
    bt = state.catalogue.building(a.building)
    village = state.villages[neutral]
    b = _place_new(state, village, a.building, a.cell)
    if bt.occupied:
        _move_in(village, b, a.sex, neutral, "the neutral village's")
    elif a.sex is not None:
        raise IllegalAction(f"Nobody moves into a {bt.name}.", "vp_building")


def neutral_marry(state: GameState, a: NeutralMarry) -> None:
    """Neutral Priest: a neutral villager from the neutral centre marries into the player's
    own village. No dowry coin moves: the neutral village holds no coins of its own."""
    neutral = state.options.neutral_colour
    assert neutral is not None
    centre = state.villages[neutral].centre
    if centre[a.sex] == 0:
        raise IllegalAction(f"No neutral {SEX_NAMES[a.sex]} waits in the neutral village "
                            f"centre.", "no_villager")
    b = _single_partner(state, a.player, a.cell, a.sex)
    centre[a.sex] -= 1
    b.adults.append(Adult(neutral, a.sex))
