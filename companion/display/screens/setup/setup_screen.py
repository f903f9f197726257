"""A new game's setup, guided step by step (the start player, the draft or the letters, the
start buildings placed, the couples), telling the table what to do with the pieces."""

from __future__ import annotations

import random
from functools import partial
from typing import Any

import pygame

from ....engine import Action, Pick, StartBuildings, apply, legal_actions
from ....engine import setup as setup_rules
from ....engine.state import (
    COUPLES,
    DRAFT,
    NEUTRAL,
    PLACE,
    START_BUILDINGS,
    START_PLAYER,
    GameState,
)
from ....engine.table import steps as table_steps
from ....engine.values import Colour, Sex
from ....hw.events import NEXT
from ...contract import AppView, game_state, table_log
from ...kit.forms import ChoiceForm, setup_form, with_letter
from ...kit.widgets import (
    LED_BAND_TOP,
    MUTED,
    Widget,
    button,
    drawn_height,
    paragraph,
    text,
    text_height,
)
from ...pictures import pictograms
from ...pictures.village_view import cell_rects, draw_village
from ...words import i18n
from ...words.i18n import _, building, colour
from ...words.table_log import action_text
from ..parts import (
    RIGHT_W,
    RIGHT_X,
    TOP,
    Screen,
    back_left,
    nav,
    steps_button,
    take_back,
    title_bar,
    value_key,
)
from ..turn.reasons import refusals, why_not_there
from .handover import BOX, draw_band, handover, handover_words
from .progress import left_panel, picks_again

CHOICES_Y = 242  # below an instruction of up to five lines and its question


def taken_from(state: GameState) -> dict[str, list[str]]:
    """The draft's rare case (§6.1.2): when every pick left takes a building from another
    player, each such building type with the players it can be taken from; else empty."""
    picks = [a for a in legal_actions(state) if isinstance(a, Pick)]
    if not picks or any(a.take_from is None for a in picks):
        return {}
    out: dict[str, list[str]] = {}
    for a in picks:
        assert a.take_from is not None
        out.setdefault(a.building, []).append(a.take_from)
    return out


