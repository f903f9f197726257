"""Race to Ten's rules: the players, in turn, add 1 or 2 to a shared count; whoever brings it
to 10 wins. A header names the game and its players; an action is one player's step."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from companion.engine.errors import IllegalAction, MalformedAction
from companion.engine.messages import Message
from companion.engine.record import check_name
from companion.engine.recorded import RecordedGame

GOAL = 10
STEPS = (1, 2)


@dataclass(frozen=True)
class Player:
    colour: str
    name: str


@dataclass(frozen=True)
class RaceState:
    players: tuple[Player, ...]
    count: int = 0
    turn: int = 0
    """Index of the player whose turn it is."""

    @property
    def active(self) -> str:
        return self.players[self.turn].colour

    @property
    def game_over(self) -> bool:
        return self.count >= GOAL

    @property
    def winners(self) -> tuple[str, ...]:
        """The player who reached the goal: the one before the turn (none before the end)."""
        return (self.players[self.turn - 1].colour,) if self.game_over else ()


@dataclass(frozen=True)
class Step:
    player: str
    by: int


def new_state(header: Mapping[str, Any]) -> RaceState:
    players = header.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= 4:
        raise MalformedAction("Race to Ten is played by 2 to 4 players")
    out = []
    for i, p in enumerate(players):
        if not isinstance(p, Mapping) or not isinstance(p.get("colour"), str):
            raise MalformedAction(f"players[{i}] needs a colour")
        out.append(Player(p["colour"], check_name(p.get("name"), f"players[{i}].name")))
    return RaceState(tuple(out))


def apply(state: RaceState, step: Step) -> RaceState:
    """The one checked way on: the active player steps 1 or 2, not past the goal."""
    if state.game_over:
        raise MalformedAction("the race is over")
    if step.player != state.active:
        raise IllegalAction(Message("not_your_turn", {"active": state.active,
                                                      "player": step.player}))
    if step.by not in STEPS or state.count + step.by > GOAL:
        raise MalformedAction(f"a step of {step.by} is not 1 or 2 up to {GOAL}")
    return replace(state, count=state.count + step.by,
                   turn=(state.turn + 1) % len(state.players))


def parse(obj: Mapping[str, Any]) -> Step:
    if obj.get("type") != "step" or not isinstance(obj.get("player"), str) \
            or not isinstance(obj.get("by"), int):
        raise MalformedAction(f"not a step of Race to Ten: {dict(obj)!r}")
    return Step(obj["player"], obj["by"])


def to_json(step: Step) -> dict[str, Any]:
    return {"type": "step", "player": step.player, "by": step.by}


def header(players: list[tuple[str, str]]) -> dict[str, Any]:
    return {"game": "race", "players": [{"colour": c, "name": n} for c, n in players]}


class RaceGame(RecordedGame[RaceState, Step]):
    ACTION = Step

    def __init__(self, header: Mapping[str, Any]) -> None:
        super().__init__(header, new_state(header))

    step = staticmethod(apply)
    parse = staticmethod(parse)
    to_json = staticmethod(to_json)

    def nothing_to_undo(self) -> IllegalAction:
        return IllegalAction(Message("nothing_to_undo", {}))
