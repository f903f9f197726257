"""The round end: what moves on the table, the scores, the school's return and the new
buildings from the stacks (rules §10)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from functools import partial
from typing import Any, cast

import pygame

from ....engine import Reveal, SchoolReturn, legal_actions
from ....engine.round_end import reveal_counts
from ....engine.state import OVER, PLAY, REVEAL, SCHOOL, GameState
from ....engine.values import Colour, Sex
from ...contract import AppView, game_state, table_log
from ...kit.forms import setup_form
from ...kit.widgets import (
    ACCENT,
    BODY,
    INK,
    LED_BAND_TOP,
    W,
    Widget,
    button,
    draw_text,
    paragraph,
)
from ...pictures.village_view import cell_rects, draw_village
from ...words.i18n import _, building, colour, ngettext, say
from ...words.i18n import sex as sex_name
from ...words.table_log import READ
from ..menu.abandon import end_game_button
from ..parts import TOP, Screen, nav, nav_left, title_bar, value_key
from ..turn.costs_at_hand import CostsAtHand, unknown
from ..turn.virtual import virtual_seats
from .checklist import (
    ROUND_GROUPS,
    Checklist,
    Group,
    Item,
    first_open,
    go_on_lines,
    go_on_width,
    round_groups,
    table_items,
    widest_not_ticked,
)
from .reveal_grid import draw_stack, reveal_widgets
from .score_table import score_table

VIEW_W = 150
"""The one button that turns between the steps and the scores, first on every bar of the
round end (it says where it goes)."""
BACK_X = 8 + VIEW_W + 6
BACK_W = 96
"""The place kept for "Back" (the last building tapped taken back) on every bar of the round
end, there or not: "End the game here" never moves when it comes (issue 32)."""
ENDING_X = BACK_X + BACK_W + 6
"""Where "End the game here" begins: right of the tabs and of Back's place."""
GO_ON_W = 260
"""The way on at least (Enter the new buildings, On to round n): its place and End the
game's stay the same from the checklist to the new buildings and on."""


