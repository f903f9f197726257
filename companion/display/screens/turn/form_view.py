"""One option being put together on the turn screen: its form (each field with its default,
"Do it" in its place), and the picker of one field (a cell on the village picture, the goods
read off a tile, or a list of choices)."""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from ....engine import Action, GameState, TileCost, why_not
from ....engine.catalogue import make_cost
from ....engine.do_it import needs_choose
from ...contract import AppView, game_state
from ...kit.forms import CELL, GOODS, Field, Form, with_cost
from ...kit.widgets import (
    BODY,
    INK,
    LED_BAND_TOP,
    MUTED,
    W,
    Widget,
    button,
    draw_text,
    drawn_height,
)
from ...pictures.default_mark import building_texts, mark_default
from ...pictures.village_view import cell_rects, draw_village
from ...words.coin_words import coins_paid, how_many_line, tile_line
from ...words.i18n import _
from ...words.i18n import cost as cost_words
from ..parts import LEFT_W, RIGHT_W, RIGHT_X, TOP, value_key
from .cost_form import CostForm
from .do_it import ABOVE_ROW, BACK_RECT, LEFT_RECT, LIST_TOP, Flow, Mode, do_buttons, refusal
from .option_rows import pages_of, rows_height

LIST_ROOM = ABOVE_ROW - LIST_TOP
WORDS_END = LED_BAND_TOP - 2
"""Where the left side's words end when no field is put on the left: above the LED strip."""


