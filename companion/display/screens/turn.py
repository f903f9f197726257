"""The turn: whose it is, the characters with their coins, and the options of each, the
cheapest preselected and every choice editable; then the seat button (or End turn)."""

from __future__ import annotations

from typing import Any

import pygame

from ...engine import (
    CHARACTERS,
    Choose,
    EndTurn,
    GameState,
    Option,
    TurnOptions,
    apply,
    turn_options,
    why_not,
)
from ...engine.actions import CannotAct
from ..forms import CELL, GOODS, Form, option_form, with_cost
from ..i18n import _, character, initial
from ..ui import MUTED, SMALL, WARNING_INK, W, Widget, button, paragraph, text
from ..village_view import cell_rects, draw_village
from .common import (
    LEFT_W,
    RIGHT_W,
    RIGHT_X,
    TOP,
    Screen,
    goods_buttons,
    nav,
    players_panel,
    steps_panel,
    title_bar,
    value_key,
    who_text,
)

PAGE = 5
CHOICE_PAGE = 5


class TurnScreen(Screen):
    def __init__(self, state: GameState) -> None:
        self.options: TurnOptions = turn_options(state)
        # In the middle of a multi-coin turn, straight to the chosen character's options.
        self.character: str | None = (self.options.chosen if self.options.actions_left > 0
                                      else None)
        self.neutral = False
        self.page = 0
        self.form: Form | None = None
        self.editing: str | None = None
        self.choice_page = 0
        self.cost: dict[str, int] = {}

    # --- what is shown -------------------------------------------------------------------------

    def listed(self) -> list[Option]:
        """The options of the selected character (or of the neutral coin)."""
        o = self.options
        if self.neutral:
            return list(o.neutral)
        if self.character is None:
            return []
        return list(o.regular.get(self.character, ())) + list(o.tiles.get(self.character, ()))

    def needs_choose(self, option: Option) -> bool:
        return option.via == "coin" and self.options.chosen is None

    def attempt(self, state: GameState, coins: int) -> str | None:
        """Why the form's action (after placing ``coins`` coins, if that is due) is refused."""
        assert self.form is not None and self.form.option is not None
        try:
            action = self.form.action()
        except (ValueError, KeyError) as exc:
            return str(exc)
        if self.needs_choose(self.form.option):
            reason = why_not(state, Choose(state.active, self.form.option.character, coins))
            if reason:
                return reason
            state = apply(state, Choose(state.active, self.form.option.character, coins))
        return why_not(state, action)

    def do(self, app: Any, coins: int) -> None:
        assert self.form is not None and self.form.option is not None
        option = self.form.option
        action = self.form.action()
        if self.needs_choose(option) and not app.apply(
                Choose(app.state.active, option.character, coins)):
            return
        app.apply(action)

    # --- widgets ---------------------------------------------------------------------------------

    def layout(self, app: Any) -> list[Widget]:
        state = app.state
        out = nav(app)
        if self.form is not None and self.editing is not None:
            return out + self._field_widgets(app, state)
        if self.form is not None:
            return out + self._form_widgets(app, state)
        if self.character is not None or self.neutral:
            return out + self._option_widgets(app)
        return out + self._main_widgets(app, state)

    def _main_widgets(self, app: Any, state: GameState) -> list[Widget]:
        o = self.options
        out = []
        for i, ch in enumerate(CHARACTERS):
            col, row = i % 2, i // 2
            coins = " ".join(f"{initial(c)}{n}" for c, n in state.character_coins[ch].items())
            holder = state.tile_holder.get(ch)
            tile = ""
            if holder and not state.options.intro:
                tile = _("tile: {who}").format(who=initial(holder)) + (
                    " " + _("(used)") if ch in state.tiles_used else "")
            usable = (any(x.affordable or x.needs_cost for x in o.regular.get(ch, ()))
                      or any(x.affordable for x in o.tiles.get(ch, ())))
            enabled = usable and (o.chosen in (None, ch) or ch in o.tiles)
            out.append(Widget(f"character:{ch}",
                              pygame.Rect(RIGHT_X + col * 268, TOP + 40 + row * 66, 260, 60),
                              on_tap=lambda ch=ch: self.pick(ch), enabled=enabled,
                              selected=o.chosen == ch,
                              lines=[character(ch), f"{coins or '–'}   {tile}"]))  # noqa: RUF001
        if o.neutral:
            out.append(Widget("neutral", pygame.Rect(RIGHT_X + 268, TOP + 172, 260, 60),
                              on_tap=self.pick_neutral,
                              lines=[_("Neutral coin"), _("instead of your action")]))
        if o.can_declare_stuck:
            out.append(button("cannot_act", (RIGHT_X, TOP + 244, 260, 56),
                              _("No action possible"),
                              lambda: app.apply(CannotAct(state.active))))
        out.append(button("end_turn", (RIGHT_X + 268, TOP + 244, 260, 56), _("End turn"),
                          lambda: app.apply(EndTurn(state.active)), enabled=o.can_end_turn,
                          style="primary"))
        return out

    def pick(self, ch: str) -> None:
        self.character, self.neutral, self.page = ch, False, 0

    def pick_neutral(self) -> None:
        self.character, self.neutral, self.page = None, True, 0

    def _option_widgets(self, app: Any) -> list[Widget]:
        listed = self.listed()
        out = []
        shown = listed[self.page * PAGE:(self.page + 1) * PAGE]
        for i, o in enumerate(shown):
            n = self.page * PAGE + i
            cost = (_("needs the cost from the tile") if o.needs_cost else
                    _("cannot be paid now") if not o.affordable else
                    _("buy for {n} coin(s)").format(n=o.coins) if o.coins else "")
            tag = _("tile") + ": " if o.via == "tile" else ""
            out.append(Widget(f"option:{n}", pygame.Rect(RIGHT_X, TOP + 34 + i * 58, RIGHT_W, 54),
                              on_tap=lambda o=o: self.select(app, o),
                              enabled=o.affordable or o.needs_cost,
                              lines=[tag + o.text, cost]))
        y = TOP + 34 + PAGE * 58
        out.append(button("back_list", (RIGHT_X, y, 170, 50), _("Back"), self.back_to_main))
        if self.page > 0:
            out.append(button("page:prev", (RIGHT_X + 180, y, 170, 50), _("Previous"),
                              lambda: setattr(self, "page", self.page - 1)))
        if (self.page + 1) * PAGE < len(listed):
            out.append(button("page:next", (RIGHT_X + 360, y, 170, 50), _("More"),
                              lambda: setattr(self, "page", self.page + 1)))
        return out

    def back_to_main(self) -> None:
        self.neutral = False
        self.character = None

    def select(self, app: Any, option: Option) -> None:
        self.form = option_form(app.state, option)
        self.editing = "cost" if option.needs_cost else None
        self.cost = {}

    def _form_widgets(self, app: Any, state: GameState) -> list[Widget]:
        assert self.form is not None and self.form.option is not None
        out = []
        for i, f in enumerate(self.form.fields):
            col, row = i % 2, i // 2
            out.append(Widget(f"field:{f.name}",
                              pygame.Rect(RIGHT_X + col * 268, TOP + 64 + row * 58, 260, 54),
                              on_tap=lambda n=f.name: self.edit(n),
                              lines=[f.prompt, self._value_label(f)]))
        y = TOP + 64 + ((len(self.form.fields) + 1) // 2) * 58 + 6
        option = self.form.option
        if self.needs_choose(option):
            player = state.player(state.active)
            for n in range(1, min(player.coins - option.coins, 4) + 1):
                ok = self.attempt(state, n) is None
                label = (_("Do it: 1 coin") if n == 1 else
                         _("{n} coins, {n} actions").format(n=n))
                out.append(button(f"do:{n}", (RIGHT_X + (n - 1) * 133, y, 129, 54), label,
                                  lambda n=n: self.do(app, n), enabled=ok,
                                  style="primary" if n == 1 else "button"))
        else:
            out.append(button("do", (RIGHT_X, y, 260, 54), _("Do it"),
                              lambda: self.do(app, 1), enabled=self.attempt(state, 1) is None,
                              style="primary"))
        out.append(button("back_form", (RIGHT_X + 268 * 1 + 133, y + 62, 127, 50), _("Back"),
                          self.back_from_form))
        return out

    def back_from_form(self) -> None:
        self.form = None
        self.editing = None

    def edit(self, name: str) -> None:
        self.editing = name
        self.choice_page = 0
        if name == "cost" and self.form:
            self.cost = dict(self.form.field("cost").value or {})

    def _value_label(self, f: Any) -> str:
        if f.kind == GOODS:
            return ", ".join(f"{n} {g}" for g, n in sorted((f.value or {}).items())) or "–"  # noqa: RUF001
        return f.label()

    def _field_widgets(self, app: Any, state: GameState) -> list[Widget]:
        assert self.form is not None and self.editing is not None
        f = self.form.field(self.editing)
        out = []
        if f.kind == CELL:
            assert f.village is not None
            rects = cell_rects(state, f.village, _grid_area())
            for c in f.choices:
                out.append(Widget(f"cell:{value_key(c.value)}", rects[c.value],
                                  on_tap=lambda v=c.value: self.set(f.name, v),
                                  style="invisible"))
            return out
        if f.kind == GOODS:
            out += goods_buttons(state.catalogue, self.cost, RIGHT_X, TOP + 70, 532)
            out.append(button("cost:clear", (RIGHT_X, TOP + 300, 170, 52), _("Clear"),
                              self.cost.clear))
            out.append(button("cost:done", (RIGHT_X + 180, TOP + 300, 170, 52), _("Done"),
                              lambda: self.cost_done(state), enabled=bool(self.cost),
                              style="primary"))
            return out
        shown = f.choices[self.choice_page * CHOICE_PAGE:(self.choice_page + 1) * CHOICE_PAGE]
        for i, c in enumerate(shown):
            out.append(Widget(f"choice:{c.key}", pygame.Rect(RIGHT_X, TOP + 34 + i * 58,
                                                             RIGHT_W, 54),
                              on_tap=lambda v=c.value: self.set(f.name, v),
                              selected=c.value == f.value, lines=[c.label]))
        y = TOP + 34 + CHOICE_PAGE * 58
        if self.choice_page > 0:
            out.append(button("choices:prev", (RIGHT_X + 180, y, 170, 50), _("Previous"),
                              lambda: setattr(self, "choice_page", self.choice_page - 1)))
        if (self.choice_page + 1) * CHOICE_PAGE < len(f.choices):
            out.append(button("choices:next", (RIGHT_X + 360, y, 170, 50), _("More"),
                              lambda: setattr(self, "choice_page", self.choice_page + 1)))
        out.append(button("back_field", (RIGHT_X, y, 170, 50), _("Back"),
                          lambda: setattr(self, "editing", None)))
        return out

    def set(self, name: str, value: Any) -> None:
        assert self.form is not None
        self.form.set(name, value)
        self.editing = None

    def cost_done(self, state: GameState) -> None:
        assert self.form is not None
        self.form = with_cost(state, self.form, self.cost)
        self.editing = None

    # --- drawing ----------------------------------------------------------------------------------

    def draw(self, app: Any, s: pygame.Surface) -> None:
        state = app.state
        title_bar(s, who_text(state.active), state.active)
        text(s, _("Round {n}").format(n=state.round), (W - 392, TOP // 2 - 2), 20, MUTED,
             "midright")
        players_panel(s, state, pygame.Rect(8, TOP + 4, LEFT_W - 8, 220))
        steps_panel(s, app.steps, pygame.Rect(8, TOP + 230, LEFT_W - 8, 480 - TOP - 240))
        o = self.options
        if self.form is not None and self.editing is not None:
            f = self.form.field(self.editing)
            text(s, f.prompt, (RIGHT_X, TOP + 6), 20, MUTED)
            if f.kind == CELL:
                assert f.village is not None
                draw_village(s, state, f.village, _grid_area(),
                             highlight={c.value for c in f.choices})
            elif f.kind == GOODS:
                text(s, _("Tap each good as often as the tile shows it."), (RIGHT_X, TOP + 36),
                     SMALL)
            return
        if self.form is not None:
            paragraph(s, self.form.title, pygame.Rect(RIGHT_X, TOP + 4, RIGHT_W, 56), 20)
            reason = self.attempt(state, 1)
            if reason:
                paragraph(s, reason, pygame.Rect(RIGHT_X, 404, RIGHT_W, 60), 20, WARNING_INK)
            return
        if self.character is not None or self.neutral:
            name = _("Neutral coin") if self.neutral else character(self.character or "")
            text(s, _("{name}: choose what to do").format(name=name), (RIGHT_X, TOP + 6), 20,
                 MUTED)
            if not self.listed():
                text(s, _("Nothing is possible with it now."), (RIGHT_X, TOP + 60), 20)
            return
        player = state.player(state.active)
        status = _("{n} coins in hand").format(n=player.coins)
        if o.chosen:
            status += "  ·  " + _("{n} {character} action(s) left").format(
                n=o.actions_left, character=character(o.chosen))
        text(s, status, (RIGHT_X, TOP + 8), 20, MUTED)
        hint = (_("Press your seat button (or End turn) to finish.") if o.can_end_turn else
                _("Choose a character."))
        text(s, hint, (RIGHT_X, TOP + 312), 20, MUTED, width=W - RIGHT_X - 8)


def _grid_area() -> pygame.Rect:
    return pygame.Rect(RIGHT_X, TOP + 30, RIGHT_W, 480 - TOP - 40)
