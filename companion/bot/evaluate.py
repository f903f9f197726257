"""How good a position is for one player: its VP now plus what it holds towards more, minus the
best of the others. Read only from what the table sees (no hidden tile, no future draw)."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import GameState, vp
from ..engine.catalogue import EXCHANGE, PRODUCTION
from ..engine.grid import ring_cells
from ..engine.production import chains_by_good
from ..engine.state import CHARACTERS, OVER
from ..engine.values import Colour


@dataclass(frozen=True)
class Weights:
    """What each thing a player holds is worth, in VP, to the evaluation."""

    majority: float = 0.8
    """Strictly most coins on a character whose tile the player does not hold yet."""
    majority_lost: float = 0.6
    """Another player strictly leads on a character whose tile the player holds."""
    working_building: float = 0.45
    """An own production or exchange building."""
    occupied: float = 0.2
    awake: float = 0.12
    asleep: float = 0.04
    couple: float = 0.25
    """An own building with a married couple: children, and a villager for the next building."""
    centre: float = 0.15
    """An unbound villager in the own village centre: moves into the next building."""
    coin: float = 0.3
    """A coin in hand that can still buy an action this round."""
    coin_spare: float | None = None
    """A coin beyond those (None: as ``coin``): the round ends when only one player still
    holds coins (§7), so coins held longer than every other player's are lost actions."""
    school: float = 0.1
    village: float = 0.8
    """Share of the next village-complete tile's VP, by the square of the share of the
    village done (ring 1 built, its working buildings occupied)."""
    deliverable: float = 0.0
    """A good the player has not delivered yet and could make now with its awake villagers
    (plus its goods tile's VP while nobody holds it): the next Carter action's worth."""
    opponents: float = 1.0
    """How much the others' value counts against the own."""
    spread: float = 0.0
    """The share of the others' average in that (the rest: the best of them): what helps a
    player who is not ahead yet is not free."""


DEFAULT = Weights()


def holdings(state: GameState, colour: Colour, w: Weights = DEFAULT) -> float:
    """The player's value: VP now and what it holds towards more."""
    value = float(vp(state, colour))
    for ch in CHARACTERS:
        counts = state.character_coins.get(ch, {})
        own = counts.get(colour, 0)
        rival = max((n for c, n in counts.items() if c != colour), default=0)
        holder = state.tile_holder.get(ch)
        if own > rival and holder != colour:
            value += w.majority
        elif rival > own and holder == colour:
            value -= w.majority_lost
    cat = state.catalogue
    village = state.villages[colour]
    for b in village.buildings.values():
        kind = cat.building(b.type).kind
        if kind in (PRODUCTION, EXCHANGE):
            value += w.working_building
            if b.adults:
                value += w.occupied
            if len(b.adults) == 2:
                value += w.couple
    for v in state.villages.values():
        for b in v.buildings.values():
            for a in b.adults:
                if a.colour == colour:
                    value += w.awake if a.awake else w.asleep
    value += w.centre * (sum(village.centre.values()))
    tiles = cat.village_tile_vp
    if w.village and colour not in state.village_tiles and len(state.village_tiles) < len(tiles):
        ring1 = ring_cells(1)
        built = [village.buildings[c] for c in ring1 if c in village.buildings]
        done = sum(1 + (bool(b.adults) or not cat.building(b.type).occupied) for b in built)
        value += w.village * tiles[len(state.village_tiles)] * (done / (2 * len(ring1))) ** 2
    player = state.player(colour)
    own = player.coins + player.won_coins
    rivals = max((p.coins + p.won_coins for p in state.players if p.colour != colour),
                 default=own)
    usable = min(own, rivals + 1)  # one coin a turn at least: the others run out first
    spare = w.coin if w.coin_spare is None else w.coin_spare
    value += w.coin * usable + spare * (own - usable)
    value += w.school * sum(state.school.get(colour, {}).values())
    if w.deliverable:
        value += w.deliverable * _deliverable(state, colour)
    return value


def deliverable_goods(state: GameState, colour: Colour) -> list[str]:
    """The goods the player has not delivered yet and could make now with its own awake
    villagers: what a Carter action of this moment could deliver."""
    delivered = state.player(colour).delivered
    return [g for g in chains_by_good(state, colour) if g not in delivered]


def _deliverable(state: GameState, colour: Colour) -> float:
    """The VP the player could still take by delivering what it can make now: one per good,
    its goods tile's too while nobody holds it."""
    tile_vp = state.catalogue.goods_tile_vp
    return sum(1 + (tile_vp.get(g, 0) if g not in state.goods_tiles else 0)
               for g in deliverable_goods(state, colour))


def evaluate(state: GameState, colour: Colour, w: Weights = DEFAULT) -> float:
    """The player's value less the best other player's (drawn towards the others' average by
    ``spread``); a won game is worth most."""
    if state.phase == OVER:
        if colour in state.winners:
            return 1000.0 / len(state.winners) + vp(state, colour)
        return -1000.0 + vp(state, colour) - max(vp(state, c) for c in state.colours)
    own = holdings(state, colour, w)
    others = [holdings(state, c, w) for c in state.colours if c != colour]
    if not others:
        return own
    rival = max(others)
    if w.spread:
        rival += w.spread * (sum(others) / len(others) - rival)
    return own - w.opponents * rival