class FormView(Mode):
    """The action whole on the left; its fields on the right, each showing its value; "Do it"
    (or, on the turn's first action, how many coins) in its place. The seat button confirms."""

    whole_left = True
    left_top = WORDS_END
    """Where fields put on the left (those the right has no room for) begin."""

    def __init__(self, form: Form) -> None:
        self.form = form
        assert form.option is not None
        self.option = form.option
        self.shows = form.option.character if form.option.via != "neutral" else "neutral"

    def made(self) -> Action | None:
        """The action the form makes as it stands, if it makes one."""
        try:
            return self.form.action()
        except (ValueError, KeyError):
            return None

    def widgets(self, turn: Flow, app: AppView) -> list[Widget]:
        out = []
        # The cost is no choice here: read off the tile just before, or known (the costs
        # screen corrects it); the action's words on the left say it.
        fields = [f for f in self.form.fields if f.kind != GOODS]
        labels = [[f.prompt + ":", value_label(f)] for f in fields]

        def longest(f: Field, width: int) -> int:
            """A field as tall as its longest choice: choosing never moves the others."""
            values = [c.label for c in f.choices] or [value_label(f)]
            if f.kind == GOODS:
                values = ["x\nx"]  # a cost: up to two lines
            return max(rows_height([f.prompt + ":", v], width) for v in values)

        room = 408 - (TOP + 60)

        def arrange(tallest: Any) -> tuple[bool, int, list[int], list[int], list[int]]:
            """One column if all fit, else two; what does not fit on the right goes to the
            left, under the action's words (nothing below the bottom row)."""
            heights = [tallest(f, RIGHT_W - 16) for f in fields]
            two = sum(h + 4 for h in heights) > room
            w = (RIGHT_W - 8) // 2 if two else RIGHT_W
            right, left = list(range(len(fields))), list[int]()
            if two:
                heights = [tallest(f, w - 16) for f in fields]

                def used(n: int) -> int:
                    return sum(max(heights[i:i + 2]) + 4 for i in range(0, n, 2))

                while len(right) > 1 and used(len(right)) > room:
                    left.insert(0, right.pop())
            return two, w, heights, right, left

        def actual(f: Field, width: int) -> int:
            return rows_height([f.prompt + ":", value_label(f)], width)

        # As tall as the longest choice: none grows as its value changes (issue 32: a field of
        # a long chain grew 26 px and moved those below it when another chain was chosen). A
        # field the right has no room for goes to the left, under the action's words; only
        # when those would then not fit are the fields as tall as the values shown.
        tallest = longest
        two, w, heights, right, left = arrange(longest)
        if left and not self.words_fit(app, sum(longest(fields[i], LEFT_W - 24) + 4
                                                for i in left)):
            tallest = actual
            two, w, heights, right, left = arrange(actual)
        y = TOP + 60
        bottom = y
        for i in right:
            f = fields[i]
            col = i % 2 if two else 0
            h = max(heights[i - col:i - col + 2]) if two else heights[i]
            out.append(self._field(turn, f, labels[i],
                                   pygame.Rect(RIGHT_X + col * (w + 8), y, w, h)))
            bottom = max(bottom, y + h)
            if col == 1 or not two:
                y += h + 4
        tall = {i: tallest(fields[i], LEFT_W - 24) for i in left}
        y = 406 - sum(h + 4 for h in tall.values())
        self.left_top = y if left else WORDS_END
        for i in left:  # in the form's order, ending above the bottom row
            y += 4
            out.append(self._field(turn, fields[i], labels[i],
                                   pygame.Rect(8, y, LEFT_W - 8, tall[i])))
            y += tall[i]
        # the counts' heading where the fields leave it room (they keep their places)
        out += do_buttons(app, turn.options, self.option, self.made(), self.why(),
                          head=bottom <= ABOVE_ROW)
        out.append(button("back_form", BACK_RECT, _("Back"), turn.back))
        return out

    def words_fit(self, app: AppView, fields_h: int) -> bool:
        """Whether the action's words fit on the left above fields ``fields_h`` tall."""
        lines = [self.form.title]
        if self.option.via == "tile":
            state = game_state(app)
            lines.insert(0, tile_line(self.option, coins_paid(state, self.option, self.made(),
                                                              None)))
        return drawn_height("\n".join(lines), LEFT_W - 8) <= 406 - fields_h - (TOP + 2)

    def _field(self, turn: Flow, f: Field, lines: list[str], rect: pygame.Rect) -> Widget:
        return Widget(f"field:{f.name}", rect, on_tap=lambda: self.change(turn, f),
                      lines=lines, value=f, enabled=f.why_not() is None, why_not=f.why_not())

    def change(self, turn: Flow, f: Field) -> None:
        """A field of two choices (a man or a woman, one of two ways to pay) turns to the
        other at a tap; any other shows its choices."""
        if toggles(f):
            other = next(c.value for c in f.choices if c.value != f.value)
            self.form.set(f.name, other)
        else:
            turn.to_field(f.name)

    def why(self) -> str | None:
        try:
            self.form.action()
        except (ValueError, KeyError) as exc:
            return str(exc)
        return None

    def confirm(self, turn: Flow, app: AppView) -> bool:
        """The seat button does what "Do it" does (one coin on the turn's first action)."""
        do = next((w for w in app.widgets if w.id == "do" or w.id.startswith("do:")), None)
        if do is None or not do.enabled or do.on_tap is None:
            return False
        do.on_tap()
        return True

    def draw(self, turn: Flow, app: AppView, s: pygame.Surface) -> None:
        draw_text(s, _("Check, then do it:"), pygame.Rect(RIGHT_X, TOP + 4, W - 136 - RIGHT_X,
                                                          54),
                  BODY, MUTED, valign="middle")

    def status(self, turn: Flow, app: AppView) -> list[str]:
        lines = [self.form.title]
        state, made = game_state(app), self.made()
        if self.option.via == "tile":
            lines.insert(0, tile_line(self.option, coins_paid(state, self.option, made, None)))
        if needs_choose(turn.options, self.option) and self.left_top == WORDS_END:  # room for it
            paid = coins_paid(state, self.option, made, 1)
            lines.append(how_many_line(max((paid or 1) - 1, 0)))
        return lines


