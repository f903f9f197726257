"""A new game and its setup, guided step by step, telling the table what to do with the pieces."""

from __future__ import annotations

import random
from typing import Any

import pygame

from ...engine import Action, StartBuildings, header_line, legal_actions
from ...engine.state import (
    COLOURS,
    COUPLES,
    DRAFT,
    NEUTRAL,
    PLACE,
    START_BUILDINGS,
    START_PLAYER,
    GameState,
)
from ..forms import setup_form, with_letter
from ..i18n import _, building, colour
from ..ui import MUTED, W, Widget, button, paragraph, text
from ..village_view import cell_rects, draw_village
from .common import RIGHT_W, RIGHT_X, TOP, Screen, nav, players_panel, title_bar, value_key

CHOICES_Y = 186  # below an instruction of up to four lines and its question


class NewGameScreen(Screen):
    """Who plays (the seats' colours, counter-clockwise) and with which options."""

    def __init__(self, seats: tuple[str, ...]) -> None:
        self.seats = seats
        self.playing = set(seats[:4])
        self.setup = "draft"
        self.intro = False
        self.neutral: str | None = None

    def neutral_colour(self) -> str:
        """With 2 players, the neutral village's colour: chosen, or the first one free."""
        free = [c for c in COLOURS if c not in self.playing]
        return self.neutral if self.neutral in free else free[0]

    def toggle(self, c: str) -> None:
        self.playing ^= {c}

    def start(self, app: Any) -> None:
        players = [(c, colour(c)) for c in self.seats if c in self.playing]
        neutral = self.neutral_colour() if len(players) == 2 else None
        app.start_game(header_line(players, setup=self.setup, intro=self.intro,
                                   neutral_colour=neutral))

    def layout(self, app: Any) -> list[Widget]:
        out = []
        for i, c in enumerate(self.seats):
            out.append(button(f"colour:{c}", (20 + i * 190, 110, 180, 56), colour(c),
                              lambda c=c: self.toggle(c), selected=c in self.playing, colour=c))
        for i, (kind, label) in enumerate((("draft", _("Draft the start buildings")),
                                           ("simplified", _("Buildings by letter")))):
            out.append(button(f"setup:{kind}", (20 + i * 380, 220, 370, 56), label,
                              lambda k=kind: setattr(self, "setup", k),
                              selected=self.setup == kind))
        out.append(button("intro", (20, 300, 750, 56),
                          _("Intro game: no character tiles, to 18 VP"),
                          lambda: setattr(self, "intro", not self.intro), selected=self.intro))
        n = len(self.playing)
        if n == 2:
            for i, c in enumerate(c for c in COLOURS if c not in self.playing):
                out.append(button(f"neutral:{c}", (330 + i * 150, 362, 140, 48), colour(c),
                                  lambda c=c: setattr(self, "neutral", c), colour=c,
                                  selected=c == self.neutral_colour()))
        out.append(button("start", (W - 230, 380, 210, 60), _("Start the game"),
                          lambda: self.start(app), enabled=2 <= n <= 4, style="primary"))
        return out

    def draw(self, app: Any, s: pygame.Surface) -> None:
        title_bar(s, _("A new game of Helvetia"))
        text(s, _("Who plays? Tap the colours at the table (seats counter-clockwise)."),
             (20, 76), 20)
        text(s, _("Options"), (20, 190), 20, MUTED)
        if len(self.playing) == 2:
            text(s, _("Neutral village:"), (20, 376), 20, MUTED)


def instruction(state: GameState, who: str | None) -> str:
    """What the table does now, in words."""
    w = colour(who) if who else ""
    if state.phase == START_PLAYER:
        if state.options.setup == "draft" and len(state.players) > 2:
            return _("Choose who picks the first start building. The draft then runs in a "
                     "snake: the last to pick becomes the start player.")
        return _("Draw the start player at random, then tap who it is.")
    if state.phase == DRAFT:
        return _("{who} picks a start building: take its tile from the offer.").format(who=w)
    if state.phase == START_BUILDINGS:
        return _("Each player draws a village centre and takes the 3 start buildings with its "
                 "letter. Tap a player, its buildings and its letter.")
    if state.phase == NEUTRAL:
        return _("{who} places a neutral start building next to the neutral village centre "
                 "and stands a neutral villager on it.").format(who=w)
    if state.phase == PLACE:
        return _("Place your start buildings next to your village centre (around a corner "
                 "works well). Tap a player, a building, then its place.")
    if state.phase == COUPLES:
        if state.couple == 1:
            return _("{who}: stand a man and a woman on two of your buildings. Tap the man's "
                     "building, then the woman's.").format(who=w)
        if state.couple == 2:
            return _("{who}: one villager onto your empty building, the other into the school. "
                     "Who goes to the school?").format(who=w)
        left = colour(state.next_colour(who or state.colours[0], -1))
        return _("{who}: one villager marries into {left}'s village, onto a building with a "
                 "single villager of the other sex; the other waits in your village centre. "
                 "Dowry: every player gave one coin to each of the two players to its right; "
                 "they lie in the receivers' village centres.").format(who=w, left=left)
    return ""


