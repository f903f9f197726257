"""The round end, the game's end, the villages, the market, the costs, and undo."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pygame

from ...engine import CorrectCost, breakdown, legal_actions
from ...engine.round_end import reveal_counts
from ...engine.scoring import BREAKDOWN, awake_villagers
from ...engine.state import REVEAL, SCHOOL, GameState
from ..describe import action_text
from ..forms import setup_form
from ..i18n import N_, _, branch, building, colour, good, initial, name, ngettext
from ..ui import (
    ACCENT,
    BODY,
    INK,
    MUTED,
    PANEL,
    PLAYER,
    TITLE,
    W,
    Widget,
    badge,
    button,
    draw_text,
    fit,
    font,
    paragraph,
    text,
)
from ..village_view import cell_rects, cube, draw_village, figure
from .common import (
    TOP,
    Screen,
    StepsView,
    goods_buttons,
    nav,
    nav_left,
    title_bar,
    value_key,
)
from .reveal_grid import draw_stack, reveal_widgets

SOURCES = {"start_player": N_("start player"), "deliveries": N_("deliveries"),
           "goods_tiles": N_("goods tiles"), "character_tiles": N_("character tiles"),
           "vp_buildings": N_("VP buildings"), "branch_tiles": N_("branch tiles"),
           "village_tiles": N_("village tiles")}


def score_table(s: pygame.Surface, state: GameState, before: dict[str, int], y: int,
                bottom: int = 404) -> int:
    """Each player's VP (a column a player), the change since the last round, and where they
    come from (a row a source, in words)."""
    rows = [("vp", _("VP")), *([("change", _("since last round"))] if before else []),
            *((k, _(SOURCES[k])) for k in BREAKDOWN)]
    label_w = min(max(font(BODY).size(label)[0] for _k, label in rows) + 16, 320)
    col_w = min(180, (W - 16 - label_w) // max(len(state.players), 1))
    if all(fit(name(p.colour), col_w - 40, 54, BODY).fits for p in state.players):
        line = max(min((bottom - y - 58) // len(rows), 34), 28)
        for i, p in enumerate(state.players):
            x = 8 + label_w + i * col_w
            badge(s, p.colour, (x + 16, y + 17), 16)
            draw_text(s, name(p.colour), pygame.Rect(x + 36, y + 2, col_w - 40, 54), BODY, INK)
        y += 58
    else:  # long names: whole, two a line above the table; the columns by their badges
        half = (W - 16) // 2
        for i, p in enumerate(state.players):
            x, top = 8 + (i % 2) * half, y + (i // 2) * 28
            badge(s, p.colour, (x + 14, top + 13), 13)
            draw_text(s, name(p.colour), pygame.Rect(x + 32, top, half - 36, 28), BODY, INK,
                      wrap=False)
        y += 28 * ((len(state.players) + 1) // 2) + 2
        for i, p in enumerate(state.players):
            badge(s, p.colour, (8 + label_w + i * col_w + 52, y + 15), 15)
        y += 32
        line = max(min((bottom - y) // len(rows), 34), 28)
    for r, (key, label) in enumerate(rows):
        if r % 2 == 0:
            pygame.draw.rect(s, PANEL, (8, y - 1, W - 16, line))
        draw_text(s, label, pygame.Rect(12, y, label_w - 8, line - 2), BODY,
                  INK if key == "vp" else MUTED, wrap=False, valign="middle")
        for i, p in enumerate(state.players):
            vp = state.track.get(p.colour, 0)
            value = (str(vp) if key == "vp" else f"{vp - before.get(p.colour, 0):+d}"
                     if key == "change" else str(breakdown(state, p.colour)[key]))
            draw_text(s, value, pygame.Rect(8 + label_w + i * col_w + 36, y, col_w - 40,
                                            line - 2), BODY, INK, wrap=False, valign="middle")
        y += line
    return y


class RoundScreen(Screen):
    """After a round: what moved, the new scores; then the school's return (only when there is
    a real choice), the new buildings from the stacks, and on to the next round."""

    def __init__(self, state: GameState) -> None:
        self.picked: list[str] = []
        self.picking = False
        self.page = 0
        self.form = setup_form(legal_actions(state)) if state.phase == SCHOOL else None
        self.view = "steps"
        """"steps" (what to do on the table) or "scores"."""
        self.steps_view = StepsView(from_start=True)
        self.on_picture = True
        """The school's villagers: each placed by a tap on the village picture (else: the
        list of every way)."""
        self.placed: list[tuple[str, Any]] = []
        """(sex, cell or None for the centre) of the villagers placed so far."""

    def layout(self, app: Any) -> list[Widget]:
        state = app.state
        out = nav(app)
        if state.phase == SCHOOL and self.form is not None and self.on_picture:
            return out + self._school_picture(app)
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
                                  lambda v=v: self.school(app, v), value=v))
            if self.page > 0:
                out.append(button("choices:prev", (8, 414, 190, 52), _("Previous"),
                                  lambda: setattr(self, "page", self.page - 1)))
            if (self.page + 1) * per_page < len(values):
                out.append(button("choices:next", (206, 414, 190, 52), _("More"),
                                  lambda: setattr(self, "page", self.page + 1)))
            out.append(button("picture", (W - 198, 414, 190, 52), _("Picture"),
                              lambda: setattr(self, "on_picture", True)))
        elif state.phase == REVEAL and not self.picking:
            out += self._tabs(app)
            out.append(button("reveal:start", (W - 330, 410, 322, 60),
                              _("Enter the new buildings"),
                              lambda: setattr(self, "picking", True), style="primary"))
        elif state.phase == REVEAL:  # a grid that never moves, naming the stack
            out += reveal_widgets(app, state, self.picked, TOP + 90)
        else:
            out += self._tabs(app)
            out.append(button("continue", (W - 300, 410, 292, 60),
                              _("On to round {n}").format(n=state.round), self.go_on(app),
                              style="primary"))
        return out

    def _tabs(self, app: Any) -> list[Widget]:
        """What moved on the table, or the scores; and the pages of the table's steps."""
        out = [button("round:steps", (8, 410, 200, 60), _("On the table"),
                      lambda: setattr(self, "view", "steps"), selected=self.view == "steps"),
               button("round:scores", (216, 410, 170, 60), _("Scores"),
                      lambda: setattr(self, "view", "scores"), selected=self.view == "scores")]
        if self.view == "steps":
            out += self.steps_view.widgets(app.table, _round_steps(), _round_header())
        return out

    def go_on(self, app: Any) -> Any:
        def run() -> None:
            app.summary_pending = False
            app.after_change()
        return run

    # --- the school's villagers, placed on the picture -------------------------------------------

    def _waiting(self, state: GameState) -> list[str]:
        """The sexes of the villagers still to place, men first."""
        left = Counter({s: n for s, n in state.school[state.queue[0]].items() if n})
        left -= Counter(s for s, _c in self.placed)
        return sorted(left.elements(), key=lambda s: s != "m")

    def _ways(self, state: GameState) -> list[Any]:
        """The school returns that agree with the villagers placed so far."""
        assert self.form is not None
        placed = Counter(self.placed)
        return [a for a in self.form.candidates
                if not placed - Counter((p.sex, p.cell) for p in a.placements)]

    def _school_picture(self, app: Any) -> list[Widget]:
        state = app.state
        who = state.queue[0]
        waiting = self._waiting(state)
        out: list[Widget] = []
        if waiting:
            sex = waiting[0]
            ways = self._ways(state)
            cells = {p.cell for a in ways for p in a.placements if p.sex == sex} - {
                c for _s, c in self.placed}
            rects = cell_rects(state, who, _school_area())
            for cell in sorted(c for c in cells if c is not None):
                out.append(Widget(f"school:{value_key(cell)}", rects[cell],
                                  on_tap=lambda c=cell: self._place(app, sex, c),
                                  style="invisible", value=cell))
            if None in cells:
                out.append(button("school:centre", (8, 262, 290, 60), _("Into the village centre"),
                                  lambda: self._place(app, sex, None)))
        out.append(button("school:clear", (8, 328, 290, 60), _("Start again"),
                          self.placed.clear, enabled=bool(self.placed)))
        out.append(button("choices:next", (8, 412, 290, 60), _("As a list"),
                          lambda: setattr(self, "on_picture", False)))
        return out

    def _place(self, app: Any, sex: str, cell: Any) -> None:
        self.placed.append((sex, cell))
        if self._waiting(app.state):
            return
        want = Counter(self.placed)
        match = next((a for a in self._ways(app.state)
                      if Counter((p.sex, p.cell) for p in a.placements) == want), None)
        self.placed.clear()
        if match is not None:
            app.apply(match)

    def _draw_school_picture(self, app: Any, s: pygame.Surface) -> None:
        state = app.state
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
            cells = {p.cell for a in self._ways(state) for p in a.placements
                     if p.sex == waiting[0] and p.cell is not None} - {
                c for _s, c in self.placed}
        draw_village(s, state, who, _school_area(), highlight=cells)
        # The villagers placed so far stand on their buildings already (framed).
        rects = cell_rects(state, who, _school_area())
        for i, (sx, c) in enumerate(self.placed):
            if c is None:
                continue
            r = rects[c]
            fig = min(44, max(r.height - 40, 14))
            pygame.draw.rect(s, ACCENT, r, 4, border_radius=6)
            figure(s, who, sx, True, (r.right - fig // 3 - 6 - 4 * i, r.bottom - fig // 2 - 3),
                   fig)

    def school(self, app: Any, value: Any) -> None:
        assert self.form is not None
        self.form.choose("placements", value)
        action = self.form.action()
        if action is not None:
            app.apply(action)

    def placement_label(self, state: GameState, placements: Any) -> str:
        who = state.queue[0]
        cat = state.catalogue
        return "; ".join(
            (_("man") if p.sex == "m" else _("woman")) + ": " + (
                _("centre") if p.cell is None else
                building(cat, state.villages[who].buildings[p.cell].type)) for p in placements)

    def draw(self, app: Any, s: pygame.Surface) -> None:
        state = app.state
        ended = state.round if state.phase in (SCHOOL, REVEAL) else state.round - 1
        title_bar(s, _("Round {n} is over").format(n=ended))
        if state.phase == REVEAL and self.picking:
            from2, from3 = reveal_counts(state)
            picked = ", ".join(building(state.catalogue, t) for t in self.picked)
            paragraph(s, _("Draw {n} new buildings from the stacks and tap each one.").format(
                n=from2 + from3) + (" " + _("Tapped: {list}.").format(list=picked)
                                    if picked else ""), pygame.Rect(8, TOP + 2, W - 16, 86))
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
        if self.view == "steps" and app.table.shown():
            self.steps_view.draw(s, app.table, _round_steps(), _round_header())
        else:
            score_table(s, state, app.last_track, TOP + 4)



def _school_area() -> pygame.Rect:
    return pygame.Rect(306, TOP + 62, W - 314, 470 - TOP - 62)


def sex_word(sex: str) -> str:
    return _("man") if sex == "m" else _("woman")


def _round_header() -> pygame.Rect:
    return pygame.Rect(8, TOP + 2, W - 16, 48)


def _round_steps() -> pygame.Rect:
    return pygame.Rect(8, TOP + 54, W - 16, 404 - TOP - 54)


class GameOverScreen(Screen):
    def __init__(self) -> None:
        self.shown: dict[str, int] = {}
        """The final scores as drawn, by colour."""

    def layout(self, app: Any) -> list[Widget]:
        # Top right, like the other screens' buttons: the whole screen below for the scores.
        new = max(font(BODY).size(_("New game"))[0] + 24, 150)
        look = max(font(BODY).size(_("Villages"))[0] + 24, 110)
        from .history import winner_buttons  # the group's history and BG Stats

        return [button("new_game", (W - 4 - new, 4, new, 48), _("New game"),
                       lambda: app.new_game(), style="primary"),
                button("villages", (W - 12 - new - look, 4, look, 48), _("Villages"),
                       lambda: app.show(VillagesScreen())),
                *winner_buttons(app, W - 8, TOP + 4)]

    def buttons_left(self) -> int:
        new = max(font(BODY).size(_("New game"))[0] + 24, 150)
        look = max(font(BODY).size(_("Villages"))[0] + 24, 110)
        return W - 12 - new - look

    def draw(self, app: Any, s: pygame.Surface) -> None:
        state = app.state
        names = " & ".join(colour(c) for c in state.winners)
        title = (_("{who} wins!") if len(state.winners) == 1 else _("{who} share the win!"))
        title_bar(s, title.format(who=names), state.winners[0], self.buttons_left())
        if state.tie_break == "awake_villagers":
            why = _("Tied on VP: decided by the most awake villagers ({n}).").format(
                n=awake_villagers(state, state.winners[0]))
        elif state.tie_break == "shared":
            why = _("Tied on VP and on awake villagers: the win is shared.")
        else:
            why = _("Final scores:")
        from .history import winner_buttons_width

        below = max(draw_text(s, why, pygame.Rect(8, TOP + 2, W - 24 - winner_buttons_width(),
                                                  56), BODY, INK).bottom, TOP + 52)
        score_table(s, state, app.last_track, below + 6, bottom=472)
        self.shown = {p.colour: state.track[p.colour] for p in state.players}


class VillagesScreen(Screen):
    def __init__(self) -> None:
        self.village: str | None = None

    def layout(self, app: Any) -> list[Widget]:
        state = app.state
        out = nav(app, back=True)
        for i, v in enumerate(state.villages):
            w = (W - 16) // len(state.villages)
            neutral = _("Neutral village")  # or short, where the tab (with its badge) is narrow
            if font(BODY).size(neutral)[0] > w - 76:
                neutral = _("Neutral")
            out.append(button(f"village:{v}", (8 + i * w, TOP, w - 6, 48),
                              colour(v) if not state.villages[v].neutral else neutral,
                              lambda v=v: setattr(self, "village", v), colour=v,
                              selected=v == (self.village or state.colours[0])))
        return out

    def draw(self, app: Any, s: pygame.Surface) -> None:
        state = app.state
        v = self.village or state.colours[0]
        title_bar(s, _("Villages"))
        draw_village(s, state, v, pygame.Rect(8, TOP + 54, W - 16, 480 - TOP - 60))


class MarketScreen(Screen):
    def layout(self, app: Any) -> list[Widget]:
        return nav(app, back=True)

    def draw(self, app: Any, s: pygame.Surface) -> None:
        state = app.state
        cat = state.catalogue
        title_bar(s, _("Market"), right=nav_left(app, back=True))
        for i, g in enumerate(cat.goods):
            x, y = 8 + (i // 8) * 396, TOP + 2 + (i % 8) * 33
            if i % 2 == 0:
                pygame.draw.rect(s, PANEL, (x, y, 388, 33))
            draw_text(s, good(cat, g), pygame.Rect(x + 4, y + 2, 170, 30), BODY, INK,
                      wrap=False, valign="middle")
            cx = x + 190
            for p in state.players:  # the cubes: a square in the player's colour
                if g in p.delivered:
                    cube(s, p.colour, pygame.Rect(cx - 13, y + 3, 27, 27))
                    cx += 32
            holder = state.goods_tiles.get(g)
            if holder:  # its goods tile, framed in the holder's colour
                r = pygame.Rect(x + 330, y + 3, 50, 27)
                pygame.draw.rect(s, (250, 244, 226), r, border_radius=4)
                pygame.draw.rect(s, PLAYER[holder], r, 3, border_radius=4)
                pygame.draw.rect(s, INK, r, 1, border_radius=4)
                draw_text(s, initial(holder), r, 20, INK, min_size=14, wrap=False,
                          align="center", valign="middle", bg=(250, 244, 226))
        y = TOP + 2 + 8 * 33 + 6
        branches = "; ".join(f"{branch(b)}: {colour(c)}"
                             for b, c in state.branch_tiles.items()) or _("none yet")
        school = ", ".join(
            "{who}: {men}, {women}".format(
                who=colour(c),
                men=ngettext("{n} man", "{n} men", n["m"]).format(n=n["m"]),
                women=ngettext("{n} woman", "{n} women", n["f"]).format(n=n["f"]))
            for c, n in state.school.items() if n["m"] + n["f"])
        village_ = ", ".join(colour(c) for c in state.village_tiles) or _("none yet")
        paragraph(s, "\n".join([_("Branch tiles: {list}").format(list=branches),
                                 _("School: {list}").format(list=school or _("empty")),
                                 _("Village tiles: {list}").format(list=village_)]),
                  pygame.Rect(8, y, W - 16, 472 - y))


class CostsScreen(Screen):
    """The building costs this companion knows: shipped, or read off the tiles. Tap one to
    enter or correct it; it is used from the next new game on."""

    def __init__(self) -> None:
        self.page = 0
        self.editing: str | None = None
        self.cost: dict[str, int] = {}

    def types(self, app: Any) -> list[str]:
        cat = app.state.catalogue if app.state else None
        from ...engine import load_catalogue

        cat = cat or load_catalogue()
        return [t for t, b in cat.buildings.items() if not b.stacks["start"]]

    def layout(self, app: Any) -> list[Widget]:
        from ...engine import load_catalogue

        out = nav(app, back=True)
        cat = load_catalogue()
        if self.editing:
            out += goods_buttons(cat, self.cost, 8, TOP + 66, 784)
            out.append(button("cost:clear", (8, 412, 190, 60), _("Clear"), self.cost.clear))
            out.append(button("cost:done", (W - 200, 412, 192, 60), _("Save"),
                              lambda: self.save(app), enabled=bool(self.cost), style="primary"))
            return out
        known = {**{t: dict(b.cost) for t, b in cat.buildings.items() if b.cost},
                 **app.store.costs()}
        if app.state is not None:  # the game's own, its corrections included
            known.update({t: dict(c) for t in cat.buildings
                          if (c := app.state.known_cost(t)) is not None})
        types = self.types(app)
        # Six a page, in three rows clear of the bottom row (the page button).
        pages = (len(types) + 5) // 6
        for i, t in enumerate(types[self.page * 6:(self.page + 1) * 6]):
            cost = known.get(t)
            label = ", ".join(f"{n} {good(cat, g)}" for g, n in sorted(cost.items())) if cost \
                else _("not known yet")
            out.append(Widget(f"costs:{t}", pygame.Rect(8 + (i % 2) * 396, TOP + 66 + (i // 2)
                                                        * 90, 388, 82),
                              on_tap=lambda t=t: self.edit(t),
                              lines=[building(cat, t), label]))
        if pages > 1:
            out.append(button("costs:page", (8, 412, 190, 60), _("More"),
                              lambda: setattr(self, "page", (self.page + 1) % pages)))
        return out

    def edit(self, t: str) -> None:
        self.editing, self.cost = t, {}

    def save(self, app: Any) -> None:
        """In a game: a correction recorded as an action (replayed, undone, kept for later
        games); with no game: kept for the next one."""
        assert self.editing is not None
        if app.session is not None and not app.session.state.game_over:
            done = app.apply(CorrectCost(self.editing, tuple(sorted(self.cost.items()))))
            if not done:
                return
        else:
            costs = {self.editing: dict(self.cost)}
            app.store.later(lambda: app.store.learn_costs(costs))  # the screen never waits
        self.editing = None

    def draw(self, app: Any, s: pygame.Surface) -> None:
        from ...engine import load_catalogue

        title_bar(s, _("Building costs"))
        if self.editing:
            paragraph(s, _("{building}: tap each good as often as the tile shows it.").format(
                building=building(load_catalogue(), self.editing)),
                pygame.Rect(8, TOP + 4, W - 16, 58))
        else:
            paragraph(s, _("Costs read off the tiles; a correction counts from now on."),
                      pygame.Rect(8, TOP + 4, W - 16, 58), colour=MUTED)


class UndoConfirm(Screen):
    """Shown over the current screen: what will be undone, and a choice."""

    def layout(self, app: Any) -> list[Widget]:
        def keep() -> None:
            app.overlay = None

        def undo() -> None:
            app.overlay = None
            app.undo()

        from .abandon import AbandonConfirm, EndGameConfirm, can_end_here

        something = bool(app.session and app.session.game.actions)
        widgets = [button("undo:no", (170, 300, 225, 60), _("Keep it"), keep),
                   button("undo:yes", (405, 300, 225, 60), _("Undo it"), undo, style="primary",
                          enabled=something)]
        if can_end_here(app):  # at a round end: a finished game with a winner, or abandoned
            return [*widgets,
                    button("abandon", (115, 392, 280, 52), _("Abandon"),
                           lambda: setattr(app, "overlay", AbandonConfirm())),
                    button("endgame", (405, 392, 280, 52), _("End the game here"),
                           lambda: setattr(app, "overlay", EndGameConfirm()))]
        # Also the way out of a game started wrongly, before anything can be undone.
        return [*widgets,
                button("abandon", (170, 392, 460, 52), _("Abandon the game, start a new one"),
                       lambda: setattr(app, "overlay", AbandonConfirm()))]

    def draw(self, app: Any, s: pygame.Surface) -> None:
        from .abandon import can_end_here

        box = pygame.Rect(150, 110, 500, 350)  # with the way to abandon the game
        if can_end_here(app):
            box = pygame.Rect(100, 110, 600, 350)  # and to end it here, side by side
        pygame.draw.rect(s, PANEL, box, border_radius=12)
        pygame.draw.rect(s, INK, box, 2, border_radius=12)
        text(s, _("Undo the last action?"), (box.centerx, box.top + 30), TITLE, INK, "center")
        game = app.session.game if app.session else None
        if game and game.actions:
            paragraph(s, action_text(game.actions[-1], game.state),
                      box.inflate(-40, -120).move(0, 10), 20)
        else:
            paragraph(s, _("Nothing to undo yet."), box.inflate(-40, -120).move(0, 10), 20)