class FieldView(Mode):
    """One field of a form being changed: a cell on the village picture, the goods read off a
    tile (the whole width), or a list of choices; back to the form when chosen."""

    whole_left = True

    def __init__(self, form_view: FormView, name: str) -> None:
        self.form_view = form_view
        self.form = form_view.form
        self.name = name
        self.field = self.form.field(name)
        self.shows = form_view.shows
        self.page = 0
        self.cost: dict[str, int] = dict(self.field.value or {}) if name == "cost" else {}
        self.cost_form: CostForm | None = None
        """The goods read off the tile: the one cost form, as for a tile on offer."""

    def _cost_form(self, state: GameState) -> CostForm:
        if self.cost_form is None:
            build: Any = self.form_view.option.action
            self.cost_form = CostForm(state.catalogue, build.building, self.cost)
            self.cost = self.cost_form.cost  # one dict: what the form shows is what is done
        return self.cost_form

    def widgets(self, turn: Flow, app: AppView) -> list[Widget]:
        state = game_state(app)
        f = self.field
        out: list[Widget] = []
        if f.kind == CELL:
            assert f.village is not None
            rects = cell_rects(state, f.village, grid_area())
            for c in f.choices:
                out.append(Widget(f"cell:{value_key(c.value)}", rects[c.value],
                                  on_tap=partial(self.set, turn, c.value),
                                  style="invisible", value=c.value))
            out.append(button("back_field", (W - 128, TOP + 4, 120, 54), _("Back"),
                              turn.back))
            return out
        if f.kind == GOODS:
            return self._cost_form(state).widgets(lambda: self.cost_done(turn, app, state),
                                                  turn.back, _("Done"))
        labels = [[c.label] for c in f.choices]
        # Every row as tall as the field's tallest, and never less than two lines: a row
        # stays where it was from one field's list to the next (issue 32: rows of one line
        # and of two moved each other by a pixel).
        h = max([rows_height(["x\nx"], RIGHT_W - 16),
                 *(rows_height(lines, RIGHT_W - 16) for lines in labels)])
        pages = pages_of([h] * len(labels), LIST_ROOM)
        self.page = min(self.page, len(pages) - 1)
        y = LIST_TOP
        for n in pages[self.page]:
            c = f.choices[n]
            out.append(Widget(f"choice:{c.key}", pygame.Rect(RIGHT_X, y, RIGHT_W, h),
                              on_tap=partial(self.set, turn, c.value),
                              selected=c.value == f.value, lines=labels[n], value=c.value))
            y += h + 4
        right = RIGHT_X + RIGHT_W
        if len(pages) > 1:
            out.append(button("choices:prev", (right - 116, TOP + 2, 56, 48), "<",
                              lambda: setattr(self, "page", self.page - 1),
                              enabled=self.page > 0))
            out.append(button("choices:next", (right - 56, TOP + 2, 56, 48), ">",
                              lambda: setattr(self, "page", self.page + 1),
                              enabled=self.page < len(pages) - 1))
        out.append(button("back_field", LEFT_RECT, _("Back"), turn.back))
        return out

    def set(self, turn: Flow, value: Any) -> None:
        self.form.set(self.name, value)
        turn.back()

    def cost_done(self, turn: Flow, app: AppView, state: GameState) -> None:
        view = self.form_view
        view.form = with_cost(state, self.form, self.cost)
        turn.back()
        turn.to_place(view)  # then where it goes, if it goes somewhere
        build: Any = view.option.action
        if (view.made() is None or view.why() is not None or _refused(turn, app, view)) \
                and state.active is not None and why_not(state, TileCost(
                    state.active, build.building, make_cost(self.cost))) is None:
            # Way on: a cost that cannot be paid is still the tile's cost. Recorded, it
            # prices the options again, instead of leaving a "Do it" that can never be
            # tapped.
            app.apply(TileCost(state.active, build.building, make_cost(self.cost)))

    def draw(self, turn: Flow, app: AppView, s: pygame.Surface) -> None:
        state = game_state(app)
        f = self.field
        if f.kind == GOODS:
            return
        paged = any(w.id == "choices:next" for w in app.widgets)
        draw_text(s, f.prompt, pygame.Rect(RIGHT_X, TOP + 4, RIGHT_W - (
            136 if f.kind == CELL else 124 if paged else 0), 48), BODY, INK, valign="middle")
        if f.kind == CELL:
            assert f.village is not None
            draw_village(s, state, f.village, grid_area(),
                         highlight={c.value for c in f.choices})

    def draw_full(self, app: AppView, s: pygame.Surface) -> bool:
        """The goods read off a tile: the one cost form on the right, the action left."""
        if self.field.kind != GOODS:
            return False
        draw_text(s, self.form.title, pygame.Rect(8, TOP + 6, LEFT_W - 8, 400), BODY, INK)
        self._cost_form(game_state(app)).draw(s)
        return True


