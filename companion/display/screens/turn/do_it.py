"""What the turn screen's views share: the view interface, the transitions a view may ask for,
the one place of "Do it" (and End turn) on every view, and doing an option with its coins."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Protocol

import pygame

from ....engine import (
    Action,
    GameState,
    Option,
    TurnOptions,
)
from ....engine.do_it import do_it, do_it_problem, needs_choose, needs_coin
from ....engine.values import Character, Colour
from ...contract import AppView, game_state
from ...kit.widgets import W, Widget, button
from ...words.coin_words import coins_paid, do_label
from ...words.i18n import _, ngettext, say
from ..parts import RIGHT_X, TOP

DO_RECT = (RIGHT_X + 270, 412, 262, 60)
"""Where "Do it" is on every view of the turn (End turn takes the same place when there is
nothing to do): the thumb finds it without looking."""
LEFT_RECT = (RIGHT_X, 412, 262, 60)
"""Bottom left: the other coin counts, or a second way (the list or the picture)."""
BACK_RECT = (W - 128, TOP + 4, 120, 54)
"""Back, top right, on the options and on a form."""
LIST_TOP = TOP + 54


class Mode:
    """One view of the turn screen: its widgets, what it draws on the right, and what the left
    side says below the players."""

    first_view = False
    """The turn's first view (the characters, End turn)."""
    shows: str | None = None
    """Whose options the view shows: a character, or "neutral"."""
    whole_left = False
    """The left side says the action whole (a form), in the players panel's place."""

    def widgets(self, turn: Flow, app: AppView) -> list[Widget]:
        return []

    def draw(self, turn: Flow, app: AppView, s: pygame.Surface) -> None:
        pass

    def status(self, turn: Flow, app: AppView) -> list[str]:
        """Lines of the left side under the players panel, after the round and the coins."""
        return []

    def confirm(self, turn: Flow, app: AppView) -> bool:
        """The seat button's confirmation of this view's one way on; False: none."""
        return False


class Flow(Protocol):
    """The transitions between the turn's views, each named; the views ask for them
    (``TurnScreen`` makes them)."""

    options: TurnOptions
    mode: Mode
    hinted: tuple[Action, ...]
    """The plan of the hint asked for this turn, if any: its options are preselected."""

    def to_characters(self) -> None:
        ...

    def to_steps(self) -> None:
        ...

    def to_options(self, character: Character | None) -> None:
        """A character's options (None: the neutral coin's)."""
        ...

    def to_form(self, app: AppView, option: Option) -> None:
        ...

    def to_field(self, name: str) -> None:
        """One field of the form shown, to change it."""
        ...

    def to_place(self, view: Any) -> None:
        """Where the form's building goes, on the picture first (when it has a place)."""
        ...

    def to_details(self) -> None:
        """From the picture of where it goes to the whole form."""
        ...

    def to_reading(self, types: tuple[str, ...] | None = None,
                   then: Callable[[AppView], None] | None = None) -> None:
        """A cost read off a tile: of ``types`` (default: every one the options need), then
        ``then`` once it is recorded (default: the turn)."""
        ...

    def back(self) -> None:
        """From a form (or a field) to the list it came from."""
        ...


def active(state: GameState) -> Colour:
    """Whose turn it is: the turn's views are shown only while a player is active."""
    if state.active is None:
        raise LookupError("the turn screen is shown only while a player is active")
    return state.active


def refusal(state: GameState, options: TurnOptions, option: Option, action: Action,
            coins: int) -> str | None:
    """Why "Do it" (after placing ``coins`` coins, if that is due) is refused, in words."""
    reason = do_it_problem(state, options, option, action, coins)
    return None if reason is None else say(reason)


def perform(app: AppView, options: TurnOptions, option: Option, action: Action | None,
            coins: int) -> None:
    """ "Do it": its actions one by one (``engine.do_it``), stopping at a refusal (None:
    nothing to do yet, the button is greyed out)."""
    if action is None:
        return
    for step in do_it(options, option, action, coins):
        if not app.apply(step):
            return


def do_buttons(app: AppView, options: TurnOptions, option: Option, action: Action | None,
               why: str | None = None, others: bool = True) -> list[Widget]:
    """ "Do it" in its place; on the turn's first action also the ``others`` coin counts (each
    coin on the character is one action), beside it, bottom left."""
    state = game_state(app)

    def reason(n: int) -> str | None:
        if action is None:
            return why or _("Choose what to do first.")
        return refusal(state, options, option, action, n)

    if needs_coin(options, option):  # one more coin on the character, then the action
        r = reason(1)
        label = do_label(coins_paid(state, option, action, None, one_more=True), 1) or _(
            "Do it: +1 coin")  # with the goods it buys: "Do it for 3 coins"
        return [button("do", DO_RECT, label,
                       lambda: perform(app, options, option, action, 1),
                       enabled=r is None, style="primary", value=action, why_not=r)]
    if not needs_choose(options, option):
        r = reason(1)
        # the coins for goods bought, if any, named on the button (the engine's count)
        label = do_label(coins_paid(state, option, action, None), 0) or _("Do it")
        return [button("do", DO_RECT, label, lambda: perform(app, options, option,
                                                             action, 1),
                       enabled=r is None, style="primary", value=action, why_not=r)]
    most = max(min(state.player(active(state)).coins - option.coins,
                   options.most_coins.get(option.character, 1)), 1)  # each coin an action
    r = reason(1)
    label = (do_label(coins_paid(state, option, action, 1), 1)
             or ngettext("Do it: {n} coin", "Do it: {n} coins", 1).format(n=1))
    out = [button("do:1", DO_RECT, label, lambda: perform(app, options, option, action, 1),
                  enabled=r is None, style="primary", value=action, why_not=r)]
    more = list(range(2, most + 1)) if others else []
    step = (LEFT_RECT[2] + 4) // max(len(more), 1)
    for i, n in enumerate(more):
        r = reason(n)
        paid = max(coins_paid(state, option, action, n) or n, n)  # with the goods bought
        # (the plural of "Do it: {n} coin" is the count alone: "{n} coins")
        label = (ngettext("Do it: {n} coin", "{n} coins", paid).format(n=paid) if step >= 100
                 else str(paid))
        out.append(button(f"do:{n}", (LEFT_RECT[0] + i * step, 412, step - 4, 60), label,
                          partial(perform, app, options, option, action, n),
                          enabled=r is None, value=action, why_not=r))
    return out
