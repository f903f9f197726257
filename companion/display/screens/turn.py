"""The turn: whose it is, the characters with their coins, and the options of each, the
cheapest preselected and every choice editable; then the seat button (or End turn)."""

from __future__ import annotations

from typing import Any

import pygame

from ...engine import (
    CHARACTERS,
    Action,
    Choose,
    EndTurn,
    GameState,
    Option,
    TileCost,
    TurnOptions,
    apply,
    turn_options,
    why_not,
)
from ...engine.actions import CannotAct
from ...engine.catalogue import make_cost
from ..forms import CELL, GOODS, Form, option_form, with_cost
from ..i18n import _, character, name, ngettext, say
from ..i18n import cost as cost_words
from ..ui import BODY, INK, MUTED, W, Widget, button, draw_text
from ..village_view import cell_rects, draw_village, quarter_rects
from .character_pieces import character_pieces
from .common import (
    LEFT_W,
    RIGHT_W,
    RIGHT_X,
    TOP,
    Screen,
    StepsView,
    goods_buttons,
    nav,
    nav_left,
    players_panel,
    title_bar,
    value_key,
    who_text,
)
from .hint import hint_button
from .option_rows import option_lines, option_why_not, pages_of, rows_height
from .reasons import refusals, why_not_character
from .tile_cost import TileCostView
from .village_tabs import village_tab