def instruction(state: GameState, who: Colour | None, picked: bool = False,
                after_handover: bool = False) -> str:
    """What the table does now, in words (``picked``: ``who`` was tapped; ``after_handover``:
    the start token's handover is shown above it, the placing comes next)."""
    w = colour(who) if who else ""
    if state.phase == START_PLAYER:
        draft = state.options.setup == "draft"
        if setup_rules.tiles_back_in_box(len(state.players), state.options):  # §6.1.1
            n = sum(state.start_pool.values())
            box = i18n.ngettext(
                "Put one start building of each type back in the box: {n} stays on offer.",
                "Put one start building of each type back in the box: {n} stay on offer.",
                n).format(n=n)
            if len(state.players) == 3:
                return box + " " + _("Then choose who picks first; the last to pick becomes "
                                     "the start player.")
            return box + " " + _("Draw the start player at random, then tap who it is.")
        if draft:
            return _("Choose who picks the first start building. The draft then runs in a "
                     "snake: the last to pick becomes the start player.")
        return _("Draw the start player at random, then tap who it is.")
    if state.phase == DRAFT:
        if taken_from(state):  # §6.1.2: nothing new left for the last picker
            return _("{who} already has every type still on offer, so takes one of another "
                     "player's start buildings instead; that player then picks again from "
                     "what is left.").format(who=w)
        words = _("{who} picks a start building: take its tile from the offer.").format(who=w)
        if len(state.queue) == 1 and state.start_player is not None:  # the last pick: what
            # follows it on the table is said here, where it happens (issue 32)
            pick = next(a for a in legal_actions(state) if isinstance(a, Pick))
            spare = sum(1 for step in table_steps(state, pick, apply(state, pick))  # the
                        if step.code == BOX)  # engine's count (the neutral village's first)
            words += " " + _("Then {who} takes the start-player token from beside the "
                             "board.").format(who=w)
            if spare > 0:
                words += " " + i18n.ngettext(
                    "The {n} start tile left over goes back into the box.",
                    "The {n} start tiles left over go back into the box.", spare).format(n=spare)
        return words
    if state.phase == START_BUILDINGS:
        return _("Each player draws a village centre and takes the 3 start buildings with its "
                 "letter. Tap a player, its buildings and its letter.")
    if state.phase == NEUTRAL:
        return _("{who} places a neutral start building next to the neutral village centre "
                 "and stands a neutral villager on it.").format(who=w)
    if state.phase == PLACE:
        left = state.to_place.get(who or "", [])
        if picked and len(left) == 1:  # chosen by the tap on the player: say which
            return _("{who}: place the {building}, your last start building, next to your "
                     "village centre. Tap its place.").format(
                who=w, building=building(state.catalogue, left[0]))
        if after_handover:  # shorter: the handover's band takes the first lines
            return _("Then place your start buildings: tap a player, a building, then its "
                     "place.")
        return _("Place your start buildings next to your village centre (around a corner "
                 "works well). Tap a player, a building, then its place.")
    if state.phase == COUPLES:
        if state.couple == 1:
            return _("{who}: stand a man and a woman on two of your buildings. Tap the man's "
                     "building, then the woman's.").format(who=w)
        if state.couple == 2:
            return _("{who}: one villager onto your empty building, the other into the school. "
                     "Who goes to the school?").format(who=w)
        neighbour = colour(setup_rules.left_neighbour(state, who or state.colours[0]))
        return _("{who}: one villager marries into {left}'s village, onto a building with a "
                 "single villager of the other sex; the other waits in your village centre."
                 ).format(who=w, left=neighbour)
    return ""


