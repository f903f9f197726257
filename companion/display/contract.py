"""What a screen may read and do: the screens' contract with the app.

A screen lays out its widgets (``Screen.layout``) and draws the rest (``Screen.draw``), given
an ``AppView``: the game's state and session, the table's steps, the refusal strip, and the
few things a screen may ask the app to do (apply an action, undo, show another screen, keep a
setting on the device). Nothing else of the app, no function of the store's module and none
of the engine's privates is a screen's business. ``display.app.App`` is the one
implementation (checked by mypy: ``App.view``); tests drive it through taps.

A new screen: a module named after it in ``screens/``, a ``Screen`` whose ``layout`` and
``draw`` take an ``AppView``; the game's state says when it is shown (``screens.screen_for``),
or another screen shows it (``app.show``); one the top bar opens by name registers with
``screens.navigation.opened_as`` and is imported by ``screens/__init__.py``."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from ..engine import GameState
from ..engine.values import Colour
from .words.table_log import TableLog

if TYPE_CHECKING:
    from ..config import Config
    from ..engine import Option
    from ..session import Session
    from ..store import StoreTrouble
    from .app.beside import Beside
    from .app.stored_games import StoredGames
    from .kit.widgets import Widget


class Screen:
    """A screen lays out its widgets (``layout``) and draws what is not a widget (``draw``).
    The app asks every screen the hooks below; the defaults do nothing."""

    thinking: str | None = None
    """A virtual player working out its move on this screen (its seat's LED pulses)."""
    reads_costs: bool = False
    """Whether this screen can ask for building costs read off the tiles (``read_costs``)."""

    def layout(self, app: AppView) -> list[Widget]:
        return []

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        pass

    def on_seat(self, app: AppView, seat: str) -> bool:
        """A seat button pressed (``seat``: the colour at its place, or the shared button)
        while this screen has one way on: True if the screen took it."""
        return False

    def seat_choice(self) -> Any:
        """The action this screen has ready for the seat button to confirm, if any."""
        return None

    def after_undo(self, app: AppView) -> None:
        """An undo just happened: the screen shows at once what to take back."""

    def take_hint(self, plan: tuple[Any, ...]) -> None:
        """A hint's plan, for the screen to preselect what it suggests."""

    def read_costs(self, types: tuple[str, ...], then: Callable[[AppView], None]) -> None:
        """Ask for the costs of ``types`` read off the tiles; ``then`` once one is recorded
        (only where ``reads_costs``)."""


class AppView(Protocol):
    """The app as its screens see it."""

    # --- what a screen reads ---------------------------------------------------------------
    config: Config
    """The device's configuration (its seats, its LED layout)."""
    session: Session | None
    """The game in play, of any kind, if any: its ``kind``, its ``state``, its ``game``
    (header, actions, states) and its id in the store."""
    @property
    def last_track(self) -> dict[Colour, int]:
        """The scores before the newest scoring."""

    stored: StoredGames
    """The stored games and the device's settings, read through a typed service; a screen
    calls none of the store's own functions."""
    trouble: StoreTrouble | None
    """What is wrong with the store, while it cannot be used."""
    screen: Screen
    widgets: list[Widget]
    """The widgets of the frame on the screen."""

    # --- what a screen may change ----------------------------------------------------------
    overlay: Screen | None
    """A screen shown over the current one (a question, the menu); None closes it."""
    banner: str | None
    """A refusal or a notice, in words, on the screen that caused it."""
    dirty: bool
    """Something changed: the screen is drawn again."""
    summary_pending: bool
    """The round's summary is still to be shown."""

    # --- what a screen may ask ---------------------------------------------------------------
    def apply(self, action: object) -> bool:
        """Check, record, show; a refusal is shown (``banner``) and changes nothing."""

    def undo(self) -> None: ...

    def show(self, screen: Screen) -> None: ...

    def after_change(self) -> None:
        """The screen the game's state calls for."""

    def new_game(self) -> None: ...

    def start_game(self, header: dict[str, Any]) -> None: ...

    def abandon(self) -> None: ...

    def retry_store(self) -> None: ...

    def keys_shown(self) -> None:
        """The keys' hint was read: closed, and not shown again on this device."""

    def quit(self) -> None:
        """The app ends (the game is kept)."""

    def update_leds(self) -> None: ...

    # --- the device (``services.Services``) ----------------------------------------------------
    def keep_language(self, lang: str) -> None: ...

    def keep_setting(self, key: str, value: str) -> None: ...

    def last_names(self) -> dict[str, str]: ...

    def last_seats(self) -> list[str]: ...

    def known_players(self) -> list[str]: ...

    def last_levels(self) -> dict[str, str]: ...

    def remember_players(self, names: Mapping[str, str | None],
                         levels: Mapping[str, str] | None = None) -> None: ...

    def learned_costs(self) -> dict[str, dict[str, int]]: ...

    def learn_costs(self, costs: Mapping[str, Mapping[str, int]]) -> None: ...

    def busy(self, words: str | None) -> None: ...

    # --- work longer than a frame ---------------------------------------------------------
    beside: Beside
    """The app's worker beside the screen's thread: a screen asks it for work longer than a
    frame (``beside.run(screen, work)``; a virtual player's plan, a hint), withdrawn when the
    screen goes, and polls the ``Job`` it gets."""


Order = Callable[["GameState", Iterable["Option"]], list["Option"]]
"""How a screen lists a turn's options (``screens.turn.thinking.likeliest_first``, or
``engine_order``)."""


def engine_order(state: GameState, options: Iterable[Option]) -> list[Option]:
    """The options in the engine's order (before the app is asked for its own)."""
    return list(options)


def helvetia_state(app: AppView) -> GameState | None:
    """The state of the game in play if it is Helvetia's (the default game's screens); the
    app itself keeps a game of any kind (``app.session``)."""
    state = app.session.state if app.session is not None else None
    return state if isinstance(state, GameState) else None


def table_log(app: AppView) -> TableLog:
    """The table steps of the game of Helvetia in play, for the screens that word them: the
    turn's so far (then the round end's, the setup's), as its kind keeps them in the session;
    a log with nothing in it during a game that keeps another kind, or none."""
    log = app.session.table if app.session is not None else None
    return log if isinstance(log, TableLog) else TableLog()


def game_state(app: AppView) -> GameState:
    """The state of the game of Helvetia in play, for the screens shown only during one."""
    state = helvetia_state(app)
    if state is None:
        raise LookupError("this screen is shown only during a game of Helvetia")
    return state
