"""The turn's two views without an option: the characters (its first view, with End turn) and
the table steps of the turn's last action (then on to the next action, or the end)."""

from __future__ import annotations

from functools import partial

import pygame

from ....engine import CHARACTERS, Action, EndTurn, GameState, Option, TurnOptions
from ....engine.actions import CannotAct, Choose
from ....engine.do_it import more_options
from ....engine.more_coins import add_coin_problem
from ....engine.values import Character
from ...contract import AppView, game_state, table_log
from ...kit.widgets import BODY, INK, Widget, button, draw_text, drawn_height
from ...pictures.village_view import tile_icon
from ...words.i18n import _, character, name, ngettext, say
from ...words.table_log import action_text
from ..parts import LEFT_W, RIGHT_W, RIGHT_X, TOP, StepsView, on_the_table, panel_bottom
from .character_pieces import character_pieces
from .choice_toggle import ChoiceToggle, choice_toggle
from .do_it import DO_RECT, Flow, Mode, active, do_buttons
from .hint import hint_button
from .list_view import preset
from .reasons import why_not_character
from .thinking import likeliest_first


def _tile(ch: str, surf: pygame.Surface, r: pygame.Rect) -> None:
    tile_icon(surf, ch, pygame.Rect(r.centerx - 22, r.centery - 22, 44, 44))


def _pieces(state: GameState, ch: Character, surf: pygame.Surface, r: pygame.Rect) -> None:
    character_pieces(surf, r, state, ch)


def end_turn_button(app: AppView, turn: Flow) -> Widget:
    """End turn, in the place of "Do it"."""
    o, state = turn.options, game_state(app)
    return button("end_turn", DO_RECT, _("End turn"), lambda: app.apply(EndTurn(active(state))),
                  enabled=o.can_end_turn, style="primary",
                  why_not=None if o.can_end_turn else (
                      _("Every coin on the character buys an action: do them first.")
                      if o.chosen else _("Choose a character first: you still have coins.")))