class RoundScreen(Screen):
    """After a round: what moved, the new scores; then the school's return (only when there is
    a real choice), the new buildings from the stacks, and on to the next round."""

    def __init__(self, state: GameState) -> None:
        self.picked: list[str] = []
        """The buildings tapped so far on the grid: the table's own list once shown."""
        self.picking = False
        self.page = 0
        self.form = setup_form(legal_actions(state)) if state.phase == SCHOOL else None
        self.view = "steps"
        """"steps" (what to do on the table), "scores", or "costs" (the new tiles')."""
        self.checklist = Checklist(rows=len(ROUND_GROUPS))
        """The round end's steps, grouped by what moves (§10)."""
        self.on_picture = True
        """The school's villagers: each placed by a tap on the village picture (else: the
        list of every way)."""
        self.placed: list[tuple[Sex, Any]] = []
        """(sex, cell or None for the centre) of the villagers placed so far."""
        self.costs: CostsAtHand | None = None
        """The new tiles' costs, entered while they are in hand ("costs": the first view
        after they are drawn, when any is not known yet)."""

    def bind(self, app: AppView) -> None:
        """The buildings tapped so far are the table's (``TableLog.drawn``): they outlive this
        screen (a look at the villages, a restart); any tapped: the grid is open."""
        self.picked = table_log(app).drawn
        if self.picked and game_state(app).phase == REVEAL:
            self.picking = True

    def layout(self, app: AppView) -> list[Widget]:
        self.bind(app)
        state = game_state(app)
        out = nav(app)
        if state.phase == SCHOOL and self.form is not None and self.on_picture:
            picture = self._school_picture(app)
            if picture is not None:
                return out + picture
        if state.phase == SCHOOL and self.form is not None:
            step = self.form.next_field()
            values = step[1] if step else []
            # Every answer reachable and whole: below the question (the scores come later),
            # up to three lines each; 6 a page in two columns, or 3 in one column when a
            # player has more than 3 villagers to place (their answers are long).
            columns = 1 if any(len(v) > 3 for v in values) else 2
            per_page = 3 * columns
            page = values[self.page * per_page:(self.page + 1) * per_page]
            width = (W - 16) // columns - 8 * (columns - 1)
            for i, v in enumerate(page):
                out.append(button(f"value:placements:{value_key(v)}",
                                  (8 + (i % columns) * (width + 8),
                                   TOP + 64 + (i // columns) * 92, width, 86),
                                  self.placement_label(state, v),
                                  partial(self.school, app, v), value=v))
            if self.page > 0:
                out.append(button("choices:prev", (8, 414, 190, 52), _("Previous"),
                                  lambda: setattr(self, "page", self.page - 1)))
            if (self.page + 1) * per_page < len(values):
                out.append(button("choices:next", (206, 414, 190, 52), _("More"),
                                  lambda: setattr(self, "page", self.page + 1)))
            out.append(button("picture", (W - 198, 414, 190, 52), _("Picture"),
                              lambda: setattr(self, "on_picture", True)))
        elif state.phase == REVEAL and not self.picking:
            # The table may stop here (§12): beside the way on, after the tabs.
            out += self._tabs(app)
            w = bar_width(state)
            out.append(end_game_button(app, "round:end_game", (ENDING_X, 410,
                                                               W - 8 - w - 8 - ENDING_X, 60)))
            out.append(button("reveal:start", (W - 8 - w, 410, w, 60),
                              _("Enter the new buildings"),
                              lambda: setattr(self, "picking", True), style="primary"))
        elif state.phase == REVEAL:  # a grid that never moves, naming the stack
            out += reveal_widgets(app, state, self.picked, TOP + 90)
        elif self.costs_shown(app) and self.costs is not None and self.costs.form is not None:
            out += self.costs.widgets(app)  # the cost form: its own buttons, nothing else
        else:  # the round end's checklist (or the costs of the new tiles) before going on
            drawn = just_drawn(app)
            if state.phase == OVER:
                label = _("To the final scores")
            elif end_undone(app):
                label = _("Back to round {n}").format(n=state.round)
            else:
                label = _("On to round {n}").format(n=state.round)
            lines = go_on_lines(label, len(table_log(app).left()))
            out += self._tabs(app)
            if self.costs_shown(app) and self.costs is not None:
                out += self.costs.widgets(app)
            if drawn is not None:  # the last building tapped finished the reveal: take it back
                out.append(button("reveal:back", (BACK_X, 410, BACK_W, 60), _("Back"),
                                  partial(back_to_the_grid, app, drawn)))
            elif drawn_now(app) is not None:  # a cost saved since: Back keeps its place
                out.append(button("reveal:back", (BACK_X, 410, BACK_W, 60), _("Back"),
                                  lambda: None, enabled=False, why_not=_(
                                      "A cost was saved since the last building was tapped: "
                                      "Undo takes the cost back first.")))
            # As wide as "Enter the new buildings" was: neither it nor "End the game here"
            # moves when the count of steps left changes.
            w = bar_width(state)
            if state.phase != OVER:  # the table may still stop here (§12)
                out.append(end_game_button(app, "round:end_game",
                                           (ENDING_X, 410, W - 8 - w - 8 - ENDING_X, 60)))
            out.append(button("continue", (W - 8 - w, 410, w, 60), label, self.go_on(app),
                              style="primary", lines=lines))
        return out

    def costs_shown(self, app: AppView) -> bool:
        """The costs of the new tiles are on the screen: just drawn, some not known yet, and
        the table has not turned to its steps or the scores."""
        if self.costs is None and self.view == "steps":
            drawn = drawn_now(app)
            if drawn and unknown(game_state(app), tuple(dict.fromkeys(drawn))):
                self.costs = CostsAtHand(tuple(dict.fromkeys(drawn)))
                self.view = "costs"
        return self.view == "costs" and self.costs is not None

    def _tabs(self, app: AppView) -> list[Widget]:
        """The way to the scores (or back to what moves on the table); and the table's steps
        when they are shown."""
        if self.view != "steps":  # the scores, or the new tiles' costs
            out = [button("round:steps", (8, 410, VIEW_W, 60), _("On the table"),
                          lambda: setattr(self, "view", "steps"))]
        else:
            out = [button("round:scores", (8, 410, VIEW_W, 60), _("Scores"),
                          lambda: setattr(self, "view", "scores"))]
        if self.view == "steps":
            entries = table_log(app).shown()
            groups = token_first(entries, round_groups(entries))
            out += self.checklist.widgets(round_items(app, entries, groups), groups,
                                          table_log(app), checklist_area(),
                                          first_open(table_log(app), groups))
        return out

    def go_on(self, app: AppView) -> Any:
        return partial(go_past, app)

    # --- the school's villagers, placed on the picture -------------------------------------------

    def _waiting(self, state: GameState) -> list[Sex]:
        """The sexes of the villagers still to place, men first."""
        left = Counter({s: n for s, n in state.school[state.queue[0]].items() if n})
        left -= Counter(s for s, _c in self.placed)
        return sorted(left.elements(), key=lambda s: s != "m")

    def _ways(self, state: GameState) -> list[Any]:
        """The school returns that agree with the villagers placed so far."""
        assert self.form is not None
        placed = Counter(self.placed)
        returns = cast(list[SchoolReturn], self.form.candidates)  # the school's own form
        return [a for a in returns
                if not placed - Counter((p.sex, p.cell) for p in a.placements)]

    def _open_cells(self, state: GameState, sex: Sex) -> set[Any]:
        """Where the next villager of ``sex`` may go (None: the centre), as the engine's
        school returns that agree with the villagers placed so far leave it (the centre
        takes any number)."""
        placed = Counter(self.placed)
        return {cell for a in self._ways(state)
                for (sx, cell) in Counter((p.sex, p.cell) for p in a.placements) - placed
                if sx == sex}

    def _school_picture(self, app: AppView) -> list[Widget] | None:
        state = game_state(app)
        who = state.queue[0]
        waiting = self._waiting(state)
        out: list[Widget] = []
        if waiting:
            sex = waiting[0]
            cells = self._open_cells(state, sex)
            if not cells:  # nothing left to tap on the picture: every way as a list
                self.placed.clear()
                self.on_picture = False
                return None
            rects = cell_rects(state, who, _school_area())
            for cell in sorted(c for c in cells if c is not None):
                out.append(Widget(f"school:{value_key(cell)}", rects[cell],
                                  on_tap=partial(self._place, app, sex, cell),
                                  style="invisible", value=cell))
            if None in cells:
                out.append(button("school:centre", (8, 262, 290, 60), _("Into the village centre"),
                                  lambda: self._place(app, sex, None)))
        out.append(button("school:clear", (8, 328, 290, 60), _("Start again"),
                          self.placed.clear, enabled=bool(self.placed)))
        out.append(button("choices:next", (8, 412, 290, 60), _("As a list"),
                          lambda: setattr(self, "on_picture", False)))
        return out

    def _place(self, app: AppView, sex: Sex, cell: Any) -> None:
        self.placed.append((sex, cell))
        if self._waiting(game_state(app)):
            return
        want = Counter(self.placed)
        match = next((a for a in self._ways(game_state(app))
                      if Counter((p.sex, p.cell) for p in a.placements) == want), None)
        self.placed.clear()
        if match is not None:
            app.apply(match)

    def _draw_school_picture(self, app: AppView, s: pygame.Surface) -> None:
        state = game_state(app)
        who = state.queue[0]
        waiting = self._waiting(state)
        cat = state.catalogue
        done = "\n".join(
            f"{sex_word(sx)}: " + (_("village centre") if c is None else
                                  building(cat, state.villages[who].buildings[c].type))
            for sx, c in self.placed)
        ask = (_("Where does the {sex} go? Tap the building.").format(sex=sex_word(waiting[0]))
               if waiting else "")
        paragraph(s, "\n".join(x for x in (done, ask) if x),
                  pygame.Rect(8, TOP + 62, 290, 262 - TOP - 66))
        cells = set()
        if waiting:
            cells = self._open_cells(state, waiting[0]) - {None}
        # The villagers placed so far stand on their buildings already (framed), laid out
        # with those living there, none over another.
        arriving: dict[Any, list[tuple[Colour, str]]] = {}
        for sx, c in self.placed:
            if c is not None:
                arriving.setdefault(c, []).append((who, sx))
        draw_village(s, state, who, _school_area(), highlight=cells, arriving=arriving)
        rects = cell_rects(state, who, _school_area())
        for c in arriving:
            pygame.draw.rect(s, ACCENT, rects[c], 4, border_radius=6)

    def school(self, app: AppView, value: Any) -> None:
        assert self.form is not None
        self.form.choose("placements", value)
        action = self.form.action()
        if action is not None:
            app.apply(action)

    def placement_label(self, state: GameState, placements: Any) -> str:
        who = state.queue[0]
        cat = state.catalogue
        return "; ".join(
            (_("man") if p.sex == Sex.M else _("woman")) + ": " + (
                _("centre") if p.cell is None else
                building(cat, state.villages[who].buildings[p.cell].type)) for p in placements)

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        self.bind(app)
        state = game_state(app)
        ended = state.round if state.phase in (SCHOOL, REVEAL, OVER) else state.round - 1
        title_bar(s, _("Round {n} goes on").format(n=state.round)
                  if end_undone(app) else _("Round {n} is over").format(n=ended),
                  right=nav_left(app))
        if state.phase == REVEAL and self.picking:
            from2, from3 = reveal_counts(state)
            picked = ", ".join(building(state.catalogue, t) for t in self.picked)
            k = len(self.picked)
            more, stack = (from2 - k, "II") if k < from2 else (from2 + from3 - k, "III")
            now = ngettext("Stack {stack}: {n} more to tap.", "Stack {stack}: {n} more to tap.",
                           more).format(stack=stack, n=more) if more > 0 else ""
            paragraph(s, " ".join(x for x in (
                _("Draw {n} new buildings from the stacks and tap each one.").format(
                    n=from2 + from3), now,
                _("Tapped: {list}.").format(list=picked) if picked else "") if x),
                pygame.Rect(8, TOP + 2, W - 16, 86))
            draw_stack(s, state, self.picked)
            return
        if state.phase == SCHOOL:
            draw_text(s, _("Where do {who}'s villagers from the school go?").format(
                who=colour(state.queue[0])) + " " + _(
                "The scores follow once they are back."), pygame.Rect(8, TOP + 2, W - 16, 58),
                BODY, INK)
            if self.on_picture:
                self._draw_school_picture(app, s)
            return
        if self.costs_shown(app) and self.costs is not None:
            self.costs.draw(app, s, _("New on offer: lay them out beside the others."))
            return
        if self.view == "steps" and table_log(app).shown():
            entries = table_log(app).shown()
            groups = token_first(entries, round_groups(entries))
            self.checklist.draw(s, round_items(app, entries, groups), groups, table_log(app),
                                checklist_area())
        else:
            score_table(s, state, app.last_track, TOP + 4)



def bar_width(state: GameState) -> int:
    """The way on's width for the whole round end: as wide as the widest it says in it
    ("Enter the new buildings", on to the next round or to the final scores, back to the
    round, and how many steps are not ticked). It and "End the game here" keep their places
    from the checklist to the new buildings and on, in every language (issue 32: the way on
    moved 19 px in German once the new buildings were entered)."""
    ended = state.round if state.phase in (SCHOOL, REVEAL, OVER) else state.round - 1
    words = [_("Enter the new buildings"), _("To the final scores"), widest_not_ticked(),
             *(x.format(n=n) for x in (_("On to round {n}"), _("Back to round {n}"))
               for n in (ended, ended + 1))]
    return go_on_width(words, GO_ON_W, W - 8 - ENDING_X - 8 - 110)


def end_undone(app: AppView) -> bool:
    """The round end on the screen was undone whole: its round goes on, its steps are taken
    back (play-test 2026-11-28, finding 10)."""
    key = table_log(app).key
    return game_state(app).phase == PLAY and not (key is not None and key[0] == "round")


def just_drawn(app: AppView) -> tuple[str, ...] | None:
    """The buildings of the reveal just done (the last action), or None."""
    game = app.session.game if app.session is not None else None
    last = game.actions[-1] if game is not None and game.actions else None
    return last.buildings if isinstance(last, Reveal) else None


def drawn_now(app: AppView) -> tuple[str, ...] | None:
    """The buildings of this round end's reveal when nothing but costs read off the tiles
    came after it, or None."""
    game = app.session.game if app.session is not None else None
    moves = [a for a in (game.actions if game is not None else ()) if a.type not in READ]
    last = moves[-1] if moves else None
    return last.buildings if isinstance(last, Reveal) else None


def back_to_the_grid(app: AppView, drawn: tuple[str, ...]) -> None:
    """The reveal taken back (as Undo does, the table told what to take back) and its grid
    shown again with every building tapped but the last: one tap mends a wrong last tap."""
    app.undo()
    screen = app.screen
    if isinstance(screen, RoundScreen) and game_state(app).phase == REVEAL:
        screen.picking = True
        table_log(app).drawn[:] = list(drawn[:-1])
        screen.bind(app)


def final_round_end(app: AppView) -> bool:
    """The game ended with a round end whose checklist the table has not gone past yet."""
    state = game_state(app)
    key = table_log(app).key
    return (state.phase == OVER and app.summary_pending and state.ended_by != "agreement"
            and key is not None and key[0] == "round" and bool(table_log(app).shown()))


def _school_area() -> pygame.Rect:
    return pygame.Rect(306, TOP + 62, W - 314, LED_BAND_TOP - 2 - TOP - 62)


def sex_word(sex: str) -> str:
    return sex_name(sex)  # a word a translation can agree with (``i18n.sex``)


def go_past(app: AppView) -> None:
    """The table goes on past a checklist (a round end's, the setup's): its steps stay
    reachable under "On the table" until the next action."""
    app.summary_pending = False
    app.after_change()


def checklist_area() -> pygame.Rect:
    """A checklist screen's steps: from below the title to above its buttons."""
    return pygame.Rect(8, TOP + 4, W - 16, 404 - TOP - 4)


def token_first(entries: list[Any], groups: list[Group]) -> list[Group]:
    """The start-player token's step first in its group: it says why the round ended, the
    first thing the table reads when a player's turn gives way to the round end."""
    out = []
    for g in groups:
        token = [i for i in g.steps if entries[i][0].code.startswith("table.start_token")
                 and not entries[i][2]]
        out.append(Group(g.key, g.label, (*token, *(i for i in g.steps if i not in token))))
    return out


def round_items(app: AppView, entries: list[Any], groups: list[Group]) -> list[Item]:
    """The round end's steps as checklist items, numbered in the order shown; why the round
    ended (who still held coins, the rule) is said first, over the start-player token's step,
    where the token moves (issue 32)."""
    items = table_items(entries, virtual_seats(app))
    for k, i in enumerate((i for g in groups for i in g.steps), start=1):
        items[i] = replace(items[i], words=f"{k}. " + items[i].words.split(". ", 1)[-1])
    # A character tile the companion gave: why (the most coins on it, from the coins that
    # go back from it, §10.1), on its own step.
    coins = {(step.message.params.get("player"), step.message.params.get("character")):
             step.message.params.get("n", 0)
             for step, _s, undone in entries if step.code == "table.coins_back" and not undone}
    for i, (step, _s, undone) in enumerate(entries):
        p = step.message.params
        n = coins.get((p.get("player"), p.get("character")), 0)
        if not undone and n and step.code in ("table.character_tile",
                                              "table.character_tile_new"):
            items[i] = replace(items[i], words=items[i].words + " " + ngettext(
                "The most coins on it: {n}.", "The most coins on it: {n}.", n).format(n=n))
    why = why_ended(app)
    at = next((i for i, (step, _s, undone) in enumerate(entries)
               if step.code.startswith("table.start_token") and not undone),
              groups[0].steps[0] if groups and groups[0].steps else None)  # else: first
    if why and at is not None:  # the first words the table reads, a paragraph of their own
        items[at] = replace(items[at], words=f"{why}\n{items[at].words}")
    return items


def why_ended(app: AppView) -> str:
    """Why the round on the screen ended (who still held coins), in words; "" when the round
    goes on again (its end undone) or it ended otherwise."""
    state = game_state(app)
    if state.round_ended is None or end_undone(app):
        return ""
    return say(state.round_ended)
