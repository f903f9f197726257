"""What every game at the table says for itself: the ``GameKind`` base, whose hooks the app,
the session, the store, the history and the LEDs ask; nothing above it names a game.

Modelled on python-chess's variants: one base with hooks, each game one subclass in its own
module, found by name (``companion.games.kind_named``)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from ..engine.messages import Message
from ..engine.record import dumps_line
from ..engine.recorded import RecordedGame
from ..hw.events import ButtonEvent
from ..hw.leds import RGB, Layout

if TYPE_CHECKING:
    from ..display.contract import AppView, Screen
    from ..history.summary import GameSummary
    from ..session import Session
    from ..store import Store

Played = RecordedGame[Any, Any]
"""A game as its record, of any kind (each kind's own ``RecordedGame``)."""


@dataclass(frozen=True)
class Decision:
    """What a seat button means now: an action to apply, an undo to confirm, or why nothing
    happens (data, worded by the display)."""

    action: Any = None
    """The action to apply, if the event asks for one the rules allow now."""
    undo: bool = False
    """The event asks to undo the last action: the app asks for confirmation first."""
    message: Message | None = None
    """Why nothing happens, as data: a code with its parameters."""
    seat: str | None = None
    """The button as the game sees it: the colour at its place (or the shared button), for
    the screen's own use of a press (``Screen.on_seat``)."""


class TableSteps(Protocol):
    """What the table does with the pieces, kept beside a game as its actions are done and
    taken back (a game's own log; ``GameKind.table_steps``)."""

    def done(self, before: Any, action: Any, after: Any) -> None:
        """``action`` took the game from ``before`` to ``after``."""

    def took_back(self, before: Any, action: Any, after: Any) -> None:
        """``action`` (from ``before`` to ``after``) was undone."""


class TableKeeper(Protocol):
    """What the table did beside the record (its ticks, a checklist open), saved on the device
    and restored after a restart (a game's own; ``GameKind.table_keeper``). One per app and
    kind: it remembers what it saved last."""

    def keep(self, session: Session, store: Store) -> None:
        """After a frame is drawn: saves (in the background) what changed since last time."""

    def restore(self, session: Session, store: Store) -> None:
        """After a restart, the session resumed: what was saved, where it still fits."""


@dataclass(frozen=True)
class LedMoment:
    """What the LEDs show besides the game's state: the time, and what the app animates."""

    t: float = 0.0
    """Seconds, for pulses."""
    seats: Sequence[str] = ()
    """The configuration's colour of each physical place (seat 1 first)."""
    filling: float | None = None
    """How far the scores' bars have filled since the newest scoring, 0 to 1 (None: they
    are not filling; the game's own scores)."""
    scores_before: Mapping[Any, int] = field(default_factory=dict)
    """The scores the bars fill from (``GameKind.scores_before``)."""
    thinking: str | None = None
    """A virtual player working out its move (its seat pulses)."""


@dataclass(frozen=True)
class Changed:
    """What an applied action did that the app marks (``GameKind.changed``)."""

    scored: bool = False
    """The scores moved (or the game ended): the bars fill, the summary is shown."""
    summary: bool = False
    """A summary of what the table did is to be shown before play goes on."""
    backup: bool = False
    """A round (or the game) ended: the store makes a backup."""
    costs: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    """Building costs read off the table by this action (kept on the device)."""


class GameKind(ABC):
    """One game the table plays. Subclasses set ``name`` and ``title`` and implement the
    abstract hooks; the others have defaults that fit a game without them."""

    name: str = ""
    """The game's key: a record's header names it as ``"game"`` (the default game's may not)."""
    title: str = ""
    """The game's own name, shown as it is printed on the box."""
    catalogued: bool = False
    """Whether its records take a catalogue of building costs (``replay``'s overrides)."""
    buttons_under_questions: bool = True
    """Whether the seat buttons still act while a question is over the screen."""

    # --- the record ---------------------------------------------------------------------------

    def recognises(self, header: Any) -> bool:
        """Whether a record's header (a JSON object) is a game of this kind."""
        return isinstance(header, Mapping) and header.get("game") == self.name

    @abstractmethod
    def new(self, header: Mapping[str, Any]) -> Played:
        """A new game from its header (checked: ``HelvetiaError`` says what is wrong)."""

    def prepare(self, header: Mapping[str, Any], learned: Mapping[str, Any]) -> dict[str, Any]:
        """A new game's header with what this device learned (``learned``: the catalogue
        overrides read off the table); by default unchanged."""
        return dict(header)

    @abstractmethod
    def replay(self, lines: Sequence[str], *overrides: Mapping[str, Any]) -> Played:
        """A game from its record's lines (``RecordError`` names the first bad line)."""

    def action_line(self, game: Played, action: Any) -> str:
        """An action as its record line."""
        return dumps_line(game.to_json(action))

    # --- the result -----------------------------------------------------------------------------

    @abstractmethod
    def result(self, game: Played) -> dict[str, Any]:
        """A finished game's result, as the store keeps it beside the record."""

    def abandoned(self, game: Played) -> dict[str, Any]:
        """The result of a game left unfinished for good."""
        return {"game": self.name, "abandoned": True, "winners": [], "tie_break": None,
                "scores": {}}

    def game_over(self, game: Played) -> bool:
        return bool(game.state.game_over)

    def players(self, game: Played) -> Sequence[Any]:
        """The players (each with ``colour`` and ``name``), for the words on every screen."""
        return tuple(game.state.players)

    @abstractmethod
    def summary(self, game: Played) -> dict[str, Any]:
        """A game's state summed up as JSON (``helvetia replay``)."""

    @abstractmethod
    def summarize(self, game_id: int, lines: list[str], started_at: str, ended_at: str | None,
                  result: Mapping[str, Any] | None) -> GameSummary:
        """A stored game summed up for the history."""

    def changed(self, before: Any, after: Any) -> Changed:
        """What an action from ``before`` to ``after`` did that the app and the store mark;
        by default only the end of the game."""
        over = bool(after.game_over and not before.game_over)
        return Changed(scored=over, backup=over)

    # --- the table --------------------------------------------------------------------------------

    @abstractmethod
    def seat_decision(self, game: Played, event: ButtonEvent, seats: Sequence[str],
                      chosen: Any) -> Decision:
        """What a seat button means now. ``seats``: the configuration's colour of each
        place; ``chosen``: the action the screen has ready for the seat button, if any."""

    def table_steps(self, game: Played) -> TableSteps | None:
        """A log of the table's steps that the session keeps as actions are done and undone,
        starting from ``game`` as it stands (the session's own game, which it changes in
        place); None for a game that keeps none."""
        return None

    def table_keeper(self) -> TableKeeper | None:
        """A keeper of the table's steps beside the record across a restart (the ticks, a
        checklist open), asked once per app; None for a game whose table keeps nothing more
        than its record says."""
        return None

    def scores_before(self, game: Played) -> dict[Any, int] | None:
        """Each player's score before the game's newest scoring, from its states (what the
        scores' change counts from and the LED bars fill from after a scoring); None for a
        game whose scores are not shown filling. The session keeps it (``scores_before``)."""
        return None

    def forced(self, game: Played) -> Any:
        """The one action the game's state offers, which the app records without asking
        (and one undo takes back with what led to it); None when the table chooses."""
        return None

    @abstractmethod
    def led_frame(self, game: Played, layout: Layout, moment: LedMoment) -> list[RGB]:
        """The LEDs for the game as it stands."""

    @abstractmethod
    def screen_for(self, app: AppView) -> Screen:
        """The screen the game's state calls for (``app.session`` holds a game of this kind)."""

    @abstractmethod
    def undo_question(self) -> Screen:
        """The question over the screen when a seat button is held: undo the last action?"""

    def setup_screen(self, app: AppView, back: Screen, seated: Sequence[tuple[str, str]]
                     ) -> Screen:
        """The first screen of a new game of this kind, opened from the new-game screen with
        the players seated (colour, name) clockwise; ``back`` returns there."""
        raise LookupError(f"{self.name} has no setup screen of its own")