class Steps(Mode):
    """This turn's table steps, a tick each; then the next action (the likeliest of the
    chosen character's at once, in the place of "Do it"), or End turn (or the seat
    button)."""

    def __init__(self) -> None:
        self.view = StepsView()
        self.next: tuple[Option, Action] | None = None
        self.looked = False
        self.more_coin: bool | None = None
        self.toggle: ChoiceToggle | None = None
        """The choice the next action makes (a child's sex, a dowry coin): bottom left, one
        tap turns it."""

    def preset(self, turn: Flow, app: AppView) -> tuple[Option, Action] | None:
        """The next action "Do it" does, while coins on the character still buy actions."""
        o, state = turn.options, game_state(app)
        if not self.looked:
            self.looked = True
            if o.chosen and o.actions_left > 0:
                listed = likeliest_first(state, o.regular.get(o.chosen, ()))
                self.next = preset(state, o, listed, turn.hinted)
            # Measured as it is drawn (a name is never hyphenated, French spaces), in the
            # room the words have below the players: said whole, or not said (issue 32: the
            # German line was cut off).
            if self.next is not None and drawn_height(
                    self.words(self.next[0]), LEFT_W - 8) > 466 - panel_bottom(state):
                self.next = None  # not said whole under the players: chosen from the list
            if self.next is not None:
                self.toggle = choice_toggle(state, *self.next)
        return self.next

    def area(self) -> pygame.Rect:
        """The steps' area: above the choice the next action makes, when it makes one."""
        area = steps_area()
        if self.toggle is not None:
            area.height -= self.toggle.height(RIGHT_W) + 4
        return area

    def turn_choice(self) -> None:
        """The next action's choice turned to the next: "Do it" does that now."""
        assert self.next is not None and self.toggle is not None
        self.next = (self.next[0], self.toggle.turn())

    def more(self, turn: Flow, app: AppView) -> bool:
        """Whether one more coin on the chosen character buys an action it offers: the coins
        follow the actions (asked once)."""
        o = turn.options
        if self.more_coin is None:
            self.more_coin = bool(o.chosen and o.actions_left == 0 and any(
                x.affordable or x.needs_cost for x in more_options(game_state(app), o)))
        return self.more_coin

    @staticmethod
    def words(option: Option) -> str:
        # "Do it" names the action itself now (issue 32): the line says what comes next
        return _("Next: {what}").format(what=say(option.message))

    def widgets(self, turn: Flow, app: AppView) -> list[Widget]:
        o = turn.options
        self.preset(turn, app)  # (whether a choice takes room below the steps)
        out = self.view.widgets(table_log(app), self.area(), steps_header())
        if o.chosen is not None:  # the middle: the chosen character again, and nothing else
            out.append(self.again(turn, app, o.chosen))
            if o.actions_left > 0:
                out += undo_too(app)
            else:  # bottom left, under the player's words: the other characters, a tile
                out += self.onward(turn, o, 8, LEFT_W - 8)
        else:
            out += self.onward(turn, o, RIGHT_X, 262)
            out += undo_too(app)
        following = self.preset(turn, app)
        if following is not None and self.toggle is not None:  # right above "Do it"
            h = self.toggle.height(RIGHT_W)
            out.append(self.toggle.widget(pygame.Rect(RIGHT_X, 408 - h, RIGHT_W, h),
                                          self.turn_choice))
        if following is not None:
            out += do_buttons(app, o, *following)
        else:
            out.append(end_turn_button(app, turn))
        return out

    def again(self, turn: Flow, app: AppView, ch: Character) -> Widget:
        """The chosen character's next action, in one place while the character lasts: one
        its coins bought already, else one more coin on it (greyed, with the rules' reason,
        when no coin buys one), worded apart so the two are not taken for each other."""
        o = turn.options
        if o.actions_left > 0:
            return button("continue", (RIGHT_X, 412, 262, 60),
                          _("Next {character} action").format(character=character(ch)),
                          lambda: turn.to_options(ch),
                          style="button" if self.preset(turn, app) else "primary")
        more = self.more(turn, app)
        reason = None if more else add_coin_problem(game_state(app), o.player)
        return Widget("more", pygame.Rect(RIGHT_X, 412, 262, 60),
                      on_tap=partial(turn.to_options, ch), enabled=more,
                      lines=[_("Pay one more coin:"), character(ch)],
                      why_not=None if more else say(reason) if reason is not None else _(
                          "Nothing the {character} could do can be paid now.").format(
                              character=character(ch)))

    @staticmethod
    def onward(turn: Flow, o: TurnOptions, x: int, w: int) -> list[Widget]:
        """On to the other characters, or straight to a tile's action when that is all that
        is left (two tiles: each one tap away, by picture)."""
        tiles = [ch for ch, opts in o.tiles.items() if any(x.affordable or x.needs_cost
                                                           for x in opts)]
        if o.can_end_turn and len(tiles) == 1:
            return [button("continue", (x, 412, w, 60),
                           _("{character} tile").format(character=character(tiles[0])),
                           lambda: turn.to_options(tiles[0]))]
        if o.can_end_turn and len(tiles) == 2:
            half = (w - 4) // 2
            return [Widget(f"next:{ch}", pygame.Rect(x + i * (half + 4), 412, half, 60),
                           on_tap=partial(turn.to_options, ch), lines=[" "],
                           paint=partial(_tile, ch)) for i, ch in enumerate(tiles)]
        return [button("continue", (x, 412, w, 60), _("Characters"), turn.to_characters)]

    def draw(self, turn: Flow, app: AppView, s: pygame.Surface) -> None:
        self.view.draw(s, table_log(app), self.area(), steps_header())

    def status(self, turn: Flow, app: AppView) -> list[str]:
        o = turn.options
        following = self.preset(turn, app)
        if following is not None:
            return [self.words(following[0])]
        if o.chosen is not None and o.actions_left == 0:
            return []  # the row below is full (one more coin, the characters): End turn too
        return [_("Then press your seat button (or End turn).")] if o.can_end_turn else []


