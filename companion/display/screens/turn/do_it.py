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
from ...kit.widgets import W, Widget, button, coin
from ...words.coin_words import coins_paid, do_label
from ...words.do_words import coins_line, do_lines
from ...words.i18n import _, character, ngettext, say
from ..parts import RIGHT_W, RIGHT_X, TOP

DO_RECT = (RIGHT_X + 270, 412, 262, 60)
"""Where "Do it" is on every view of the turn (End turn takes the same place when there is
nothing to do): the thumb finds it without looking."""
LEFT_RECT = (RIGHT_X, 412, 262, 60)
"""Bottom left: the other coin counts, or a second way (the list or the picture)."""
BACK_RECT = (W - 128, TOP + 4, 120, 54)
"""Back, top right, on the options and on a form."""
LIST_TOP = TOP + 54
COUNTS_HEAD = (RIGHT_X, 382, RIGHT_W, 28)
"""Over the coin counts, what they count ("Coins on the Builder:"): one number, one meaning
beside "Do it"'s cost (issue 32)."""
ABOVE_ROW = COUNTS_HEAD[1] - 4
"""Where a list of options (or a field's choices) ends: above the counts' heading, kept
whether the counts show or not (a list that made room for them at the turn's first action
only would move under the finger at the second). A form keeps its fields' places and shows
the heading where they leave room for it."""


def count_slots(state: GameState, options: TurnOptions, ch: Character | None) -> int:
    """The coin counts a choice of character ``ch`` offers: as many as it can ever take this
    turn (each coin one action), when this action chooses it; else 1 (no counts)."""
    if ch is None or options.chosen is not None:
        return 1
    hand = state.player(active(state)).coins
    return max(min(hand, options.most_coins.get(ch, 1)), 1)


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

    def corner(self, app: AppView) -> pygame.Rect | None:
        """Where the view draws a picture bottom left, under the left side's words (drawn by
        :meth:`draw_corner` only where those words leave it room); None: no picture."""
        return None

    def draw_corner(self, app: AppView, s: pygame.Surface) -> None:
        pass


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


def coin_count(app: AppView, most: int) -> int:
    """The coins chosen to put on the character (1 until another count is tapped)."""
    return max(1, min(int(getattr(app.screen, "coin_count", 1)), most))


def do_buttons(app: AppView, options: TurnOptions, option: Option, action: Action | None,
               why: str | None = None, others: bool = True, head: bool = True
               ) -> list[Widget]:
    """ "Do it" in its place, naming what it does and what it costs; on the turn's first
    action also the coin counts to choose from (``others``: each coin on the character is one
    action), bottom left: a count is chosen, then "Do it" does it (issue 32: a tap on a count
    never does the action by itself), under a heading that says what they count (``head``:
    where the view leaves room for it)."""
    state = game_state(app)

    def reason(n: int) -> str | None:
        if action is None:
            return why or _("Choose what to do first.")
        return refusal(state, options, option, action, n)

    if needs_coin(options, option):  # one more coin on the character, then the action
        r = reason(1)
        extra = coins_paid(state, option, action, None, one_more=True) or 1
        more = ngettext("+{n} coin", "+{n} coins", extra).format(n=extra)
        lines = do_lines(state, action, more) or [_("Do it"), more]
        return [button("do", DO_RECT, lines[0],
                       lambda: perform(app, options, option, action, 1),
                       enabled=r is None, style="primary", value=action, why_not=r,
                       lines=lines)]
    if not needs_choose(options, option):
        r = reason(1)
        # the coins for goods bought, if any, named on the button (the engine's count)
        bought = coins_paid(state, option, action, None)  # the goods bought, if any
        goods = coins_line(0, bought) if bought else None
        lines = do_lines(state, action, goods) or [do_label(bought, 0) or _("Do it")]
        return [button("do", DO_RECT, lines[0], lambda: perform(app, options, option,
                                                                action, 1),
                       enabled=r is None, style="primary", value=action, why_not=r,
                       lines=lines if len(lines) > 1 else [])]
    hand = state.player(active(state)).coins
    most = max(min(hand - option.coins, options.most_coins.get(option.character, 1)), 1)
    # The counts' places: as many as the character can ever take this turn, so that they
    # keep their places from one option to the next (a count an option cannot take: greyed).
    slots = count_slots(state, options, option.character) if others else 1
    n = coin_count(app, most)
    r = reason(n)
    paid = coins_paid(state, option, action, n)
    coins = coins_line(n, paid)
    # Where the coins are the count chosen beside it, said on that button, the words may take
    # the whole button, so that the verb stays with its target.
    lines = do_lines(state, action, coins,
                     counted=slots > 1 and (paid is None or paid <= n)) or [_("Do it"), coins]
    out = [button(f"do:{n}", DO_RECT, lines[0],
                  lambda: perform(app, options, option, action, n),
                  enabled=r is None, style="primary", value=action, why_not=r,
                  lines=lines if len(lines) > 1 else [])]
    if slots > 1:
        step = (LEFT_RECT[2] + 4) // slots
        colour = active(state)
        out += [] if not head else [Widget("coins:head", pygame.Rect(COUNTS_HEAD), _(
            "Coins on the {character}:").format(character=character(option.character)),
            style="caption")]
        for i in range(slots):
            k = i + 1
            words = ngettext("{n} coin", "{n} coins", k).format(n=k)
            narrow = step - 4 < 100
            out.append(button(f"coins:{k}", (LEFT_RECT[0] + i * step, 412, step - 4, 60),
                              str(k) if narrow else words,
                              partial(setattr, app.screen, "coin_count", k),
                              enabled=k <= most, selected=k == n, value=k,
                              icon=_coin_icon(colour) if narrow else None,
                              why_not=None if k <= most else _(
                                  "More coins than this can use: each coin is one action.")))
    return out


def _coin_icon(colour: str) -> Callable[[pygame.Surface, pygame.Rect], None]:
    """A coin of the player's colour beside a count: the count is coins, never bare."""
    def paint(s: pygame.Surface, r: pygame.Rect) -> None:
        coin(s, colour, r.center, max(min(r.width, r.height) // 2 - 1, 8))
    return paint
