"""The round end, the game's end, the villages, the market, the costs, and undo."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pygame

from ...engine import Reveal, breakdown, legal_actions
from ...engine.round_end import reveal_counts
from ...engine.scoring import BREAKDOWN, awake_villagers
from ...engine.state import CHARACTERS, REVEAL, SCHOOL, GameState
from ..describe import action_text
from ..forms import setup_form
from ..i18n import N_, _, building, character, colour, good
from ..ui import INK, MUTED, PANEL, TITLE, W, Widget, badge, button, paragraph, text
from ..village_view import draw_village
from .common import TOP, Screen, goods_buttons, nav, title_bar, value_key

SOURCES = {"start_player": N_("start"), "deliveries": N_("cubes"), "goods_tiles": N_("goods"),
           "character_tiles": N_("tiles"), "vp_buildings": N_("bldgs"),
           "branch_tiles": N_("branch"), "village_tiles": N_("village")}


def score_table(s: pygame.Surface, state: GameState, before: dict[str, int], y: int) -> int:
    """Each player's VP, the change since the last round, and where they come from."""
    heads = [(8, _("Player")), (170, _("VP")), (218, "+/-")]
    heads += [(276 + i * 74, _(SOURCES[k])) for i, k in enumerate(BREAKDOWN)]
    for x, h in heads:
        text(s, h, (x, y), 20, MUTED)
    y += 28
    for p in state.players:
        parts = breakdown(state, p.colour)
        vp = state.track.get(p.colour, 0)
        badge(s, p.colour, (24, y + 14), 14)
        text(s, p.name, (44, y + 2), 20, INK, width=136)
        text(s, str(vp), (170, y + 2), 20)
        if before:
            text(s, f"{vp - before.get(p.colour, 0):+d}", (218, y + 2), 20, MUTED)
        for i, k in enumerate(BREAKDOWN):
            text(s, str(parts[k]), (276 + i * 74, y + 2), 20)
        y += 34
    return y