class SetupScreen(Screen):
    def __init__(self, state: GameState) -> None:
        actions = legal_actions(state)
        # No legal answer would be the engine's fault; the screen still offers undo.
        self.form = setup_form(actions) if actions else ChoiceForm([], [])
        self.letter_for: StartBuildings | None = None
        self.three: list[str] = []
        """The start buildings tapped so far (of 3)."""

    def forced(self) -> Action | None:
        """The one action left once every field has a single value: to be confirmed. A
        player's forced start buildings go on to the letter question instead."""
        if self.letter_for is not None or self.form.next_field() is not None:
            return None
        action = self.form.action()
        if isinstance(action, StartBuildings):
            self.letter_for = action
            return None
        return action

    def on_seat(self, app: AppView, seat: str) -> bool:
        """A forced answer is also confirmed by the seat button of the player it concerns
        (or the shared one)."""
        forced = self.forced()
        if forced is None or seat not in (getattr(forced, "player", None), NEXT):
            return False
        self.done(app, forced)
        return True

    def choose(self, app: AppView, name: str, value: Any) -> None:
        self.form.choose(name, value)
        action = self.form.action()
        if isinstance(action, StartBuildings):
            self.letter_for = action  # one more question: the letter on the centre's back
        elif action is not None:
            self.done(app, action)

    def done(self, app: AppView, action: Action) -> None:
        if not app.apply(action):
            self.form.chosen.clear()

    def after_undo(self, app: AppView) -> None:
        """Right after an undo: what the table takes back, over the screen at once (else it
        would be behind "On the table", on its last page: play-test 2026-11-28, finding 11)."""
        if back_left(table_log(app)):
            take_back(app)

    def who(self, state: GameState) -> Colour | None:
        player = self.form.chosen.get("player")
        return player or state.active or (state.queue[0] if state.queue else None)

    def layout(self, app: AppView) -> list[Widget]:
        state = game_state(app)
        out = nav(app)
        if table_log(app).shown():  # what the last answer asks of the table (UI-TABLE)
            out.append(steps_button(app, (8, 412, 240, 60)))
        self.forced()  # forced start buildings: straight to the letter question
        if (letter_for := self.letter_for) is not None:
            used = set(state.letters.values())
            for i, letter in enumerate(["A", "B", "C", "D", "E", None]):
                if letter in used:
                    continue

                def pick(x: str | None = letter) -> None:
                    self.done(app, with_letter(letter_for, x))

                out.append(button(f"letter:{value_key(letter)}",
                                  (RIGHT_X + i * 107, CHOICES_Y + 30, 100, 60) if letter else
                                  (RIGHT_X, CHOICES_Y + 100, RIGHT_W, 60),
                                  letter or _("no letter"), pick))
            return out
        step = self.form.next_field()
        if step is None:
            forced = self.forced()
            if forced is not None:  # one answer only: said as what it is, one tap to confirm
                out.append(button("confirm", (RIGHT_X, CHOICES_Y, RIGHT_W, 60),
                                  forced_text(state, forced), lambda: self.done(app, forced),
                                  style="primary", value=forced))
            return out
        name, values = step
        if name == "player" and state.phase == START_PLAYER:
            out.append(button("random", (RIGHT_X, CHOICES_Y, RIGHT_W, 56), _("Draw at random"),
                              lambda: self.choose(app, name, random.choice(values)),
                              style="primary"))
        if _is_cell(values):
            village = self.village(state)
            area = pygame.Rect(RIGHT_X, CHOICES_Y, RIGHT_W, LED_BAND_TOP - 2 - CHOICES_Y)
            rects = cell_rects(state, village, area)
            for v in values:
                out.append(Widget(f"value:{name}:{value_key(v)}", rects[v], "",
                                  partial(self.choose, app, name, v), style="invisible",
                                  value=v))
            template = next((a for a in legal_actions(state) if hasattr(a, name)), None)
            return out + refusals(state, rects, set(values), template, name, village)
        if name == "buildings":
            return out + self._three_widgets(app, values)
        offered = set(values)
        drafting: Pick | None = None  # a greyed type: the engine's reason (none left, or held)
        if name == "building" and state.phase == DRAFT and not taken_from(state):
            drafting = next((a for a in legal_actions(state)
                              if isinstance(a, Pick) and a.take_from is None), None)
            # Every start type keeps its place for the whole draft: one taken up is greyed,
            # never closes the gap (a second tap at the same place picked another, issue 32).
            values = sorted({*values, *(t for t, b in state.catalogue.buildings.items()
                                        if b.stacks.get("start"))})
        if name == "building" and state.phase == PLACE and self.who(state) is not None:
            # and a player's start buildings keep theirs: one placed stays, greyed
            placed = state.villages[self.who(state)].buildings.values()  # type: ignore[index]
            values = sorted({*values, *(b.type for b in placed)})
        if name == "player" and state.phase == PLACE:
            # Every player keeps its place while the start buildings are placed: one with
            # none left stays, greyed (a second tap at the same place hit another, issue 32).
            values = [*state.colours, *(v for v in values if v not in state.colours)]
        # Each answer whole: two columns if every label fits half the width, else one, paged.
        y0 = CHOICES_Y + 60 if state.phase == START_PLAYER else CHOICES_Y
        labels = [self.label(state, name, v) for v in values]
        badges = name in ("player", "take_from")
        icons = name == "building"  # a start building's tile: its pictogram beside its name
        half = all(text_height(lb, 246 - (38 if badges else 40 if icons else 0)) <= 30
                   for lb in labels)
        cols = 2 if half else 1
        per_page = (cols * max((404 - y0) // 56, 1)
                    if len(values) * 56 > (LED_BAND_TOP - 2 - y0) * cols else len(values))
        page = min(getattr(self, "choice_page", 0), (len(values) - 1) // per_page)
        self.choice_page = page
        y = y0
        for i, v in enumerate(values[page * per_page:(page + 1) * per_page]):
            col = i % cols
            label = labels[page * per_page + i]
            h = 52 if half else max(52, text_height(label, RIGHT_W - 16) + 8)
            out.append(button(f"value:{name}:{value_key(v)}",
                              (RIGHT_X + col * 270, y, 262 if half else RIGHT_W, h), label,
                              partial(self.choose, app, name, v), enabled=v in offered,
                              why_not=None if v in offered
                              else self.why_not(state, name, v, drafting),
                              colour=v if badges else None, value=v,
                              icon=pictograms.building_icon(state.catalogue, v) if icons
                              else None))
            if col == cols - 1:
                y += h + 4
        if page > 0:
            out.append(button("choices:prev", (RIGHT_X + 182, 412, 170, 60), _("Previous"),
                              lambda: setattr(self, "choice_page", page - 1)))
        if (page + 1) * per_page < len(values):
            out.append(button("choices:next", (RIGHT_X + 362, 412, 170, 60), _("More"),
                              lambda: setattr(self, "choice_page", page + 1)))
        return out

    @staticmethod
    def why_not(state: GameState, name: str, v: Any, drafting: Pick | None) -> str | None:
        """Why an answer kept in its place is greyed: a player or a building already placed,
        else the engine's reason for a start building's type in the draft."""
        if name == "player" and state.phase == PLACE:
            return _("{who} has placed all of their start buildings.").format(who=colour(v))
        if name == "building" and state.phase == PLACE:
            return _("Placed already.")
        return None if drafting is None else why_not_there(state, drafting, building=v)

    def _three_widgets(self, app: AppView, values: list[Any]) -> list[Widget]:
        """The 3 start buildings with the centre's letter: a toggle per type (the tiles the
        player holds), never a paged list of every combination."""
        types = sorted({t for v in values for t in v})
        picked = self.three

        def toggle(t: str) -> None:
            if t in picked:
                picked.remove(t)
                return
            picked.append(t)
            if len(picked) == 3:
                trio = tuple(sorted(picked))
                picked.clear()
                if trio in values:
                    self.choose(app, "buildings", trio)
                else:
                    app.banner = _("These three are not possible together; tap them again.")

        return [button(f"three:{t}", (RIGHT_X + (i % 2) * 270, CHOICES_Y + (i // 2) * 56,
                                      262, 52),
                       building(game_state(app).catalogue, t), partial(toggle, t),
                       selected=t in picked, value=t,
                       icon=pictograms.building_icon(game_state(app).catalogue, t))
                for i, t in enumerate(types)]

    def village(self, state: GameState) -> str:
        if state.phase == NEUTRAL:
            assert state.options.neutral_colour is not None
            return state.options.neutral_colour
        who = self.who(state)
        assert who is not None
        if state.phase == COUPLES and state.couple == 3:
            return setup_rules.left_neighbour(state, who)
        return who

    def label(self, state: GameState, name: str, v: Any) -> str:
        cat = state.catalogue
        if name in ("player", "take_from"):
            return colour(v) if name == "player" else _("from {who}").format(who=colour(v))
        if name == "building":
            holders = taken_from(state).get(v) if state.phase == DRAFT else None
            if holders:  # not on offer: in front of these players
                return _("{building} (from {who})").format(
                    building=building(cat, v), who=", ".join(colour(c) for c in holders))
            return building(cat, v)
        if name == "buildings":
            return ", ".join(building(cat, t) for t in v)
        if name in ("sex", "school", "spouse"):
            return _("the man") if v == Sex.M else _("the woman")
        if name == "placements":
            return "; ".join(
                f"{_('man') if p.sex == Sex.M else _('woman')}: "
                + (_("centre") if p.cell is None else building(
                    cat, state.villages[state.queue[0]].buildings[p.cell].type))
                for p in v)
        return str(v)

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        state = game_state(app)
        who = self.who(state)
        title_bar(s, _("Setting up"), who if state.phase not in (START_PLAYER, PLACE,
                                                                  START_BUILDINGS) else None)
        last = app.session.game.actions[-1] if app.session and app.session.game.actions \
            else None
        left_panel(s, state)  # the players; in the draft who drafted what, then "7 of 12 placed"
        again = picks_again(state, last)  # a second pick in a row is no failed tap
        # The draft's end (token, tiles back into the box) above all else until the first
        # placement: the screen the group looks at when it does it (issue 32).
        passed = handover(table_log(app)) if state.phase in (PLACE, NEUTRAL) else []
        said = instruction(state, who, "player" in self.form.chosen, bool(passed))
        if again:  # the instruction in its words, the name once
            said = again + " " + said if taken_from(state) else again
        if not passed:
            paragraph(s, said,
                      pygame.Rect(RIGHT_X, TOP + 6, RIGHT_W, CHOICES_Y - 34 - TOP - 6))
        else:
            top = draw_band(s, handover_words(table_log(app), passed),
                            pygame.Rect(RIGHT_X, TOP + 2, RIGHT_W, 0)) + 6
            if drawn_height(said, RIGHT_W) <= CHOICES_Y - 30 - top:  # (a long band: the
                # question below, "Who?", then the village, lead on without it)
                paragraph(s, said, pygame.Rect(RIGHT_X, top, RIGHT_W, CHOICES_Y - 30 - top))
        if self.letter_for is not None:
            paragraph(s, _("Which letter is on the back of {who}'s village centre?").format(
                who=colour(self.letter_for.player)),  # below the instruction, never over it
                pygame.Rect(RIGHT_X, CHOICES_Y - 34, RIGHT_W, 60))
            return
        step = self.form.next_field()
        if step is None and self.forced() is not None:
            text(s, _("Only one answer is possible now:"), (RIGHT_X, CHOICES_Y - 28), 20, MUTED)
        elif step and _is_cell(step[1]):
            draw_village(s, state, self.village(state),
                         pygame.Rect(RIGHT_X, CHOICES_Y, RIGHT_W, LED_BAND_TOP - 2 - CHOICES_Y),
                         highlight=set(step[1]))
        elif step:
            name = step[0]
            if name == "building" and state.phase == DRAFT and taken_from(state):
                name = "take_from"  # the buildings listed are other players'
            text(s, self.prompt(name, state), (RIGHT_X, CHOICES_Y - 28), 20, MUTED)

    def prompt(self, name: str, state: GameState | None = None) -> str:
        who = self.who(state) if state is not None and state.phase in (PLACE, DRAFT) else None
        if name == "building" and who is not None:  # whose buildings: said (issue 32)
            return _("Which of {who}'s buildings?").format(who=colour(who)) \
                if state is not None and state.phase == PLACE \
                else _("{who}: which building?").format(who=colour(who))
        return {"player": _("Who?"), "building": _("Which building?"),
                "buildings": _("Which 3 buildings? Tap each."), "sex": _("Man or woman?"),
                "take_from": _("Take which building from whom?"),
                "placements": _("Where do the villagers from the school go?")}.get(name, "")


def forced_text(state: GameState, action: Action) -> str:
    """A forced setup answer, as the table will carry it out."""
    a: Any = action
    cat = state.catalogue
    if isinstance(action, Pick):
        if a.take_from:
            return _("{who} takes the {building} from {other}").format(
                who=colour(a.player), building=building(cat, a.building),
                other=colour(a.take_from))
        last = state.start_pool.get(a.building, 0) == 1
        return (_("{who} takes the last {building}") if last else
                _("{who} takes the {building}")).format(who=colour(a.player),
                                                        building=building(cat, a.building))
    return action_text(action, state)


def _is_cell(values: list[Any]) -> bool:
    return bool(values) and all(isinstance(v, tuple) and len(v) == 2
                                and all(isinstance(i, int) for i in v) for v in values)
