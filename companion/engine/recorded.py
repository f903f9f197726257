"""A game as its record, for either game on the table: the header, the actions applied and
every state along the way, with undo and replay. Each game names its own first state, its one
checked ``apply`` and its actions' JSON; the record's lines are the same for both
(``record.py``)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar, Generic, Self, TypeVar, cast

from .errors import HelvetiaError, IllegalAction, RecordError
from .record import MAX_LINES, dumps_line, loads_line

S = TypeVar("S")
A = TypeVar("A")


class RecordedGame(ABC, Generic[S, A]):
    """The record of one game: ``apply`` adds a checked action, ``undo`` takes the last back,
    ``from_record`` replays the lines of a record."""

    ACTION: ClassVar[type]
    """The game's action type: anything else given to ``apply`` is read as its JSON."""

    def __init__(self, header: Mapping[str, Any], first: S) -> None:
        self.header: dict[str, Any] = dict(header)
        self._states: list[S] = [first]
        self._actions: list[A] = []

    # --- what each game says for itself (``staticmethod``s of the game's own functions) ------

    step: Callable[[S, A], S]
    """The game's one checked way to a new state."""
    parse: Callable[[Mapping[str, Any]], A]
    """An action from its JSON object (``MalformedAction`` if it is none)."""
    to_json: Callable[[A], dict[str, Any]]

    @abstractmethod
    def nothing_to_undo(self) -> IllegalAction:
        """The refusal of an undo with no action to take back, in the game's own words."""

    # --- the record -------------------------------------------------------------------------

    @property
    def state(self) -> S:
        return self._states[-1]

    @property
    def actions(self) -> list[A]:
        return list(self._actions)

    @property
    def states(self) -> tuple[S, ...]:
        """Every state along the way: the first before any action, then one after each."""
        return tuple(self._states)

    def apply(self, action: A | Mapping[str, Any]) -> S:
        """Apply an action (typed, or its JSON object); a refused one changes nothing."""
        typed = (cast(A, action) if isinstance(action, self.ACTION)
                 else self.parse(cast(Mapping[str, Any], action)))
        new = self.step(self.state, typed)
        self._states.append(new)
        self._actions.append(typed)
        return new

    def undo(self) -> A:
        """Take back the last action and return it."""
        if not self._actions:
            raise self.nothing_to_undo()
        self._states.pop()
        return self._actions.pop()

    def record_lines(self) -> list[str]:
        return [dumps_line(self.header)] + [dumps_line(self.to_json(a)) for a in self._actions]

    @classmethod
    def from_record(cls, lines: Iterable[str], *overrides: Mapping[str, Any]) -> Self:
        """Replay a record. ``RecordError`` names the first line that is malformed or illegal."""
        game: Self | None = None
        # Each game is made from its header line (Helvetia's also with catalogue overrides):
        # its own constructor, not the base's (header, first state).
        make = cast(Callable[..., Self], cls)
        for number, raw in enumerate(lines, start=1):
            if number > MAX_LINES:
                raise RecordError(number, f"too many lines (at most {MAX_LINES})", "malformed")
            if not raw.strip():
                continue
            try:
                obj = loads_line(raw)
                if game is None:
                    game = make(obj, *overrides)
                else:
                    game.apply(obj)
            except HelvetiaError as exc:
                raise RecordError(number, exc.message, exc.code) from None
        if game is None:
            raise RecordError(1, "the record is empty: it needs a header line", "malformed")
        return game
