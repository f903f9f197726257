"""Victory points (digest §11), village-complete tiles (§5) and the winner (§12)."""

from __future__ import annotations

from .grid import ring_cells
from .state import GameState
from .values import Colour

BREAKDOWN = ("start_player", "deliveries", "goods_tiles", "character_tiles", "vp_buildings",
             "branch_tiles", "village_tiles")


def breakdown(state: GameState, colour: Colour) -> dict[str, int]:
    """A player's VP by source, recounted from what it holds now."""
    cat = state.catalogue
    village = state.villages[colour]
    return {
        # During setup the start player is only the draft's first picker, not the token holder.
        "start_player": 1 if state.start_player == colour and state.round > 0 else 0,
        "deliveries": len(state.player(colour).delivered),
        "goods_tiles": sum(cat.goods_tile_vp[g] for g, c in state.goods_tiles.items()
                           if c == colour),
        "character_tiles": sum(1 for c in state.tile_holder.values() if c == colour),
        "vp_buildings": sum(cat.building(b.type).vp for b in village.buildings.values()),
        "branch_tiles": sum(cat.branches[br].vp for br, c in state.branch_tiles.items()
                            if c == colour),
        "village_tiles": sum(cat.village_tile_vp[i] for i, c in enumerate(state.village_tiles)
                             if c == colour),
    }


def vp(state: GameState, colour: Colour) -> int:
    return sum(breakdown(state, colour).values())


_RING_1 = tuple(ring_cells(1))


def village_complete(state: GameState, colour: Colour) -> bool:
    """All 10 ring-1 cells built, every production and exchange building occupied."""
    buildings = state.villages[colour].buildings
    if len(buildings) < len(_RING_1) or any(cell not in buildings for cell in _RING_1):
        return False
    building = state.catalogue.building  # (asked of empty buildings only: it costs a call)
    return all(b.adults or not building(b.type).occupied for b in buildings.values())


def award_village_tiles(state: GameState, first: Colour | None = None) -> None:
    """The first and second players to complete their villages take the tiles, and keep them."""
    order = state.order_from(first) if first else state.colours
    for colour in order:
        if len(state.village_tiles) >= len(state.catalogue.village_tile_vp):
            return
        if colour not in state.village_tiles and village_complete(state, colour):
            state.village_tiles.append(colour)


def awake_villagers(state: GameState, colour: Colour) -> int:
    """Standing villagers of a colour in all villages: on buildings and in village centres."""
    on_buildings = sum(1 for v in state.villages.values() for b in v.buildings.values()
                       for a in b.adults if a.colour == colour and a.awake)
    centre = state.villages[colour].centre
    return on_buildings + sum(centre.values())


def decide_winners(state: GameState) -> tuple[list[Colour], str | None]:
    """Most VP; a tie goes to the most awake villagers, then the tied players share the win.
    Returns the winners and what decided it: None, 'awake_villagers' or 'shared'."""
    scores = {c: vp(state, c) for c in state.colours}
    top = max(scores.values())
    leaders = [c for c in state.colours if scores[c] == top]
    if len(leaders) == 1:
        return leaders, None
    awake = {c: awake_villagers(state, c) for c in leaders}
    most = max(awake.values())
    winners = [c for c in leaders if awake[c] == most]
    return winners, "awake_villagers" if len(winners) == 1 else "shared"
