"""A character's options (or the neutral coin's) on the turn screen: a list ordered by what
each brings, the likeliest preselected so that "Do it" does it at once; or, for a character
that picks a place (a quarter to wake, a couple, a spouse), the village picture to tap."""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any

import pygame

from ....engine import Action, Build, Deliver, GameState, Option, TurnOptions
from ....engine.do_it import more_options
from ....engine.values import Character, Via
from ...contract import AppView, Order, engine_order, game_state
from ...kit.forms import option_form
from ...kit.widgets import ACCENT, BODY, INK, Widget, button, draw_text, drawn_height
from ...pictures.default_mark import building_texts, mark_default
from ...pictures.village_view import (
    cell_rects,
    draw_village,
    frame_quarter,
    mini_village,
    quarter_cells,
    quarter_rects,
    tile_icon,
)
from ...words.i18n import _, character, name
from ...words.quarter_words import wake_prompt
from ..parts import LEFT_W, RIGHT_W, RIGHT_X, TOP, panel_bottom, value_key
from .choice_toggle import ChoiceToggle, choice_toggle
from .do_it import ABOVE_ROW, BACK_RECT, LIST_TOP, Flow, Mode, do_buttons, refusal
from .option_rows import (
    option_lines,
    option_why_not,
    pages_of,
    rows_height,
    short_lines,
    two_columns,
)
from .reasons import refusals
from .village_tabs import village_tab

PICTURED = ("night_watchman", "priest", "midwife")
"""The characters whose options are places on a village picture."""
GROUPS = ("build", "marry")
"""The neutral coin's two kinds of options (§6.3), each under its own tab: a building into
the neutral village (free, with a neutral villager), a neutral villager married into the
player's own village."""
GROUP_TOP = TOP + 92
"""Where the neutral coin's options begin: below its tabs and the line of the tab shown (four
rows of three buildings fit)."""


