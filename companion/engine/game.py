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
from .errors import HelvetiaError, MalformedAction, RecordError, refuse
from .header import Header
from .messages import Message, english
from .record import MAX_LINES, dumps_line, loads_line
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


class Game:
    """A game as its record: the header, the actions applied, and every state along the way."""

    def __init__(self, header: Mapping[str, Any], *overrides: Mapping[str, Any]) -> None:
        checked = Header.parse(header)
        self.header: dict[str, Any] = dict(header)
        self._overrides = overrides
        self._states = [setup_rules.new_game(checked, *overrides)]
        self._actions: list[Action] = []

    @property
    def state(self) -> GameState:
        return self._states[-1]

    @property
    def actions(self) -> list[Action]:
        return list(self._actions)

    @property
    def states(self) -> tuple[GameState, ...]:
        """Every state along the way: the first before any action, then one after each."""
        return tuple(self._states)

    def apply(self, action: Action | Mapping[str, Any]) -> GameState:
        """Apply an action (typed, or its JSON object); a refused one changes nothing."""
        if not isinstance(action, Action):
            action = parse_action(action)
        new = apply(self.state, action)
        self._states.append(new)
        self._actions.append(action)
        return new

    def undo(self) -> Action:
        """Take back the last action and return it."""
        if not self._actions:
            raise refuse("nothing_to_undo")
        self._states.pop()
        return self._actions.pop()

    def record_lines(self) -> list[str]:
        return [dumps(self.header)] + [dumps(action_to_json(a)) for a in self._actions]

    @classmethod
    def from_record(cls, lines: Iterable[str], *overrides: Mapping[str, Any]) -> Game:
        """Replay a record. ``RecordError`` names the first line that is malformed or illegal."""
        game: Game | None = None
        for number, raw in enumerate(lines, start=1):
            if number > MAX_LINES:
                raise RecordError(number, f"too many lines (at most {MAX_LINES})", "malformed")
            if not raw.strip():
                continue
            try:
                obj = loads_line(raw)
                if game is None:
                    game = cls(obj, *overrides)
                else:
                    game.apply(obj)
            except HelvetiaError as exc:
                raise RecordError(number, exc.message, exc.code) from None
        if game is None:
            raise RecordError(1, "the record is empty: it needs a header line", "malformed")
        return game