PAGE = 5
CHOICE_PAGE = 5
LIST_ROOM = 412 - (TOP + 38) - 6
CHOICES_TOP = TOP + 62
"""Where a field's choices start: below its heading."""
"""The height of a list of options or choices: from below the prompt to the bottom row."""


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
        self.view: str | None = None
        """"steps" (what to do on the table) or "main"; None: decided at the first layout."""
        self.steps_view = StepsView()
        self.on_picture = True
        """Pick a place on the village picture (else: the options list)."""
        self.village: str | None = None
        self.only: list[Option] | None = None
        self.reading: TileCostView | None = None
        """Way on: the cost read off a tile on offer (the engine's TileCost), when asked."""
        """The options on one building tapped on the picture, when there are several."""

    # --- what is shown -------------------------------------------------------------------------

    def listed(self) -> list[Option]:
        """The options of the selected character (or of the neutral coin)."""
        o = self.options
        if self.neutral:
            return list(o.neutral)
        if self.character is None:
            return []
        both = list(o.regular.get(self.character, ())) + list(o.tiles.get(self.character, ()))
        # The doable ones first, then those that wait for a cost read off the tile; the greyed
        # ones (a tap says why) last.
        return sorted(both, key=lambda x: 0 if x.affordable else 1 if x.needs_cost else 2)

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
                return say(reason)
            state = apply(state, Choose(state.active, self.form.option.character, coins))
        refusal = why_not(state, action)
        return None if refusal is None else say(refusal)

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
        if self.reading is not None:
            return out + self.reading.widgets(app, state, self.close_reading)
        if self.view is None:  # after an action of this turn: first what to do on the table
            # This turn's steps; or the setup's last ones (the dowry coins), before turn one.
            mine = app.table.key == ("turn", state.round, state.active) or (
                app.table.key is not None and app.table.key[0] == "setup")
            self.view = ("steps" if (app.table.steps and mine) or app.table.undone
                         else "main")
        if self.form is not None and self.editing is not None:
            return out + self._field_widgets(app, state)
        if self.form is not None:
            return out + self._form_widgets(app, state)
        if self.view == "steps" and app.table.shown():
            return out + self._steps_widgets(app, state)
        if self.character is not None or self.neutral:
            return out + self._option_widgets(app)
        return out + self._main_widgets(app, state)

    def _steps_widgets(self, app: Any, state: GameState) -> list[Widget]:
        """The turn's table steps; then on to the next action, or the end of the turn."""
        o = self.options
        out = self.steps_view.widgets(app.table, _steps_area(), _steps_header())
        more = (_("Next {character} action").format(character=character(o.chosen))
                if o.chosen and o.actions_left > 0 else _("Characters"))
        out.append(button("continue", (RIGHT_X, 412, 262, 60), more,
                          lambda: setattr(self, "view", "main"),
                          style="button" if o.can_end_turn else "primary"))
        out.append(button("end_turn", (RIGHT_X + 270, 412, 262, 60), _("End turn"),
                          lambda: app.apply(EndTurn(state.active)), enabled=o.can_end_turn,
                          style="primary", why_not=None if o.can_end_turn else _(
                              "Every coin on the character buys an action: do them first.")))
        return out

    def _main_widgets(self, app: Any, state: GameState) -> list[Widget]:
        o = self.options
        out = []
        for i, ch in enumerate(CHARACTERS):
            col, row = i % 2, i // 2
            usable = (any(x.affordable or x.needs_cost for x in o.regular.get(ch, ()))
                      or any(x.affordable or x.needs_cost for x in o.tiles.get(ch, ())))
            enabled = usable and (o.chosen in (None, ch) or ch in o.tiles)
            out.append(Widget(f"character:{ch}",
                              pygame.Rect(RIGHT_X + col * 270, TOP + 44 + row * 84, 262, 78),
                              on_tap=lambda ch=ch: self.pick(ch), enabled=enabled,
                              selected=o.chosen == ch, lines=[character(ch), " "],
                              why_not=None if enabled else why_not_character(o, state, ch),
                              paint=lambda surf, r, ch=ch: character_pieces(surf, r, state,
                                                                             ch)))
        if o.neutral:
            out.append(Widget("neutral", pygame.Rect(RIGHT_X + 270, TOP + 212, 262, 78),
                              on_tap=self.pick_neutral,
                              label=_("Neutral coin, for no character")))
        if o.can_declare_stuck:
            out.append(button("cannot_act", (RIGHT_X, 412, 262, 60),
                              _("No action possible"), lambda: self.pass_turn(app, state),
                              style="primary"))  # the engine allows it: nothing else is
        if o.costs_needed:  # way on: a cost read off a tile prices the options
            first = o.stuck_reason is not None and o.stuck_reason.code == "cost_first"
            out.append(button("tile_cost", (RIGHT_X, 354, 532, 52),
                              _("Enter a cost read off a tile on offer"),
                              lambda: setattr(self, "reading", TileCostView(o.costs_needed)),
                              style="primary" if first else "button"))
        if app.table.shown() and not o.can_declare_stuck:  # never over "No action possible"
            out.append(button("steps:show", (RIGHT_X, 412, 262, 60), _("On the table"),
                              lambda: setattr(self, "view", "steps")))
        out.append(button("end_turn", (RIGHT_X + 270, 412, 262, 60), _("End turn"),
                          lambda: app.apply(EndTurn(state.active)), enabled=o.can_end_turn,
                          style="primary", why_not=None if o.can_end_turn else (
                              _("Every coin on the character buys an action: do them first.")
                              if o.chosen else _("Choose a character first: you still have "
                                                 "coins."))))
        out.append(hint_button(app, state, (8, 412, LEFT_W - 8, 60) if o.neutral  # 2 players
                               else (RIGHT_X + 270, TOP + 212, 262, 78)))  # only when asked
        return out

    def pick(self, ch: str) -> None:
        self.character, self.neutral, self.page = ch, False, 0

    def pick_neutral(self) -> None:
        self.character, self.neutral, self.page = None, True, 0

    def _option_widgets(self, app: Any) -> list[Widget]:
        listed = self.listed()
        out = []
        if self.picture_village(app.state) is not None and self.on_picture:
            out += self._picture_widgets(app)
        else:
            shown = [n for n, o in enumerate(listed) if self.only is None or o in self.only]
            labels = {n: option_lines(listed[n]) for n in shown}
            pages = pages_of([rows_height(labels[n], RIGHT_W - 16) for n in shown], LIST_ROOM)
            self.page = min(self.page, len(pages) - 1)
            y = TOP + 38
            for n in (shown[i] for i in pages[self.page]):
                o = listed[n]
                h = rows_height(labels[n], RIGHT_W - 16)
                out.append(Widget(f"option:{n}", pygame.Rect(RIGHT_X, y, RIGHT_W, h),
                                  on_tap=lambda o=o: self.select(app, o),
                                  enabled=o.affordable or o.needs_cost, lines=labels[n],
                                  value=o, why_not=option_why_not(o)))
                y += h + 4
            if self.page > 0:
                out.append(button("page:prev", (RIGHT_X + 182, 412, 170, 60), _("Previous"),
                                  lambda: setattr(self, "page", self.page - 1)))
            if self.page < len(pages) - 1:
                out.append(button("page:next", (RIGHT_X + 362, 412, 170, 60), _("More"),
                                  lambda: setattr(self, "page", self.page + 1)))
            if self.picture_village(app.state) is not None:
                out.append(button("picture", (RIGHT_X + 182, 412, 170, 60), _("Picture"),
                                  lambda: setattr(self, "on_picture", True)))
        out.append(button("back_list", (RIGHT_X, 412, 170, 60), _("Back"), self.back_to_main))
        return out

    # --- choosing on the picture: a quarter to wake, a couple, a spouse -------------------------

    def picture_village(self, state: GameState) -> str | None:
        """The village shown to pick the selected character's option on, if it picks a
        place: the chosen one, else the first with an option."""
        if self.neutral or self.character not in ("night_watchman", "priest", "midwife"):
            return None
        villages = self.picture_villages()
        if not villages:
            return None
        return self.village if self.village in villages else villages[0]

    def picture_villages(self) -> list[str]:
        out: list[str] = []
        for o in self.listed():
            v = getattr(o.action, "village", None) or getattr(o.action, "player", None)
            if (o.affordable or o.needs_cost) and v not in out:
                out.append(v)
        return out

    def _picture_widgets(self, app: Any) -> list[Widget]:
        state = app.state
        village_ = self.picture_village(state)
        assert village_ is not None
        out: list[Widget] = []
        villages = self.picture_villages()
        if len(villages) > 1:
            w = RIGHT_W // len(villages)
            for i, v in enumerate(villages):
                out.append(village_tab(f"village:{v}", (RIGHT_X + i * w, TOP + 36, w - 4, 48),
                                       v, i18n_village_short(state, v),
                                       lambda v=v: self._show(v), v == village_))
        area = _picture_area()
        listed = self.listed()
        if self.character == "night_watchman":
            rects = quarter_rects(state, village_, area)
            for q, r in rects.items():
                found = [o for o in listed if o.affordable and o.action.village == village_
                         and o.action.quarter == q]
                if found:  # by a coin or with the tile: both ways offered when both exist
                    out.append(Widget(f"quarter:{village_}:{q}", r,
                                      on_tap=lambda found=found: self._pick_cell(app, found),
                                      style="invisible", value=found[0]))
            out += refusals(state, rects, {w.value.action.quarter for w in out if w.value},
                            listed[0].action if listed else None, "quarter", village_)
        else:
            rects = cell_rects(state, village_, area)
            by_cell: dict[Any, list[Option]] = {}
            for o in listed:
                a = o.action
                v = getattr(a, "village", None) or getattr(a, "player", None)
                if v == village_ and o.affordable and a.cell in rects:
                    by_cell.setdefault(a.cell, []).append(o)
            for cell, found in by_cell.items():
                out.append(Widget(f"cell:{value_key(cell)}", rects[cell],
                                  on_tap=lambda found=found: self._pick_cell(app, found),
                                  style="invisible", value=found[0]))
            out += refusals(state, rects, set(by_cell), listed[0].action if listed else None,
                            "cell", village_)
        out.append(button("page:next", (RIGHT_X + 362, 412, 170, 60), _("As a list"),
                          lambda: setattr(self, "on_picture", False)))
        return out

    def _show(self, village_: str) -> None:
        self.village = village_

    def _pick_cell(self, app: Any, found: list[Option]) -> None:
        if len(found) == 1:
            self.select(app, found[0])
        else:  # several ways there (a man or a woman, centre or school, a coin or the tile)
            self.only = found
            self.on_picture = False
            self.page = 0

    def pass_turn(self, app: Any, state: GameState) -> None:
        """'Cannot act': a pass of this turn; the table is told, the next player is shown."""
        who = state.active
        assert who is not None
        if app.apply(CannotAct(who)):
            app.banner = _("{who} cannot act and passes this turn; the coins stay in hand.") \
                .format(who=name(who))

    def close_reading(self) -> None:
        self.reading = None

    def back_to_main(self) -> None:
        self.neutral = False
        self.character = None
        self.only = None
        self.on_picture = True

    def select(self, app: Any, option: Option) -> None:
        self.form = option_form(app.state, option)
        self.editing = "cost" if option.needs_cost else None
        self.cost = {}

    def _form_widgets(self, app: Any, state: GameState) -> list[Widget]:
        assert self.form is not None and self.form.option is not None
        out = []
        fields = self.form.fields
        labels = [[f.prompt + ":", self._value_label(f)] for f in fields]

        def tallest(f: Any, width: int) -> int:
            """A field as tall as its longest choice: choosing never moves the others."""
            values = [c.label for c in f.choices] or [self._value_label(f)]
            if f.kind == GOODS:
                values = ["x\nx"]  # a cost: up to two lines
            return max(rows_height([f.prompt + ":", v], width) for v in values)

        heights = [tallest(f, RIGHT_W - 16) for f in fields]
        two = sum(h + 4 for h in heights) > 412 - TOP - 70
        w = (RIGHT_W - 8) // 2 if two else RIGHT_W
        if two:
            heights = [tallest(f, w - 16) for f in fields]
        y = TOP + 66
        for i, f in enumerate(fields):
            col = i % 2 if two else 0
            h = max(heights[i - col:i - col + 2]) if two else heights[i]
            out.append(Widget(f"field:{f.name}",
                              pygame.Rect(RIGHT_X + col * (w + 8), y, w, h),
                              on_tap=lambda n=f.name: self.edit(n), lines=labels[i], value=f,
                              enabled=f.why_not() is None, why_not=f.why_not()))
            if col == 1 or not two:
                y += h + 4
        option = self.form.option
        if self.needs_choose(option):
            player = state.player(state.active)
            # Way on: any count up to the coins held (coins that cannot buy an action go
            # back to the hand); past 4, the counts from 2 on are short buttons.
            most = player.coins - option.coins
            for n in range(1, most + 1):
                reason = self.attempt(state, n)
                label = ngettext("Do it: {n} coin", "{n} coins", n).format(n=n)
                rect = (RIGHT_X + (n - 1) * 133, 412, 129, 60)
                if most > 4:
                    small = (RIGHT_W - 204) // (most - 1)
                    rect = ((RIGHT_X, 412, 200, 60) if n == 1 else
                            (RIGHT_X + 204 + (n - 2) * small, 412, small - 4, 60))
                    label = label if n == 1 else str(n)
                out.append(button(f"do:{n}", rect, label,
                                  lambda n=n: self.do(app, n), enabled=reason is None,
                                  style="primary" if n == 1 else "button",
                                  value=self.made(), why_not=reason))
        else:
            reason = self.attempt(state, 1)
            out.append(button("do", (RIGHT_X + 270, 412, 262, 60), _("Do it"),
                              lambda: self.do(app, 1), enabled=reason is None,
                              style="primary", value=self.made(), why_not=reason))
        out.append(button("back_form", (W - 128, TOP + 4, 120, 54), _("Back"),
                          self.back_from_form))
        return out

    def made(self) -> Action | None:
        """The action the form makes as it stands, if it makes one."""
        assert self.form is not None
        try:
            return self.form.action()
        except (ValueError, KeyError):
            return None

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
            return cost_words(sorted((f.value or {}).items())) if f.value else "–"  # noqa: RUF001
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
                                  style="invisible", value=c.value))
            out.append(button("back_field", (W - 128, TOP + 4, 120, 54), _("Back"),
                              lambda: setattr(self, "editing", None)))
            return out
        if f.kind == GOODS:
            # The whole width: every good's name whole, 4 in a row.
            out += goods_buttons(state.catalogue, self.cost, 8, TOP + 66, W - 16)
            out.append(button("cost:clear", (8, 412, 190, 60), _("Clear"), self.cost.clear))
            out.append(button("back_field", (206, 412, 190, 60), _("Back"),
                              lambda: setattr(self, "editing", None)))
            out.append(button("cost:done", (W - 200, 412, 192, 60), _("Done"),
                              lambda: self.cost_done(app, state), enabled=bool(self.cost),
                              style="primary"))
            return out
        labels = [[c.label] for c in f.choices]
        # Below the field's heading (drawn at TOP + 4, 54 high): never over it.
        pages = pages_of([rows_height(lines, RIGHT_W - 16) for lines in labels],
                         412 - CHOICES_TOP - 6)
        self.choice_page = min(self.choice_page, len(pages) - 1)
        y = CHOICES_TOP
        for n in pages[self.choice_page]:
            c = f.choices[n]
            h = rows_height(labels[n], RIGHT_W - 16)
            out.append(Widget(f"choice:{c.key}", pygame.Rect(RIGHT_X, y, RIGHT_W, h),
                              on_tap=lambda v=c.value: self.set(f.name, v),
                              selected=c.value == f.value, lines=labels[n], value=c.value))
            y += h + 4
        if self.choice_page > 0:
            out.append(button("choices:prev", (RIGHT_X + 182, 412, 170, 60), _("Previous"),
                              lambda: setattr(self, "choice_page", self.choice_page - 1)))
        if self.choice_page < len(pages) - 1:
            out.append(button("choices:next", (RIGHT_X + 362, 412, 170, 60), _("More"),
                              lambda: setattr(self, "choice_page", self.choice_page + 1)))
        out.append(button("back_field", (RIGHT_X, 412, 170, 60), _("Back"),
                          lambda: setattr(self, "editing", None)))
        return out

    def set(self, name: str, value: Any) -> None:
        assert self.form is not None
        self.form.set(name, value)
        self.editing = None

    def cost_done(self, app: Any, state: GameState) -> None:
        assert self.form is not None and self.form.option is not None
        self.form = with_cost(state, self.form, self.cost)
        self.editing = None
        build = self.form.option.action
        if self.attempt(state, 1) is not None and state.active is not None \
                and why_not(state, TileCost(state.active, build.building,
                                            make_cost(self.cost))) is None:
            # Way on: a cost that cannot be paid is still the tile's cost. Recorded, it prices
            # the options again, instead of leaving a "Do it" that can never be tapped.
            app.apply(TileCost(state.active, build.building, make_cost(self.cost)))

    # --- drawing ----------------------------------------------------------------------------------

    def draw(self, app: Any, s: pygame.Surface) -> None:
        state = app.state
        title_bar(s, who_text(state.active), state.active, nav_left(app))
        o = self.options
        if self.form is not None and self.editing is not None and \
                self.form.field(self.editing).kind == GOODS:
            f = self.form.field(self.editing)
            draw_text(s, _("{title}: tap each good as often as the tile shows it (top left)."
                           ).format(title=self.form.title),
                      pygame.Rect(8, TOP + 2, W - 16, 62), BODY, INK)
            return
        in_form = self.form is not None and self.editing is None
        # In a form the left side says the action whole, in the players panel's place.
        below = TOP + 2 if in_form else players_panel(s, state, pygame.Rect(8, TOP + 6,
                                                                            LEFT_W - 8, 4 * 58))
        player = state.player(state.active)
        status = [_("Round {n}").format(n=state.round),
                  ngettext("{n} coin in hand", "{n} coins in hand", player.coins).format(
                      n=player.coins)]
        if o.chosen and o.actions_left > 0:
            status.append(ngettext("{n} {character} action left",
                                   "{n} {character} actions left", o.actions_left).format(
                n=o.actions_left, character=character(o.chosen)))
        picture = (self.form is None and self.view != "steps" and self.on_picture
                   and self.picture_village(state) is not None)
        if picture:
            status.pop(0)  # the round: room for what to tap
            status.append(_("Tap the quarter to wake.") if self.character == "night_watchman"
                          else _("Tap the building."))
        if self.form is None and self.character is None and not self.neutral:
            status.append(_("Then press your seat button (or End turn).") if o.can_end_turn
                          else _("No action for your coins now.") if o.can_declare_stuck
                          else _("Choose a character."))
        if in_form:  # the action, whole; with a character tile, said so
            assert self.form is not None and self.form.option is not None
            status = [self.form.title]
            if self.form.option.via == "tile":
                status.insert(0, _("With your {character} tile (no coin):").format(
                    character=character(self.form.option.character)))
        bottom = 406 if any(w.id == "hint" and w.rect.top > 400 for w in app.widgets) else 470
        draw_text(s, "\n".join(status), pygame.Rect(8, below + 4, LEFT_W - 8, bottom - below),
                  BODY, INK if in_form else MUTED)
        if self.reading is not None:
            self.reading.draw(state, s)
            return
        if self.form is not None and self.editing is not None:
            f = self.form.field(self.editing)
            draw_text(s, f.prompt, pygame.Rect(RIGHT_X, TOP + 4, W - 136 - RIGHT_X, 54), BODY,
                      INK, valign="middle")
            if f.kind == CELL:
                assert f.village is not None
                draw_village(s, state, f.village, _grid_area(),
                             highlight={c.value for c in f.choices})
            elif f.kind == GOODS:
                draw_text(s, _("Tap each good as often as the tile shows it."),
                          pygame.Rect(RIGHT_X, TOP + 4, RIGHT_W, 60), BODY, MUTED)
            return
        if self.form is not None:
            draw_text(s, _("Check, then do it:"), pygame.Rect(RIGHT_X, TOP + 4,
                                                              W - 136 - RIGHT_X, 54),
                      BODY, MUTED, valign="middle")
            if self.needs_choose(self.form.option):
                draw_text(s, _("Do it with how many coins? Each coin on the character is one "
                               "action."), pygame.Rect(RIGHT_X, 350, RIGHT_W, 58), BODY,
                          MUTED, valign="bottom")
            return
        if self.view == "steps" and app.table.shown():
            self.steps_view.draw(s, app.table, _steps_area(), _steps_header())
            return
        if self.character is not None or self.neutral:
            name_ = _("Neutral coin") if self.neutral else character(self.character or "")
            village_ = self.picture_village(state)
            if village_ is not None and self.on_picture:
                if len(self.picture_villages()) == 1:
                    draw_text(s, name_, pygame.Rect(RIGHT_X, TOP + 2, RIGHT_W, 40), BODY, INK,
                              wrap=False, valign="middle")
                draw_village(s, state, village_, _picture_area(),
                             quarters=self.character == "night_watchman",
                             highlight=self._picture_cells(village_))
                return
            draw_text(s, _("{name}: choose what to do").format(name=name_),
                      pygame.Rect(RIGHT_X, TOP + 2, RIGHT_W, 34), BODY, INK, wrap=False)
            if not self.listed():
                draw_text(s, _("Nothing is possible with it now."),
                          pygame.Rect(RIGHT_X, TOP + 60, RIGHT_W, 60), BODY)
            return
        hint = _("What is done this turn:") if o.chosen or o.can_end_turn else _(
            "Which character?")
        draw_text(s, hint, pygame.Rect(RIGHT_X, TOP + 2, RIGHT_W, 38), BODY, INK, wrap=False,
                  valign="middle")

    def _picture_cells(self, village_: str) -> set[Any]:
        return {o.action.cell for o in self.listed() if o.affordable
                and hasattr(o.action, "cell")
                and (getattr(o.action, "village", None) or o.action.player) == village_}


def _steps_header() -> pygame.Rect:
    return pygame.Rect(RIGHT_X, TOP + 2, RIGHT_W, 48)


def _steps_area() -> pygame.Rect:
    return pygame.Rect(RIGHT_X, TOP + 54, RIGHT_W, 412 - TOP - 58)


def _picture_area() -> pygame.Rect:
    return pygame.Rect(RIGHT_X, TOP + 88, RIGHT_W, 412 - TOP - 92)


def i18n_village_short(state: GameState, v: str) -> str:
    return _("Neutral") if state.villages[v].neutral else name(v)


def _grid_area() -> pygame.Rect:
    return pygame.Rect(RIGHT_X, TOP + 62, RIGHT_W, 480 - TOP - 70)