class OptionsView(Mode):
    """The options of one character (None: the neutral coin), best first, the first that can
    be done as it stands preselected for "Do it"; a tap on one opens its form."""

    def __init__(self, state: GameState, options: TurnOptions, character_: Character | None,
                 only: list[Option] | None = None, hinted: tuple[Action, ...] = (),
                 order: Order | None = None) -> None:
        self.character = character_
        self.shows = character_ or "neutral"
        if character_ is None:
            raw = list(options.neutral)
        else:
            regular = options.regular.get(character_, ())
            if character_ == options.chosen and options.actions_left == 0:
                regular = more_options(state, options)  # one more coin: one more action
            raw = list(regular) + list(options.tiles.get(character_, ()))
        self.listed = (order or engine_order)(state, raw)
        self.group: str | None = None
        """The neutral coin's options shown: "build" or "marry" (None: a character's)."""
        if character_ is None and self.listed:
            wanted = [o for o in self.listed for h in hinted if follows(o, h) is not None]
            self.group = group_of((wanted or self.listed)[0])
        self.only = only
        """The ways at one place tapped on the picture, when there are several."""
        self.page = 0
        self.paged = False
        """Whether the list was opened at the preselected option's page (once: then paged)."""
        self.on_picture = only is None
        self.village: str | None = None
        self.hinted = hinted
        """The hint's plan, if the player asked for one: its option is preselected."""
        self.preset: tuple[Option, Action] | None = None
        self.toggle: ChoiceToggle | None = None
        """The choice "Do it" makes for the preselected option (a child's sex, a dowry
        coin), beside it: one tap turns it."""
        self.set_preset(state, preset(state, options, self.presettable(), hinted))

    def presettable(self) -> list[Option]:
        """The options "Do it" may do as they stand: not a neutral build, whose place and
        villager the table sees on its picture first (play-test 2026-11-28, finding 5)."""
        return [o for o in self.shown() if o.action.type != "neutral_build"]

    def to_group(self, state: GameState, options: TurnOptions, group: str) -> None:
        """The neutral coin's other tab: its options, the first page."""
        self.group, self.page, self.paged = group, 0, False
        self.set_preset(state, preset(state, options, self.presettable(), self.hinted))

    def set_preset(self, state: GameState, chosen: tuple[Option, Action] | None) -> None:
        self.preset = chosen
        self.toggle = None if chosen is None else choice_toggle(state, *chosen)

    def turn_choice(self) -> None:
        """The preselected option's choice turned to the next: "Do it" does that now."""
        assert self.preset is not None and self.toggle is not None
        self.preset = (self.preset[0], self.toggle.turn())

    def shown(self) -> list[Option]:
        return [o for o in self.listed if (self.only is None or o in self.only)
                and (self.group is None or group_of(o) == self.group)]

    def groups(self) -> list[str]:
        """The neutral coin's tabs: its kinds of options there are."""
        return [g for g in GROUPS if any(group_of(o) == g for o in self.listed)]

    # --- the picture -----------------------------------------------------------------------

    def picture_villages(self) -> list[str]:
        if self.character not in PICTURED:
            return []
        out: list[str] = []
        for o in self.listed:
            v = _village(o.action)
            if (o.affordable or o.needs_cost) and v not in out:
                out.append(v)
        return out

    def picture_village(self) -> str | None:
        """The village shown to pick on: the chosen one, else the first with an option."""
        villages = self.picture_villages()
        if not villages:
            return None
        if self.village not in villages and self.preset is not None:
            self.village = _village(self.preset[0].action)
        return self.village if self.village in villages else villages[0]

    def on_the_picture(self) -> bool:
        return self.on_picture and self.picture_village() is not None

    # --- widgets -----------------------------------------------------------------------------

    def widgets(self, turn: Flow, app: AppView) -> list[Widget]:
        out = self._picture(turn, app) if self.on_the_picture() else self._list(turn, app)
        framed = self.preset is not None and self.framed(out)
        out.append(button("back_list", BACK_RECT, _("Back"), turn.to_characters))
        corner = (8, 412, LEFT_W - 8, 60)  # bottom left, under the player's words
        if self.on_the_picture():
            out.append(button("list", corner, _("As a list"), self._to_list))
        elif self.picture_village() is not None:
            out.append(button("picture", corner, _("Picture"), self._to_picture))
        if self.toggle is not None and framed:  # what "Do it" chooses, right above it
            top = self.bottom(app, turn) + 4
            out.append(self.toggle.widget(pygame.Rect(RIGHT_X, top, RIGHT_W,
                                                      self.toggle.height(RIGHT_W)),
                                          self.turn_choice))
        if self.preset is not None and framed:  # the other coin counts: beside "Do it"
            out += do_buttons(app, turn.options, self.preset[0], self.preset[1])
        elif self.preset is not None:  # framed on another page or village: not done unseen
            out += do_buttons(app, turn.options, self.preset[0], None,
                              _("Choose what to do first."), others=False)
        elif self.shown() and self.group == "build":  # where and who: seen first
            out += do_buttons(app, turn.options, self.shown()[0], None, _(
                "Tap a building first: where it goes and who moves in are shown before it "
                "is built."), others=False)
        elif self.shown():
            first = self.shown()[0]
            out += do_buttons(app, turn.options, first, None, _(
                "Tap the option to do: it cannot be done as it stands."), others=False)
        return out

    def tabs(self, app: AppView, turn: Flow) -> list[Widget]:
        """The neutral coin's two kinds of options, each a tap away (left of Back)."""
        groups = self.groups()
        if len(groups) < 2:
            return []
        w = (BACK_RECT[0] - 4 - RIGHT_X) // len(groups)
        words = {"build": _("Build for the neutral village"),
                 "marry": _("Marry a neutral villager")}
        return [button(f"group:{g}", (RIGHT_X + i * w, TOP + 2, w - 4, 56), words[g],
                       partial(self.to_group, game_state(app), turn.options, g),
                       selected=g == self.group, value=g) for i, g in enumerate(groups)]

    def _to_picture(self) -> None:
        self.on_picture, self.only = True, None

    def _to_list(self) -> None:
        self.on_picture, self.paged = False, False

    def framed(self, shown: list[Widget]) -> bool:
        """Whether the preselected option is framed among the widgets shown: "Do it" does
        only what the screen shows."""
        assert self.preset is not None
        if not self.on_the_picture():
            return any(w.selected and w.value is self.preset[0] for w in shown)
        a: Any = self.preset[0].action
        if _village(a) != self.picture_village():
            return False
        place = a.quarter if self.character == "night_watchman" else a.cell
        return any(w.value is not None and (w.value.action.quarter if self.character
                                            == "night_watchman" else w.value.action.cell)
                   == place for w in shown if w.id.startswith(("quarter:", "cell:")))

    def bottom(self, app: AppView, turn: Flow) -> int:
        """Where the list or the picture ends: above the bottom row (and above the choice
        "Do it" makes, when it makes one)."""
        # the counts' heading kept free (the neutral coin's list has no counts)
        row = ABOVE_ROW if self.character is not None else 408
        if self.toggle is not None:
            return row - self.toggle.height(RIGHT_W) - 4
        return row

    def _list(self, turn: Flow, app: AppView) -> list[Widget]:
        shown = self.shown()
        # builds two a row (the neutral coin's, its name alone, three), the others whole
        per_row = 3 if self.group == "build" else 2
        half = (RIGHT_W - 8 * (per_row - 1)) // per_row
        paired = [two_columns([o]) for o in shown]
        labels = [short_lines(game_state(app).catalogue, o) if two else option_lines(o)
                  for o, two in zip(shown, paired, strict=True)]
        rows: list[list[int]] = []
        for i, two in enumerate(paired):
            if two and rows and len(rows[-1]) < per_row and paired[rows[-1][0]]:
                rows[-1].append(i)
            else:
                rows.append([i])
        pictured = [two and o.via is Via.TILE for o, two in zip(shown, paired, strict=True)]
        heights = [max(rows_height(labels[i], (half if paired[i] else RIGHT_W) - 16
                                   - (40 if pictured[i] else 0))  # the tile's picture
                       for i in row) for row in rows]
        top = LIST_TOP if self.group is None else GROUP_TOP
        room = self.bottom(app, turn) - top
        pages = pages_of(heights, room)
        chosen = self.preset[0] if self.preset else None
        if not self.paged:  # opened at the page of the preselected option: it is seen ...
            self.paged = True
            seen = chosen
            if shown and shown[0].needs_cost:  # ... unless the likeliest is a new building
                seen = shown[0]  # whose cost is read off its tile first: it is seen first
            self.page = next((p for p, page in enumerate(pages) for r in page
                              if any(shown[i] is seen for i in rows[r])), 0)
        self.page = min(self.page, len(pages) - 1)
        out = self.tabs(app, turn)
        y = top
        for r in pages[self.page]:
            for col, i in enumerate(rows[r]):
                o = shown[i]
                n = self.listed.index(o)
                width = half if paired[i] else RIGHT_W
                out.append(Widget(f"option:{n}",
                                  pygame.Rect(RIGHT_X + col * (half + 8), y, width, heights[r]),
                                  on_tap=partial(turn.to_form, app, o),
                                  enabled=o.affordable or o.needs_cost, lines=labels[i],
                                  selected=o is chosen, value=o, why_not=option_why_not(o),
                                  icon=partial(_tile_picture, o.character)
                                  if pictured[i] else None))
            y += heights[r] + 4
        right = BACK_RECT[0] - 8
        prev, next_ = (right - 116, TOP + 2, 56, 48), (right - 56, TOP + 2, 56, 48)
        if self.group is not None:  # the tabs above: bottom left, under the player's words
            half_corner = (LEFT_W - 12) // 2
            prev, next_ = (8, 412, half_corner, 60), (12 + half_corner, 412, half_corner, 60)
        if len(pages) > 1:
            out.append(button("page:prev", prev, "<",
                              lambda: setattr(self, "page", self.page - 1),
                              enabled=self.page > 0))
            more = self.page < len(pages) - 1
            out.append(button("page:next", next_, ">",
                              lambda: setattr(self, "page", self.page + 1), enabled=more))
        return out

    def _picture(self, turn: Flow, app: AppView) -> list[Widget]:
        state = game_state(app)
        village_ = self.picture_village()
        assert village_ is not None
        out: list[Widget] = []
        villages = self.picture_villages()
        if len(villages) > 1:  # the villages' tabs, left of Back
            w = (BACK_RECT[0] - 4 - RIGHT_X) // len(villages)
            for i, v in enumerate(villages):
                out.append(village_tab(f"village:{v}", (RIGHT_X + i * w, TOP + 4, w - 4, 54),
                                       v, village_short(state, v),
                                       partial(setattr, self, "village", v), v == village_))
        area = self.picture_area(app, turn)
        listed = self.listed
        if self.character == "night_watchman":
            rects: dict[Any, pygame.Rect] = quarter_rects(state, village_, area)
            for q, r in rects.items():
                found = [o for o in listed if o.affordable and _village(o.action) == village_
                         and getattr(o.action, "quarter", None) == q]
                if found:  # by a coin or with the tile: both ways offered when both exist
                    out.append(Widget(f"quarter:{village_}:{q}", r,
                                      on_tap=partial(self._pick, turn, app, found),
                                      style="invisible", value=found[0]))
            out += refusals(state, rects, {w.value.action.quarter for w in out if w.value},
                            listed[0].action if listed else None, "quarter", village_)
        else:
            rects = cell_rects(state, village_, area)
            by_cell: dict[Any, list[Option]] = {}
            for o in listed:
                a: Any = o.action
                if _village(a) == village_ and o.affordable and a.cell in rects:
                    by_cell.setdefault(a.cell, []).append(o)
            for cell, found in by_cell.items():
                out.append(Widget(f"cell:{value_key(cell)}", rects[cell],
                                  on_tap=partial(self._pick, turn, app, found),
                                  style="invisible", value=found[0]))
            out += refusals(state, rects, set(by_cell), listed[0].action if listed else None,
                            "cell", village_)
        return out

    def _pick(self, turn: Flow, app: AppView, found: list[Option]) -> None:
        if len(found) == 1:
            turn.to_form(app, found[0])
        else:  # several ways there (a man or a woman, centre or school, a coin or the tile)
            self.only = found
            self.on_picture = False
            self.page, self.paged = 0, False
            self.set_preset(game_state(app), preset(game_state(app), turn.options,
                                                    self.shown(), self.hinted))

    def picture_area(self, app: AppView, turn: Flow) -> pygame.Rect:
        return pygame.Rect(RIGHT_X, TOP + 64, RIGHT_W, self.bottom(app, turn) - TOP - 68)

    # --- drawing ---------------------------------------------------------------------------

    def title(self) -> str:
        return _("Neutral coin") if self.character is None else character(self.character)

    def draw(self, turn: Flow, app: AppView, s: pygame.Surface) -> None:
        state = game_state(app)
        village_ = self.picture_village()
        if village_ is not None and self.on_picture:
            if len(self.picture_villages()) == 1:
                draw_text(s, self.title(), pygame.Rect(RIGHT_X, TOP + 2, BACK_RECT[0] - 8
                                                       - RIGHT_X, 40), BODY,
                          INK, wrap=False, valign="middle")
            area = self.picture_area(app, turn)
            draw_village(s, state, village_, area,
                         quarters=self.character == "night_watchman",
                         highlight=self._cells(village_))
            if self.preset is not None and _village(self.preset[0].action) == village_:
                a: Any = self.preset[0].action
                rects = (quarter_rects(state, village_, area)
                         if self.character == "night_watchman"
                         else cell_rects(state, village_, area))
                r = rects.get(a.quarter if self.character == "night_watchman" else a.cell)
                if r is not None and self.character == "night_watchman":  # its cells framed
                    frame_quarter(s, state, village_, area, a.quarter, ACCENT)
                    cells = quarter_cells(state, village_, area, a.quarter)
                    if cells:  # the badge on the quarter's top right cell
                        top = min(c.top for c in cells.values())
                        mark_default(s, max((c for c in cells.values() if c.top == top),
                                            key=lambda c: c.right), frame=False,
                                     texts=building_texts(state, village_, area))
                elif r is not None:  # what "Do it" does: a thick frame and a tick badge
                    mark_default(s, r, texts=building_texts(state, village_, area))
            return
        paged = any(w.id == "page:next" for w in app.widgets)
        if self.group is not None:  # what the tab's options do, under the tabs
            if len(self.groups()) < 2:
                draw_text(s, self.title(), pygame.Rect(RIGHT_X, TOP + 2, BACK_RECT[0] - 8
                                                       - RIGHT_X, 56), BODY, INK,
                          valign="middle")
            draw_text(s, group_words(self.group), pygame.Rect(RIGHT_X, TOP + 58, RIGHT_W, 32),
                      BODY, INK, wrap=False, valign="middle")
            return
        draw_text(s, _("{name}: choose what to do").format(name=self.title()),
                  pygame.Rect(RIGHT_X, TOP + 2, BACK_RECT[0] - 8 - RIGHT_X - (
                      124 if paged else 0), 54), BODY, INK, valign="middle")
        if not self.listed:
            draw_text(s, _("Nothing is possible with it now."),
                      pygame.Rect(RIGHT_X, TOP + 60, RIGHT_W, 60), BODY)

    def corner(self, app: AppView) -> pygame.Rect | None:
        """Where the preselected build goes, bottom left beside "Do it"'s coins: seen
        without paging through the steps (issue 32); not when a button takes the corner."""
        a: Any = self.preset[1] if self.preset is not None else None
        if not isinstance(a, Build) or any(w.id in ("picture", "list", "page:prev")
                                           for w in app.widgets):
            return None
        return pygame.Rect(8, 410, LEFT_W - 8, 64)

    def draw_corner(self, app: AppView, s: pygame.Surface) -> None:
        corner = self.corner(app)
        a: Any = self.preset[1] if self.preset is not None else None
        if corner is None or not isinstance(a, Build):
            return
        draw_text(s, _("Built here:"), pygame.Rect(corner.left, corner.top + 2, 128, 60), BODY,
                  INK, valign="middle")
        mini_village(s, game_state(app), a.player, self.square_rect(corner), a.cell)

    @staticmethod
    def square_rect(corner: pygame.Rect) -> pygame.Rect:
        """The mini-map's own rectangle in the corner, right of its words."""
        return pygame.Rect(140, corner.top, corner.right - 140, corner.height)

    def _cells(self, village_: str) -> set[Any]:
        return {o.action.cell for o in self.listed if o.affordable
                and hasattr(o.action, "cell") and _village(o.action) == village_}

    def status(self, turn: Flow, app: AppView) -> list[str]:
        if not self.on_the_picture():
            if self.group == "build" and self.shown():
                return [_("Tap a building: where it goes and who moves in come next.")]
            if any(o.needs_cost for o in self.shown()) and two_columns(self.shown()):
                return [_("No cost known yet: tap it and enter the goods on its tile.")]
            return []
        if self.character == "night_watchman":  # and which one "Do it" wakes
            room = 408 - panel_bottom(game_state(app)) - 4  # above the corner's buttons
            return [wake_prompt(self.preset[0].action if self.preset else None,
                                self.picture_village(),
                                lambda w: drawn_height(w, LEFT_W - 8) <= room)]
        return [_("Tap the building.")]