class SetupScreen(Screen):
    def __init__(self, state: GameState) -> None:
        self.form = setup_form(legal_actions(state))
        self.letter_for: StartBuildings | None = None

    def choose(self, app: Any, name: str, value: Any) -> None:
        self.form.choose(name, value)
        action = self.form.action()
        if isinstance(action, StartBuildings):
            self.letter_for = action  # one more question: the letter on the centre's back
        elif action is not None:
            self.done(app, action)

    def done(self, app: Any, action: Action) -> None:
        if not app.apply(action):
            self.form.chosen.clear()

    def who(self, state: GameState) -> str | None:
        player = self.form.chosen.get("player")
        return player or state.active or (state.queue[0] if state.queue else None)

    def layout(self, app: Any) -> list[Widget]:
        state = app.state
        out = nav(app)
        if self.letter_for is not None:
            used = set(state.letters.values())
            for i, letter in enumerate(["A", "B", "C", "D", "E", None]):
                if letter in used:
                    continue
                out.append(button(f"letter:{value_key(letter)}",
                                  (RIGHT_X + (i % 3) * 176, 200 + (i // 3) * 64, 168, 56),
                                  letter or _("no letter"),
                                  lambda x=letter: self.done(app, with_letter(self.letter_for,
                                                                              x))))
            return out
        step = self.form.next_field()
        if step is None:
            return out
        name, values = step
        if name == "player" and state.phase == START_PLAYER:
            out.append(button("random", (RIGHT_X, CHOICES_Y, RIGHT_W, 56), _("Draw at random"),
                              lambda: self.choose(app, name, random.choice(values)),
                              style="primary"))
        if _is_cell(values):
            village = self.village(state)
            area = pygame.Rect(RIGHT_X, CHOICES_Y, RIGHT_W, 470 - CHOICES_Y)
            rects = cell_rects(state, village, area)
            for v in values:
                out.append(Widget(f"value:{name}:{value_key(v)}", rects[v], "",
                                  lambda v=v: self.choose(app, name, v), style="invisible"))
            return out
        for i, v in enumerate(values):
            col, row = i % 2, i // 2
            y0 = 240 if state.phase == START_PLAYER else CHOICES_Y
            out.append(button(f"value:{name}:{value_key(v)}",
                              (RIGHT_X + col * 268, y0 + row * 54, 260, 50),
                              self.label(state, name, v), lambda v=v: self.choose(app, name, v),
                              colour=v if name in ("player", "take_from") else None))
        return out

    def village(self, state: GameState) -> str:
        if state.phase == NEUTRAL:
            assert state.options.neutral_colour is not None
            return state.options.neutral_colour
        who = self.who(state)
        assert who is not None
        if state.phase == COUPLES and state.couple == 3:
            return state.next_colour(who, -1)
        return who

    def label(self, state: GameState, name: str, v: Any) -> str:
        cat = state.catalogue
        if name in ("player", "take_from"):
            return colour(v) if name == "player" else _("from {who}").format(who=colour(v))
        if name == "building":
            return building(cat, v)
        if name == "buildings":
            return ", ".join(building(cat, t) for t in v)
        if name in ("sex", "school", "spouse"):
            return _("the man") if v == "m" else _("the woman")
        if name == "placements":
            return "; ".join(
                f"{_('man') if p.sex == 'm' else _('woman')}: "
                + (_("centre") if p.cell is None else building(
                    cat, state.villages[state.queue[0]].buildings[p.cell].type))
                for p in v)
        return str(v)

    def draw(self, app: Any, s: pygame.Surface) -> None:
        state = app.state
        who = self.who(state)
        title_bar(s, _("Setting up"), who if state.phase not in (START_PLAYER, PLACE,
                                                                  START_BUILDINGS) else None)
        players_panel(s, state, pygame.Rect(8, TOP + 4, 240, 230))
        paragraph(s, instruction(state, who), pygame.Rect(RIGHT_X, TOP + 6, RIGHT_W, 90), 20)
        if self.letter_for is not None:
            text(s, _("Which letter is on the back of {who}'s village centre?").format(
                who=colour(self.letter_for.player)), (RIGHT_X, 160), 20)
            return
        step = self.form.next_field()
        if step and _is_cell(step[1]):
            draw_village(s, state, self.village(state),
                         pygame.Rect(RIGHT_X, CHOICES_Y, RIGHT_W, 470 - CHOICES_Y),
                         highlight=set(step[1]))
        elif step:
            text(s, self.prompt(step[0]), (RIGHT_X, CHOICES_Y - 28), 20, MUTED)

    def prompt(self, name: str) -> str:
        return {"player": _("Who?"), "building": _("Which building?"),
                "buildings": _("Which 3 buildings?"), "sex": _("Man or woman?"),
                "take_from": _("Take which building from whom?"),
                "placements": _("Where do the villagers from the school go?")}.get(name, "")


def _is_cell(values: list[Any]) -> bool:
    return bool(values) and all(isinstance(v, tuple) and len(v) == 2
                                and all(isinstance(i, int) for i in v) for v in values)