class Characters(Mode):
    """The turn's first view: the five characters with their coins (greyed ones say why), the
    neutral coin, End turn; a cost read off a tile when one is needed."""

    first_view = True

    def widgets(self, turn: Flow, app: AppView) -> list[Widget]:
        o, state = turn.options, game_state(app)
        out = []
        for i, ch in enumerate(CHARACTERS):
            col, row = i % 2, i // 2
            usable = (any(x.affordable or x.needs_cost for x in o.regular.get(ch, ()))
                      or any(x.affordable or x.needs_cost for x in o.tiles.get(ch, ()))
                      or (ch == o.chosen and o.actions_left == 0 and any(
                          x.affordable or x.needs_cost for x in more_options(state, o))))
            enabled = usable and (o.chosen in (None, ch) or ch in o.tiles)
            out.append(Widget(f"character:{ch}",
                              pygame.Rect(RIGHT_X + col * 270, TOP + 44 + row * 84, 262, 78),
                              on_tap=partial(turn.to_options, ch), enabled=enabled,
                              selected=o.chosen == ch, lines=[character(ch), " "],
                              why_not=None if enabled else why_not_character(o, state, ch),
                              paint=partial(_pieces, state, ch)))
        if o.neutral:
            out.append(Widget("neutral", pygame.Rect(RIGHT_X + 270, TOP + 212, 262, 78),
                              on_tap=lambda: turn.to_options(None),
                              lines=[_("Neutral coin"), _("as Builder or Priest")]))
        if o.can_declare_stuck:
            out.append(button("cannot_act", (RIGHT_X, 412, 262, 60),
                              _("No action possible"), lambda: pass_turn(app, state),
                              style="primary"))  # the engine allows it: nothing else is
        if o.costs_needed:  # way on: a cost read off a tile prices the options
            first = o.stuck_reason is not None and o.stuck_reason.code == "cost_first"
            out.append(button("tile_cost", (RIGHT_X, 354, 532, 52),
                              _("Enter a cost read off a tile on offer"), turn.to_reading,
                              style="primary" if first else "button"))
        if table_log(app).shown() and not o.can_declare_stuck:  # never over "No action possible"
            out.append(button("steps:show", (RIGHT_X, 412, 262, 60),
                              on_the_table(table_log(app)), turn.to_steps))
        out.append(end_turn_button(app, turn))
        out.append(hint_button(app, state, (8, 412, LEFT_W - 8, 60) if o.neutral  # 2 players
                               else (RIGHT_X + 270, TOP + 212, 262, 78)))  # only when asked
        return out

    def draw(self, turn: Flow, app: AppView, s: pygame.Surface) -> None:
        o = turn.options
        hint = _("What is done this turn:") if o.chosen or o.can_end_turn else _(
            "Which character?")
        draw_text(s, hint, pygame.Rect(RIGHT_X, TOP + 2, RIGHT_W, 38), BODY, INK, wrap=False,
                  valign="middle")

    def status(self, turn: Flow, app: AppView) -> list[str]:
        o = turn.options
        return [_("Then press your seat button (or End turn).") if o.can_end_turn
                else _("No action for your coins now.") if o.can_declare_stuck
                else _("Tap {character} for its next action.").format(
                    character=character(o.chosen)) if o.chosen and o.actions_left > 0
                else _("Choose a character.")]


def undo_too(app: AppView) -> list[Widget]:
    """Right after an undo in a turn, the turn's action before it (the coins on the
    character) one tap from being undone too, bottom left (play-test 2026-11-28, finding 7)."""
    game = app.session.game if app.session is not None else None
    state = game_state(app)
    table = table_log(app)
    if game is None or not game.actions or not table.taken or not table.entries \
            or table.key != ("turn", state.round, state.active):
        return []
    last = game.actions[-1]
    if isinstance(last, Choose):  # the character is named by the step above
        words = ngettext("Undo too: {n} coin", "Undo too: {n} coins", last.coins).format(
            n=last.coins)
    else:
        words = _("Undo too: {action}").format(action=action_text(last, game.state, with_who=False))
    return [button("undo:too", (8, 412, LEFT_W - 8, 60), words, app.undo)]


def pass_turn(app: AppView, state: GameState) -> None:
    """'Cannot act': a pass of this turn; the table is told, the next player is shown."""
    who = state.active
    assert who is not None
    if app.apply(CannotAct(who)):
        app.banner = _("{who} cannot act and passes this turn; the coins stay in hand.") \
            .format(who=name(who))


def steps_header() -> pygame.Rect:
    return pygame.Rect(RIGHT_X, TOP + 2, RIGHT_W, 48)


def steps_area() -> pygame.Rect:
    return pygame.Rect(RIGHT_X, TOP + 54, RIGHT_W, 412 - TOP - 58)