class PlaceView(Mode):
    """Where a new building goes, first: the village picture with its free cells, the
    default framed; a tap moves it there, "Do it" builds; the rest of the form (payment, who
    moves in) one tap away."""

    whole_left = True

    def __init__(self, form_view: FormView, name: str) -> None:
        self.form_view = form_view
        self.form = form_view.form
        self.name = name
        self.shows = form_view.shows

    def field(self) -> Field:
        return self.form_view.form.field(self.name)

    def widgets(self, turn: Flow, app: AppView) -> list[Widget]:
        f = self.field()
        assert f.village is not None
        view = self.form_view
        rects = cell_rects(game_state(app), f.village, place_area())
        out: list[Widget] = []
        for c in f.choices:
            out.append(Widget(f"cell:{value_key(c.value)}", rects[c.value],
                              on_tap=partial(view.form.set, self.name, c.value),
                              style="invisible", value=c.value, selected=c.value == f.value))
        corner = pygame.Rect(8, 412, LEFT_W - 8, 60)  # bottom left, under the action's words
        out.append(button("back_form", (8, 346, LEFT_W - 8, 60), _("Back"), turn.back))
        others = [g for g in view.form.fields if g.name != self.name]
        if len(others) == 1 and toggles(others[0]):  # who moves in: turned here at a tap
            g = others[0]
            corner.height = max(rows_height([g.prompt + ":", value_label(g)], LEFT_W - 24), 60)
            corner.bottom = LED_BAND_TOP
            out.append(Widget(f"field:{g.name}", corner, on_tap=lambda: view.change(turn, g),
                              value=g, lines=[g.prompt + ":", value_label(g)]))
        elif others:
            out.append(button("details", (corner.x, corner.y, corner.w, corner.h),
                              _("Check, then do it:").rstrip(":").rstrip(), turn.to_details))
        out += do_buttons(app, turn.options, view.option, view.made(), view.why())
        return out

    def confirm(self, turn: Flow, app: AppView) -> bool:
        return self.form_view.confirm(turn, app)

    def draw(self, turn: Flow, app: AppView, s: pygame.Surface) -> None:
        f = self.field()
        assert f.village is not None
        area = place_area()
        draw_village(s, game_state(app), f.village, area, highlight={c.value for c in f.choices})
        r = cell_rects(game_state(app), f.village, area).get(f.value)
        if r is not None:  # where "Do it" builds: a thick frame and a tick badge
            mark_default(s, r, texts=building_texts(game_state(app), f.village, area))

    def status(self, turn: Flow, app: AppView) -> list[str]:
        return [self.form.title, self.field().prompt]


def place_area() -> pygame.Rect:
    """The picture of where a building goes: the whole right side above "Do it" (the prompt
    is on the left, with the action)."""
    return pygame.Rect(RIGHT_X, TOP + 4, RIGHT_W, 406 - TOP - 4)


def _refused(turn: Flow, app: AppView, view: FormView) -> bool:
    action = view.made()
    assert action is not None
    return refusal(game_state(app), turn.options, view.option, action, 1) is not None


def toggles(f: Field) -> bool:
    """A field of two choices: a tap turns it to the other."""
    return f.kind not in (CELL, GOODS) and len(f.choices) == 2


def value_label(f: Field) -> str:
    if f.kind == GOODS:
        return cost_words(sorted((f.value or {}).items())) if f.value else "–"  # noqa: RUF001
    return f.label()


def grid_area() -> pygame.Rect:
    return pygame.Rect(RIGHT_X, TOP + 62, RIGHT_W, 480 - TOP - 70)