def preset(state: GameState, options: TurnOptions, listed: list[Option],
           hinted: tuple[Action, ...] = ()) -> tuple[Option, Action] | None:
    """The option "Do it" does as it stands: the hinted one, if the player asked for a hint
    and it is listed here (``hinted``: the hint's plan); else the first (the likeliest) whose
    form, left as preselected, makes an action the engine accepts."""
    for h in hinted:
        for o in listed:
            wanted = follows(o, h)
            if wanted is not None and o.affordable and not o.needs_cost:
                action = _made(state, o) if wanted is o.action else wanted
                if action is not None and refusal(state, options, o, action, 1) is None:
                    return o, action
    for o in listed:
        if not o.affordable or o.needs_cost:
            continue
        action = _made(state, o)
        if action is not None and refusal(state, options, o, action, 1) is None:
            return o, action
    return None


def _made(state: GameState, o: Option) -> Action | None:
    """The action the option's form makes as preselected (None: it makes none yet)."""
    try:
        return option_form(state, o).action()
    except (ValueError, KeyError):
        return None


def follows(o: Option, h: Action) -> Action | None:
    """Whether the option is the hinted action ``h``: ``h`` itself when it differs at most in
    a choice made beside "Do it" (the child's sex, the dowry coin); the option's own action
    when it builds the same building or delivers the same good another way (the hint's cell
    and payment are details the form shows); else None."""
    a: Any = o.action
    if a.type != h.type or getattr(a, "tile", False) != getattr(h, "tile", False):
        return None
    if a == h or any(hasattr(h, n) and replace(a, **{n: getattr(h, n)}) == h
                     for n in ("sex", "dowry")):
        return h
    if isinstance(h, Build) and getattr(a, "building", None) == h.building:
        return o.action
    if isinstance(h, Deliver) and a.chain[-1].good == h.chain[-1].good:
        return o.action
    return None


def group_of(o: Option) -> str:
    """Which of the neutral coin's tabs the option is under."""
    return "marry" if o.action.type == "neutral_marry" else "build"


def group_words(group: str) -> str:
    """What the neutral coin's options of a tab do."""
    if group == "marry":
        return _("Into your village, from the neutral centre:")
    return _("Free, with a neutral villager on it:")


def _village(a: Any) -> Any:
    return getattr(a, "village", None) or getattr(a, "player", None)


def village_short(state: GameState, v: str) -> str:
    return _("Neutral") if state.villages[v].neutral else name(v)


def _tile_picture(character_: str, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A build done with a character tile, in half a row: the tile's picture says so."""
    tile_icon(surface, character_, rect)