class RoundScreen(Screen):
    """After a round: what moved, the new scores; then the school's return (only when there is
    a real choice), the new buildings from the stacks, and on to the next round."""

    def __init__(self, state: GameState) -> None:
        self.picked: list[str] = []
        self.picking = False
        self.form = setup_form(legal_actions(state)) if state.phase == SCHOOL else None

    def layout(self, app: Any) -> list[Widget]:
        state = app.state
        out = nav(app)
        y0 = 300
        if state.phase == SCHOOL and self.form is not None:
            step = self.form.next_field()
            values = step[1] if step else []
            for i, v in enumerate(values[:6]):
                out.append(button(f"value:placements:{value_key(v)}",
                                  (8 + (i % 2) * 396, y0 + 36 + (i // 2) * 56, 388, 52),
                                  self.placement_label(state, v),
                                  lambda v=v: self.school(app, v)))
        elif state.phase == REVEAL and not self.picking:
            out.append(button("reveal:start", (W - 330, 410, 322, 56),
                              _("Enter the new buildings"),
                              lambda: setattr(self, "picking", True), style="primary"))
        elif state.phase == REVEAL:
            from2, from3 = reveal_counts(state)
            stack = state.stacks["2"] if len(self.picked) < from2 else state.stacks["3"]
            left = Counter(stack) - Counter(self.picked)
            types = [t for t in state.catalogue.buildings if left.get(t)]
            for i, t in enumerate(types):
                out.append(button(f"reveal:{t}", (8 + (i % 4) * 198, TOP + 70 + (i // 4) * 54,
                                                  192, 50),
                                  f"{building(state.catalogue, t)} ({left[t]})",
                                  lambda t=t: self.picked.append(t),
                                  enabled=len(self.picked) < from2 + from3))
            out.append(button("reveal:clear", (8, 410, 190, 56), _("Start again"),
                              self.picked.clear))
            out.append(button("reveal:done", (W - 200, 410, 192, 56), _("Done"),
                              lambda: app.apply(Reveal(tuple(self.picked))),
                              enabled=len(self.picked) == from2 + from3, style="primary"))
        else:
            out.append(button("continue", (W - 260, 410, 252, 56),
                              _("On to round {n}").format(n=state.round), self.go_on(app),
                              style="primary"))
        return out

    def go_on(self, app: Any) -> Any:
        def run() -> None:
            app.summary_pending = False
            app.after_change()
        return run

    def school(self, app: Any, value: Any) -> None:
        assert self.form is not None
        self.form.choose("placements", value)
        action = self.form.action()
        if action is not None:
            app.apply(action)

    def placement_label(self, state: GameState, placements: Any) -> str:
        who = state.queue[0]
        cat = state.catalogue
        return f"{colour(who)}: " + "; ".join(
            (_("man") if p.sex == "m" else _("woman")) + ": " + (
                _("centre") if p.cell is None else
                building(cat, state.villages[who].buildings[p.cell].type)) for p in placements)

    def draw(self, app: Any, s: pygame.Surface) -> None:
        state = app.state
        ended = state.round if state.phase in (SCHOOL, REVEAL) else state.round - 1
        title_bar(s, _("Round {n} is over").format(n=ended))
        if state.phase == REVEAL and self.picking:
            from2, from3 = reveal_counts(state)
            picked = ", ".join(building(state.catalogue, t) for t in self.picked) or "-"
            paragraph(s, _("Draw {n} new buildings from the stacks and tap each one.").format(
                n=from2 + from3) + " " + picked, pygame.Rect(8, TOP + 4, W - 16, 60), 20)
            return
        before = app.round_before
        moved = []
        if before is not None:
            for ch in CHARACTERS:
                holder = state.tile_holder.get(ch)
                if holder and holder != before.tile_holder.get(ch):
                    moved.append(_("{who} takes the {character} tile").format(
                        who=colour(state.tile_holder[ch]), character=character(ch)))
        moved.append(_("{who} has the start-player token").format(who=colour(state.start_player)))
        paragraph(s, "; ".join(moved) + ".", pygame.Rect(8, TOP + 2, W - 16, 50), 20)
        if state.phase == SCHOOL:
            text(s, _("The scores follow once the villagers are back from the school."),
                 (8, TOP + 60), 20, MUTED)
        else:
            score_table(s, state, app.last_track, TOP + 56)
        y0 = 300
        if state.phase == SCHOOL:
            text(s, _("Where do {who}'s villagers from the school go?").format(
                who=colour(state.queue[0])), (8, y0), 20)



class GameOverScreen(Screen):
    def __init__(self) -> None:
        self.shown: dict[str, int] = {}
        """The final scores as drawn, by colour."""

    def layout(self, app: Any) -> list[Widget]:
        return [button("new_game", (W - 260, 410, 252, 56), _("New game"),
                       lambda: app.new_game(), style="primary"),
                button("villages", (8, 410, 160, 56), _("Villages"),
                       lambda: app.show(VillagesScreen()))]

    def draw(self, app: Any, s: pygame.Surface) -> None:
        state = app.state
        names = " & ".join(colour(c) for c in state.winners)
        title = (_("{who} wins!") if len(state.winners) == 1 else _("{who} share the win!"))
        title_bar(s, title.format(who=names), state.winners[0])
        if state.tie_break == "awake_villagers":
            why = _("Tied on VP: decided by the most awake villagers ({n}).").format(
                n=awake_villagers(state, state.winners[0]))
        elif state.tie_break == "shared":
            why = _("Tied on VP and on awake villagers: the win is shared.")
        else:
            why = _("Final scores:")
        text(s, why, (8, TOP + 6), 20)
        score_table(s, state, app.last_track, TOP + 44)
        self.shown = {p.colour: state.track[p.colour] for p in state.players}


class VillagesScreen(Screen):
    def __init__(self) -> None:
        self.village: str | None = None

    def layout(self, app: Any) -> list[Widget]:
        state = app.state
        out = nav(app, back=True)
        for i, v in enumerate(state.villages):
            out.append(button(f"village:{v}", (8 + i * 160, TOP, 154, 48),
                              colour(v) if not state.villages[v].neutral else _("neutral"),
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
        title_bar(s, _("Market"))
        for i, g in enumerate(cat.goods):
            x, y = 8 + (i // 8) * 396, TOP + 4 + (i % 8) * 34
            text(s, good(cat, g), (x, y + 4), 20, INK, width=130)
            cx = x + 150
            for p in state.players:
                if g in p.delivered:
                    badge(s, p.colour, (cx, y + 14), 12)
                    cx += 28
            holder = state.goods_tiles.get(g)
            if holder:
                text(s, _("tile"), (x + 290, y + 4), 20, MUTED)
                badge(s, holder, (x + 350, y + 14), 12)
        y = TOP + 4 + 8 * 34 + 6
        branches = "; ".join(f"{cat.branches[b].name}: {colour(c)}"
                             for b, c in state.branch_tiles.items()) or _("none yet")
        text(s, _("Branch tiles: {list}").format(list=branches), (8, y), 20, INK, width=W - 16)
        school = ", ".join(_("{who}: {m} men, {f} women").format(who=colour(c), m=n["m"], f=n["f"])
                           for c, n in state.school.items()
                           if n["m"] + n["f"])
        text(s, _("School: {list}").format(list=school or _("empty")), (8, y + 30), 20, INK,
             width=W - 16)
        village = ", ".join(colour(c) for c in state.village_tiles) or _("none yet")
        text(s, _("Village tiles: {list}").format(list=village), (8, y + 60), 20, INK,
             width=W - 16)


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
            out += goods_buttons(cat, self.cost, 8, TOP + 60, 784)
            out.append(button("cost:clear", (8, 400, 190, 52), _("Clear"), self.cost.clear))
            out.append(button("cost:done", (W - 200, 400, 192, 52), _("Save"),
                              lambda: self.save(app), enabled=bool(self.cost), style="primary"))
            return out
        known = {**{t: dict(b.cost) for t, b in cat.buildings.items() if b.cost},
                 **app.store.costs()}
        for i, t in enumerate(self.types(app)[self.page * 10:(self.page + 1) * 10]):
            cost = known.get(t)
            label = ", ".join(f"{n} {good(cat, g)}" for g, n in sorted(cost.items())) if cost \
                else _("not known yet")
            out.append(Widget(f"costs:{t}", pygame.Rect(8 + (i % 2) * 396, TOP + 40 + (i // 2)
                                                        * 60, 388, 56),
                              on_tap=lambda t=t: self.edit(t),
                              lines=[building(cat, t), label]))
        out.append(button("costs:page", (8, 400, 190, 52), _("More"),
                          lambda: setattr(self, "page", (self.page + 1) % 2)))
        return out

    def edit(self, t: str) -> None:
        self.editing, self.cost = t, {}

    def save(self, app: Any) -> None:
        assert self.editing is not None
        app.store.learn_costs({self.editing: dict(self.cost)})
        self.editing = None

    def draw(self, app: Any, s: pygame.Surface) -> None:
        from ...engine import load_catalogue

        title_bar(s, _("Building costs"))
        if self.editing:
            text(s, _("{building}: tap each good as often as the tile shows it.").format(
                building=building(load_catalogue(), self.editing)), (8, TOP + 10), 20)
        else:
            text(s, _("Costs read off the tiles; used from the next new game on."),
                 (8, TOP + 8), 20, MUTED)


class UndoConfirm(Screen):
    """Shown over the current screen: what will be undone, and a choice."""

    def layout(self, app: Any) -> list[Widget]:
        def keep() -> None:
            app.overlay = None

        def undo() -> None:
            app.overlay = None
            app.undo()

        return [button("undo:no", (200, 300, 190, 56), _("Keep it"), keep),
                button("undo:yes", (410, 300, 190, 56), _("Undo it"), undo, style="primary")]

    def draw(self, app: Any, s: pygame.Surface) -> None:
        box = pygame.Rect(150, 110, 500, 270)
        pygame.draw.rect(s, PANEL, box, border_radius=12)
        pygame.draw.rect(s, INK, box, 2, border_radius=12)
        text(s, _("Undo the last action?"), (box.centerx, box.top + 30), TITLE, INK, "center")
        game = app.session.game if app.session else None
        if game and game.actions:
            paragraph(s, action_text(game.actions[-1], game.state),
                      box.inflate(-40, -120).move(0, 10), 20)
