"""The state as one JSON-ready object: what ``helvetia replay`` prints."""

from __future__ import annotations

from typing import Any

from .grid import row_first
from .scoring import awake_villagers, breakdown
from .state import CHARACTERS, GameState, Village


def _village(state: GameState, v: Village) -> dict[str, Any]:
    return {
        "buildings": [
            {"type": b.type, "cell": list(cell),
             "villagers": [{"colour": a.colour, "sex": a.sex, "awake": a.awake}
                           for a in b.adults],
             "children": [{"colour": c, "sex": s} for c, s in b.children]}
            for cell, b in sorted(v.buildings.items(), key=lambda kv: row_first(kv[0]))
        ],
        "centre": dict(v.centre),
        "dowry_coins": dict(sorted(v.coins.items())),
    }


def summary(state: GameState) -> dict[str, Any]:
    players: dict[str, Any] = {}
    for p in state.players:
        adults = [a for v in state.villages.values() for b in v.buildings.values()
                  for a in b.adults if a.colour == p.colour]
        parts = breakdown(state, p.colour)
        village = _village(state, state.villages[p.colour])
        players[p.colour] = {
            "name": p.name,
            "vp": sum(parts.values()),
            "vp_breakdown": parts,
            "track": state.track.get(p.colour, 0),
            "coins": p.coins + p.won_coins,
            "awake": awake_villagers(state, p.colour),
            "asleep": sum(1 for a in adults if not a.awake),
            "buildings": [b["type"] for b in village["buildings"]],
            "delivered": list(p.delivered),
            "character_tiles": [ch for ch in CHARACTERS if state.tile_holder[ch] == p.colour],
            "school": dict(state.school[p.colour]),
            "supply": dict(p.supply),
            "village": village,
        }
    out: dict[str, Any] = {
        "round": state.round,
        "phase": state.phase,
        "start_player": state.start_player,
        "active_player": state.active,
        "game_over": state.game_over,
        "winners": list(state.winners),
        "tie_break": state.tie_break,
        "players": players,
        "offer": dict(sorted(state.offer.items())),
        "stacks": {k: sum(v.values()) for k, v in state.stacks.items()},
        "goods_tiles": dict(sorted(state.goods_tiles.items())),
        "branch_tiles": dict(sorted(state.branch_tiles.items())),
        "village_tiles": list(state.village_tiles),
        "learned_costs": {t: dict(c) for t, c in sorted(state.learned_costs.items())},
    }
    neutral = state.options.neutral_colour
    if neutral:
        out["neutral"] = {"colour": neutral, "coin": state.neutral_coin,
                          "village": _village(state, state.villages[neutral])}
    return out
