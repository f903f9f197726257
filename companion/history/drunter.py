"""A stored game of Drunter & Drüber summed up for the history: listed with Helvetia's, the game
named (``extra["game"]``), never counted in Helvetia's statistics."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import drunter
from ..engine import HelvetiaError
from ..engine.state import CHARACTERS
from .summary import ABANDONED, FINISHED, IN_PLAY, SOURCES, GameSummary, Seat, play_id

GAME = "drunter"


def summarize_drunter(game_id: int, lines: list[str], started_at: str, ended_at: str | None,
                      result: Mapping[str, Any] | None) -> GameSummary:
    """Replay a Drunter record and sum it up (an unreadable one is said as such)."""
    abandoned = bool(result and result.get("abandoned"))
    try:
        game = drunter.Game.from_record(lines)
    except HelvetiaError as exc:
        return GameSummary(game_id, "unreadable", started_at, ended_at, GAME, False, None, None,
                           (), (), None, (), 0, max(0, len(lines) - 1),
                           play_id(started_at, lines[0]),
                           extra={"game": GAME, "why": str(exc)[:300]})
    s = game.state
    status = FINISHED if s.game_over else ABANDONED if abandoned else IN_PLAY
    scores = dict(s.scores)
    seats = tuple(
        Seat(colour=p.colour, name=p.name, vp=scores.get(p.colour, 0),
             by_source=dict.fromkeys(SOURCES, 0), awake=0,
             rank=1 + sum(1 for v in scores.values() if v > scores.get(p.colour, 0)),
             winner=p.colour in s.winners, coins=dict.fromkeys(CHARACTERS, 0), marriages=0)
        for p in s.players)
    turns = sum(1 for a in game.actions if a.type in ("place", "cannot_place"))
    return GameSummary(
        id=game_id, status=status, started_at=started_at,
        ended_at=ended_at if status != IN_PLAY else None, setup=GAME, intro=False, neutral=None,
        start_player=str(game.header.get("start_player")), seats=seats,
        winners=tuple(s.winners), tie_break=s.tie_break, rounds=(), turns=turns,
        actions=len(game.actions), play_id=play_id(started_at, lines[0]),
        extra={"game": GAME, "variant": s.variant})
