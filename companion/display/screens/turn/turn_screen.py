"""The turn: whose it is, the characters with their coins, and the options of each, the
likeliest preselected and every choice editable; then the seat button (or End turn).

The screen is one view at a time (``mode``), each a small class of its own: the characters
(``Characters``), the table steps of the last action (``Steps``), a character's options
(``OptionsView``), one option's form (``FormView``) and one of its fields (``FieldView``), and
a cost read off a tile (``Reading``). The transitions between them are the methods of
``Flow``, here; a view asks for them by name."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from ....engine import Action, GameState, Option, turn_options
from ....engine.habits import habitual
from ....engine.setup import coins_at_hand
from ....engine.values import Character
from ....hw.events import NEXT
from ...contract import AppView, Order, engine_order, game_state, helvetia_state, table_log
from ...kit.forms import CELL, option_form
from ...kit.widgets import BODY, INK, LED_BAND_TOP, MUTED, Widget, draw_text, drawn_height
from ...words.i18n import _, character, ngettext
from ..parts import LEFT_W, TOP, Screen, nav, nav_left, players_panel, title_bar, who_text
from .characters_view import Characters, Steps
from .do_it import Flow, Mode, active
from .form_view import FieldView, FormView, PlaceView
from .list_view import OptionsView
from .thinking import likeliest_first
from .tile_cost import TileCostView


class Reading(Mode):
    """A cost read off a tile on offer (the engine's ``TileCost``), when asked."""

    def __init__(self, types: tuple[str, ...],
                 then: Callable[[AppView], None] | None = None) -> None:
        self.view = TileCostView(types, then)

    def widgets(self, turn: Flow, app: AppView) -> list[Widget]:
        return self.view.widgets(app, game_state(app), turn.to_characters)

    def draw(self, turn: Flow, app: AppView, s: pygame.Surface) -> None:
        self.view.draw(game_state(app), s)


class TurnScreen(Screen, Flow):
    def __init__(self, state: GameState, record: Sequence[Action] = (),
                 hinted: tuple[Action, ...] = ()) -> None:
        self.state = state
        self.hinted = hinted
        """The plan of the hint the player asked for this turn: its options preselected."""
        self.options = habitual(turn_options(state), record)
        """The options, a free choice of sex preset as the table last made it (``record``:
        the game's actions so far)."""
        self.mode: Mode = Characters()
        self.decided = False
        """Whether the first view is decided (at the first layout: it needs the table)."""
        self.list_view: OptionsView | None = None
        """The options a form was opened from: "Back" returns to them as they were."""
        self.order: Order = engine_order
        """How the options are listed: the app's likeliest first, from the first layout on."""

    # --- the transitions ------------------------------------------------------------------

    def first(self, app: AppView) -> Mode:
        """After an action of this turn, first what to do on the table; in the middle of a
        multi-coin turn then the chosen character's options; else the characters."""
        state, o = self.state, self.options
        # (the setup's steps had their checklist before the first turn: ``setup_done``)
        mine = table_log(app).key == ("turn", state.round, state.active)
        if ((table_log(app).steps and mine) or table_log(app).undone) and table_log(app).shown():
            return Steps()
        if o.chosen and o.actions_left > 0:
            return self._options(o.chosen)
        return Characters()

    def to_characters(self) -> None:
        self.mode = Characters()

    def to_steps(self) -> None:
        self.mode = Steps()

    def _options(self, character_: Character | None) -> OptionsView:
        self.list_view = OptionsView(self.state, self.options, character_,
                                     hinted=self.hinted, order=self.order)
        return self.list_view

    def to_options(self, character_: Character | None) -> None:
        self.mode = self._options(character_)

    def to_form(self, app: AppView, option: Option) -> None:
        """An option's form: its cost read off the tile first, if unknown; for a building,
        where it goes first (on the picture); else the form."""
        view = FormView(option_form(self.state, option))
        self.mode = view
        if option.needs_cost:
            self.mode = FieldView(view, "cost")
        else:
            self.to_place(view)

    def to_place(self, view: FormView) -> None:
        cell = next((f for f in view.form.fields if f.kind == CELL), None)
        if cell is not None and self.mode is view:
            self.mode = PlaceView(view, cell.name)

    def to_details(self) -> None:
        assert isinstance(self.mode, PlaceView)
        self.mode = self.mode.form_view

    def to_field(self, name: str) -> None:
        assert isinstance(self.mode, FormView)
        self.mode = FieldView(self.mode, name)

    reads_costs = True

    def read_costs(self, types: tuple[str, ...], then: Callable[[AppView], None]) -> None:
        self.to_reading(types, then)

    def take_hint(self, plan: tuple[Action, ...]) -> None:
        self.hinted = plan

    def to_reading(self, types: tuple[str, ...] | None = None,
                   then: Callable[[AppView], None] | None = None) -> None:
        self.mode = Reading(self.options.costs_needed if types is None else types, then)
        self.decided = True  # (asked for before the first layout: the hint's next cost)

    def back(self) -> None:
        if isinstance(self.mode, FieldView):
            self.mode = self.mode.form_view
        elif self.list_view is not None:
            self.mode = self.list_view
        else:
            self.mode = Characters()

    # --- what the driver and the tests read -------------------------------------------------

    @property
    def first_view(self) -> bool:
        return self.mode.first_view

    @property
    def view(self) -> str:
        return "steps" if isinstance(self.mode, Steps) else "main"

    @property
    def shows(self) -> str | None:
        """Whose options are on the screen: a character, "neutral", or None."""
        return self.mode.shows

    # --- widgets and the seat button ----------------------------------------------------------

    def layout(self, app: AppView) -> list[Widget]:
        self.order = likeliest_first
        if not self.decided:
            self.mode, self.decided = self.first(app), True
        return nav(app) + self.mode.widgets(self, app)

    def on_seat(self, app: AppView, seat: str) -> bool:
        """The active seat's button confirms a form's "Do it" (else it ends the turn)."""
        if seat not in (self.state.active, NEXT) or helvetia_state(app) is not self.state:
            return False
        return self.mode.confirm(self, app)

    # --- drawing ---------------------------------------------------------------------------

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        state = self.state
        title_bar(s, who_text(active(state)), state.active, nav_left(app))
        mode = self.mode
        if isinstance(mode, FieldView) and mode.draw_full(app, s):
            return
        whole = mode.whole_left
        # In a form the left side says the action whole, in the players panel's place.
        below = TOP + 2 if whole else players_panel(s, state, pygame.Rect(8, TOP + 6,
                                                                           LEFT_W - 8, 4 * 58))
        if whole:
            status = mode.status(self, app)
        else:
            o = self.options
            player = state.player(active(state))
            status = [_("Round {n}").format(n=state.round),
                      ngettext("{n} coin in hand", "{n} coins in hand", player.coins).format(
                          n=player.coins)]
            if player.won_coins:  # in hand as the players panel counts them, some for later
                held = coins_at_hand(state, player.colour)
                status = [ngettext("{n} coin in hand, {won} usable from the next turn",
                                   "{n} coins in hand, {won} usable from the next turn",
                                   held).format(n=held, won=player.won_coins)]
            said = len(status)
            if o.chosen and o.actions_left > 0:
                status.append(ngettext("{n} {character} action left",
                                       "{n} {character} actions left", o.actions_left).format(
                    n=o.actions_left, character=character(o.chosen)))
            more = mode.status(self, app)
            if isinstance(mode, OptionsView):  # the coins are in the players panel
                status = status[said:] if not more else []
            if isinstance(mode, Steps) and mode.next is not None:
                status = []  # what "Do it" does next: room for it alone
            status += more
        # Above a control bottom left (the hint, or a form's second way), if there is one.
        bottom = min([w.rect.top - 4 for w in app.widgets
                      if w.rect.top > 300 and w.rect.right <= LEFT_W] + [LED_BAND_TOP - 2])
        if isinstance(mode, FormView):
            bottom = min(bottom, mode.left_top)  # fields the right side had no room for
        # What "Do it" does next on the steps is body text, not a side note.
        plain = whole or (isinstance(mode, Steps) and mode.next is not None)
        words = "\n".join(status)
        # The view's corner picture only where the words leave it room: nothing overlaps.
        corner = mode.corner(app)
        if corner is not None and corner.top - 4 < bottom and (
                not words or drawn_height(words, LEFT_W - 8) <= corner.top - 4 - below):
            bottom = corner.top - 4
        else:
            corner = None
        draw_text(s, words, pygame.Rect(8, below + 4, LEFT_W - 8, bottom - below),
                  BODY, INK if plain else MUTED)
        mode.draw(self, app, s)
        if corner is not None:
            mode.draw_corner(app, s)
