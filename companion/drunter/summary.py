"""The state as one JSON-ready object: what ``helvetia replay`` prints for a game of
Drunter & Drüber."""

from __future__ import annotations

from typing import Any

from .board import KINDS, ROADS
from .scoring import card_score
from .state import CITIZEN_CARDS, LENGTHS, DrunterState
from .vote import votes_left


def summary(state: DrunterState) -> dict[str, Any]:
    players: dict[str, Any] = {}
    for p in state.players:
        players[p.colour] = {
            "name": p.name,
            "score": state.scores.get(p.colour) if state.game_over else None,
            "tiles_left": {k: {str(n): p.tiles[(k, n)] for n in LENGTHS} for k in KINDS},
            "votes_left": votes_left(state, p.colour),
            "cards": [c for c in CITIZEN_CARDS if c in p.cards],
            "revealed": list(state.revealed.get(p.colour, ())),
        }
        if state.game_over and state.variant:
            players[p.colour]["second_score"] = card_score(state, state.revealed[p.colour][1])
    last = state.votes[-1] if state.votes else None
    return {
        "game": "drunter",
        "board": state.board.name,
        "variant": state.variant,
        "phase": state.phase,
        "active_player": state.active,
        "game_over": state.game_over,
        "winners": list(state.winners),
        "tie_break": state.tie_break,
        "players": players,
        "workers": {r: (list(w) if (w := state.workers[r]) is not None else None)
                    for r in ROADS},
        "first_finished": state.first_finished,
        "tiles_placed": len(state.tiles),
        "roads": {r: [{"squares": [list(s) for s in t.squares], "player": t.player}
                      for t in state.tiles if t.road == r] for r in ROADS},
        "pending": ({"road": state.pending.road, "squares": [list(s) for s in
                                                             state.pending.squares]}
                    if state.pending else None),
        "votes": len(state.votes),
        "last_vote": ({"player": last.player, "yes": last.yes, "no": last.no,
                       "passed": last.passed} if last else None),
        "missed_turns": state.missed,
    }
