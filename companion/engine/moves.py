"""What each character (and the neutral coin) allows a player now, as ready-to-apply actions.

Order, everywhere: buildings in catalogue order; goods in catalogue order; villages the player's
own first, then the others in play order, the neutral village last; cells row by row (y, x);
quarters top-left, top-right, bottom-left, bottom-right. Defaults a player may change: a new
building goes on the first free cell of the innermost open ring; a man moves in (or is born)
when there is a choice and men are not fewer; the own dowry coin is taken first.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action, Birth, Build, Chain, Deliver, Marry, NeutralBuild, NeutralMarry, Wake
from .catalogue import cost_text
from .grid import QUARTER_NAMES, QUARTERS, Cell, cell_text, in_quarter, open_ring, ring_cells
from .production import ChainsByGood, chains_by_good, find_payment, village_order, village_text
from .state import SEX_NAMES, GameState, Village, colour_name

COIN, TILE, NEUTRAL = "coin", "tile", "neutral"


@dataclass(frozen=True)
class Option:
    """One action a player can take now, ready to apply (after choosing its character, for an
    action paid with a coin)."""

    character: str
    via: str
    """'coin' (a regular action), 'tile' (the character tile's extra action) or 'neutral'."""
    action: Action
    coins: int = 0
    """Coins for bought goods, on top of the action's own coin."""
    sleepers: int = 0
    """Villagers the action puts to sleep."""
    affordable: bool = True
    needs_cost: bool = False
    """A building whose cost is not known yet: it must be read off the tile first."""
    choices: tuple[str, ...] = ()
    """What the player may pick instead of the default: dowry coins, or sexes."""
    text: str = ""


def first_free_cell(village: Village) -> Cell:
    ring = open_ring(village.buildings)
    return next(c for c in ring_cells(ring) if c not in village.buildings)


def _chain_text(state: GameState, colour: str, chain: Chain) -> str:
    """'water at the Well, beer at the Brewery (Blue's village)': other villages named."""
    cat = state.catalogue
    return ", ".join(
        f"{cat.goods[s.good].name.lower()} at the "
        f"{cat.building(state.villages[s.village].buildings[s.cell].type).name}"
        + ("" if s.village == colour else f" ({village_text(state, s.village)})")
        for s in chain)


def _sex_default(counts: dict[str, int]) -> tuple[str | None, tuple[str, ...]]:
    present = tuple(s for s in ("m", "f") if counts[s] > 0)
    if not present:
        return None, ()
    return ("m" if counts["m"] >= counts["f"] else "f"), present


def builder(state: GameState, colour: str, via: str, budget: int,
            by_good: ChainsByGood) -> list[Option]:
    """Every building on offer the player may build, with its cheapest payment."""
    cat = state.catalogue
    own = state.own_types(colour)
    village = state.villages[colour]
    cell = first_free_cell(village)
    tile = via == TILE
    out = []
    for t in cat.buildings:
        if t not in state.offer or t in own:
            continue
        bt = cat.building(t)
        mover, sexes = _sex_default(village.centre) if bt.occupied else (None, ())
        cost = state.known_cost(t)
        if cost is None:
            out.append(Option("builder", via, Build(colour, t, cell, mover=mover, tile=tile),
                              affordable=False, needs_cost=True, choices=sexes,
                              text=f"Build the {bt.name}: enter its cost from the tile"))
            continue
        payment = find_payment(state, colour, cost, None, by_good)
        if payment is None:
            out.append(Option("builder", via, Build(colour, t, cell, mover=mover, tile=tile),
                              affordable=False, choices=sexes,
                              text=f"Build the {bt.name} ({cost_text(cost, cat)}): its goods "
                                   f"cannot all be made now, and only wood, brick and stone "
                                   f"can be bought"))
            continue
        how = [_chain_text(state, colour, c) for c in payment.pay]
        if payment.buy:
            how.append(f"buy {cost_text(payment.buy, cat)}")
        out.append(Option(
            "builder", via,
            Build(colour, t, cell, payment.pay, payment.buy, mover=mover, tile=tile),
            coins=payment.coins, sleepers=payment.sleepers, affordable=payment.coins <= budget,
            choices=sexes,
            text=f"Build the {bt.name} ({cost_text(cost, cat)}): {'; '.join(how)}"))
    return out


def carter(state: GameState, colour: str, via: str, by_good: ChainsByGood) -> list[Option]:
    """Every good the player has not delivered and can make now, by its shortest chain."""
    delivered = state.player(colour).delivered
    out = []
    for good, name in ((g, x.name.lower()) for g, x in state.catalogue.goods.items()):
        if good in delivered or not by_good.get(good):
            continue
        chain = by_good[good][0][0]
        out.append(Option("carter", via, Deliver(colour, chain, via == TILE),
                          sleepers=len(chain),
                          text=f"Deliver {name}: {_chain_text(state, colour, chain)}"))
    return out


def night_watchman(state: GameState, colour: str, via: str) -> list[Option]:
    """Every quarter of any village with someone asleep in it."""
    out = []
    for v in village_order(state, colour):
        buildings = state.villages[v].buildings
        for q in QUARTERS:
            asleep = sum(1 for cell, b in buildings.items() if in_quarter(cell, q)
                         for a in b.adults if not a.awake)
            if asleep:
                out.append(Option("night_watchman", via, Wake(colour, v, q, via == TILE),
                                  text=f"Wake the {QUARTER_NAMES[q]} quarter of "
                                       f"{village_text(state, v)} ({asleep} asleep)"))
    return out


def priest(state: GameState, colour: str, via: str) -> list[Option]:
    """Every own unbound villager with every single villager of the other sex it may marry."""
    sources = [(src, sex) for src, pool in (("centre", state.villages[colour].centre),
                                            ("school", state.school[colour]))
               for sex in ("m", "f") if pool[sex] > 0]
    out = []
    for v in village_order(state, colour):
        if v == colour:
            continue
        village = state.villages[v]
        dowry = tuple(sorted(village.coins, key=lambda c: (c != colour, c)))
        for cell in sorted(village.buildings, key=lambda c: (c[1], c[0])):
            b = village.buildings[cell]
            if (len(b.adults) != 1 or b.adults[0].colour == colour
                    or not state.catalogue.building(b.type).occupied):
                continue
            for src, sex in sources:
                if b.adults[0].sex == sex:
                    continue
                coin = f"; dowry: {', '.join(dowry)}" if dowry else ""
                out.append(Option(
                    "priest", via,
                    Marry(colour, sex, src, v, cell, dowry[0] if dowry else None, via == TILE),
                    choices=dowry,
                    text=f"Marry {colour_name(colour)}'s {SEX_NAMES[sex]} from the {src} onto "
                         f"the {state.catalogue.building(b.type).name} at {cell_text(cell)} in "
                         f"{village_text(state, v)}{coin}"))
    return out


def midwife(state: GameState, colour: str, via: str) -> list[Option]:
    """Every own couple that may have a child this turn."""
    turn = state.turn
    born = turn.births if turn else []
    sex, sexes = _sex_default(state.player(colour).supply)
    if sex is None:
        return []
    buildings = state.villages[colour].buildings
    return [Option("midwife", via, Birth(colour, cell, sex, via == TILE), choices=sexes,
                   text=f"A child for the couple on the "
                        f"{state.catalogue.building(buildings[cell].type).name} at "
                        f"{cell_text(cell)}")
            for cell in sorted(buildings, key=lambda c: (c[1], c[0]))
            if len(buildings[cell].adults) == 2 and cell not in born
            and any(a.colour == colour for a in buildings[cell].adults)]


def character(state: GameState, colour: str, name: str, via: str, budget: int,
              by_good: ChainsByGood) -> list[Option]:
    """The options of one character; ``budget``: coins left for bought goods."""
    if name == "builder":
        return builder(state, colour, via, budget, by_good)
    if name == "carter":
        return carter(state, colour, via, by_good)
    if name == "night_watchman":
        return night_watchman(state, colour, via)
    if name == "priest":
        return priest(state, colour, via)
    return midwife(state, colour, via)


def neutral(state: GameState, colour: str) -> list[Option]:
    """With the neutral coin: any building on offer for the neutral village (free), or a
    neutral villager married into the player's own village."""
    n = state.options.neutral_colour
    if n is None or state.neutral_coin != "ready":
        return []
    village = state.villages[n]
    cell = first_free_cell(village)
    out = []
    for t in state.catalogue.buildings:
        if t in state.offer:
            bt = state.catalogue.building(t)
            sex, sexes = _sex_default(village.centre) if bt.occupied else (None, ())
            out.append(Option("builder", NEUTRAL, NeutralBuild(colour, t, cell, sex),
                              choices=sexes,
                              text=f"Build a {bt.name} for the neutral village, free"))
    own = state.villages[colour].buildings
    for cell in sorted(own, key=lambda c: (c[1], c[0])):
        b = own[cell]
        if len(b.adults) == 1 and state.catalogue.building(b.type).occupied:
            sex = "f" if b.adults[0].sex == "m" else "m"
            if village.centre[sex]:
                out.append(Option("priest", NEUTRAL, NeutralMarry(colour, sex, cell),
                                  text=f"Marry a neutral {SEX_NAMES[sex]} onto your "
                                       f"{state.catalogue.building(b.type).name} at "
                                       f"{cell_text(cell)}"))
    return out


def any_possible(state: GameState, colour: str) -> Option | None:
    """Some action the player could take this turn, or None: then it may declare that it
    cannot act. A building whose cost is not known counts as not affordable: only its tile
    can say, and the players have looked at it."""
    player = state.player(colour)
    by_good = chains_by_good(state, colour)
    for name in ("night_watchman", "midwife", "priest", "carter", "builder"):
        for o in character(state, colour, name, COIN, player.coins - 1, by_good):
            if o.affordable:
                return o
    if (not state.options.intro and state.tile_holder["builder"] == colour
            and "builder" not in state.tiles_used):
        for o in builder(state, colour, TILE, player.coins, by_good):
            if o.affordable:
                return o
    options = neutral(state, colour)
    return options[0] if options else None

