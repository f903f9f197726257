"""The one checked way to change a game: ``apply``; and ``Game``, a record with undo.

A game record is JSON Lines: a header line, then one action per line (docs/record-format.md).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from . import characters, more_coins, round_end, turns
from . import setup as setup_rules
from .actions import (
    Action,
    AddCoin,
    ChooseStartPlayer,
    CorrectCost,
    EndByAgreement,
    FirstCouple,
    Pick,
    PlaceBuilding,
    PlaceNeutral,
    Reveal,
    SchoolReturn,
    SecondCouple,
    StartBuildings,
    ThirdCouple,
    action_to_json,
    parse_action,
    validate_action,
)
from .errors import IllegalAction, MalformedAction, refuse
from .header import Header
from .messages import Message, english
from .record import dumps_line
from .recorded import RecordedGame
from .scoring import award_village_tiles
from .state import (
    COUPLES,
    DRAFT,
    NEUTRAL,
    PLACE,
    PLAY,
    REVEAL,
    SCHOOL,
    START_BUILDINGS,
    START_PLAYER,
    GameState,
)

Handler = Callable[[GameState, Any], None]

_HANDLERS: dict[type[Action], tuple[str | None, Handler]] = {
    ChooseStartPlayer: (START_PLAYER, setup_rules.start_player),
    Pick: (DRAFT, setup_rules.pick),
    StartBuildings: (START_BUILDINGS, setup_rules.start_buildings),
    PlaceNeutral: (NEUTRAL, setup_rules.place_neutral),
    PlaceBuilding: (PLACE, setup_rules.place_building),
    FirstCouple: (COUPLES, setup_rules.first_couple),
    SecondCouple: (COUPLES, setup_rules.second_couple),
    ThirdCouple: (COUPLES, setup_rules.third_couple),
    SchoolReturn: (SCHOOL, round_end.school_return),
    Reveal: (REVEAL, round_end.reveal),
    EndByAgreement: (None, round_end.end_by_agreement),  # the handler checks when (§12)
}
_HANDLERS.update({cls: (PLAY, fn) for cls, fn in turns.TURN_ACTIONS.items()})
_HANDLERS[CorrectCost] = (None, characters.correct_cost)  # any time: a phase of its own
_HANDLERS[AddCoin] = (PLAY, more_coins.add_coin)  # the coins follow the actions (§7)


def phase_message(state: GameState) -> Message:
    """What the game is waiting for, as data: "phase.<phase>" with who and which couple."""
    params: dict[str, Any] = {}
    if state.phase in (DRAFT, NEUTRAL, COUPLES, PLAY, SCHOOL):
        params["player"] = state.active
    if state.phase == COUPLES:
        params["couple"] = state.couple
    return Message(f"phase.{state.phase}", params)


def phase_text(state: GameState) -> str:
    """What the game is waiting for, in English."""
    return english(phase_message(state), state.catalogue)


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``; ``state`` itself never changes. Raises ``IllegalAction``
    (with a reason code and its parameters) or ``MalformedAction``."""
    if not isinstance(action, Action) or type(action) not in _HANDLERS:
        raise MalformedAction(f"not an action: {action!r}")
    action = validate_action(action)  # the handlers get typed values (Sex, Source, Cell)
    phase, handler = _HANDLERS[type(action)]
    player = getattr(action, "player", None)
    if player is not None and player not in state.colours:
        raise refuse("not_a_player", player=player)
    if phase is not None and state.phase != phase:
        raise refuse("wrong_phase", phase=phase_message(state))
    new = state.clone()
    if phase == PLAY and not isinstance(action, turns.QUIET):
        new.acted = True  # (start_round, if this ends the round, begins the next unacted)
    handler(new, action)
    if new.phase in (PLAY, SCHOOL):
        award_village_tiles(new, player)
    return new


def header_line(players: Iterable[tuple[str, str]], *, setup: str = "draft",
                intro: bool = False, neutral_colour: str | None = None,
                catalogue: Mapping[str, Any] | None = None,
                seats: Mapping[str, int] | None = None) -> dict[str, Any]:
    """A record header: ``players`` as (colour, name) in play (counter-clockwise) order;
    ``seats``: where each colour sits (the device's places, 1 to 4), if known."""
    options: dict[str, Any] = {"setup": setup, "intro": intro}
    if neutral_colour:
        options["neutral_colour"] = neutral_colour
    header: dict[str, Any] = {
        "format": setup_rules.RECORD_FORMAT,
        "version": setup_rules.RECORD_VERSION,
        "players": [{"colour": c, "name": n, **({"seat": seats[c]} if seats else {})}
                    for c, n in players],
        "options": options,
    }
    if catalogue:
        header["catalogue"] = dict(catalogue)
    return header


def dumps(obj: Mapping[str, Any]) -> str:
    return dumps_line(obj)


class Game(RecordedGame[GameState, Action]):
    """A game of Helvetia as its record: the header, the actions applied, and every state
    along the way (``recorded.RecordedGame``)."""

    ACTION = Action

    def __init__(self, header: Mapping[str, Any], *overrides: Mapping[str, Any]) -> None:
        checked = Header.parse(header)
        super().__init__(header, setup_rules.new_game(checked, *overrides))

    step = staticmethod(apply)
    parse = staticmethod(parse_action)
    to_json = staticmethod(action_to_json)

    def nothing_to_undo(self) -> IllegalAction:
        return refuse("nothing_to_undo")
