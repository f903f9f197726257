"""A seat the companion plays: its whole turn (or its setup choice) shown as the table steps
that move its pieces, confirmed with "Done" or that seat's button once they are moved."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ....engine import Action, EndTurn, GameState, TileCost, apply, turn_options
from ....engine.deciders import deciders
from ....engine.header import VIRTUAL_LEVELS
from ....engine.state import NEUTRAL, PLACE, PLAY, SCHOOL
from ....engine.table import TableStep, round_ended, steps
from ....hw.events import NEXT
from ...contract import AppView, helvetia_state, table_log
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
    paragraph,
)
from ...pictures import pictograms
from ...words.i18n import _, name
from ...words.table_log import TableLog, for_the_table
from ..parts import LEFT_W, RIGHT_W, RIGHT_X, TOP, Screen, StepsView, nav, nav_left, title_bar
from ..round_end.checklist import go_on_lines, go_on_width
from ..setup.handover import handover
from .hint import plan_words
from .thinking import virtual_plan
from .tile_cost import TileCostView

if TYPE_CHECKING:
    from ...app.beside import Job
    from .thinking import Thought

LEVELS = VIRTUAL_LEVELS
SCHOOL_STEPS = ("table.school_home", "table.school_to_centre")
"""A virtual player's own steps when it brings its villagers back from the school."""


def level_word(level: str | None) -> str:
    """A seat's player, in words: a person, or a virtual player's level."""
    return {None: _("Person"), "easy": _("Easy"), "normal": _("Normal"),
            "strong": _("Strong")}.get(level, str(level))


def next_level(level: str | None) -> str | None:
    """The next choice of the new-game screen's seat button: a person, easy, normal, strong."""
    order: list[str | None] = [None, *LEVELS]
    return order[(order.index(level) + 1) % len(order)]


def level_button(levels: dict[str, str], c: str, rect: tuple[int, int, int, int],
                 enabled: bool) -> Widget:
    """The new-game screen's choice for a seat: a person, or a virtual player and its level
    (each tap the next)."""
    def tap() -> None:
        level = next_level(levels.get(c))
        if level is None:
            levels.pop(c, None)
        else:
            levels[c] = level
    return button(f"level:{c}", rect, level_word(levels.get(c)), tap, enabled=enabled,
                  selected=c in levels, value=levels.get(c),
                  icon=pictograms.companion if c in levels else pictograms.person)


def with_virtual(header: dict[str, Any], levels: dict[str, str]) -> dict[str, Any]:
    """The record's header with the seats the companion plays marked (``virtual``: level)."""
    for p in header["players"]:
        if p["colour"] in levels:
            p["virtual"] = levels[p["colour"]]
    return header


def virtual_seats(app: AppView) -> dict[str, str]:
    """The seats the companion plays in the current game, colour → level (from the record)."""
    if app.session is None:
        return {}
    return {p["colour"]: p["virtual"] for p in app.session.game.header.get("players", ())
            if p.get("virtual")}


def virtual_decider(app: AppView) -> tuple[str, str] | None:
    """The virtual player whose decision the game waits for now, with its level."""
    seats = virtual_seats(app)
    state = helvetia_state(app)
    if not seats or state is None:
        return None
    return next(((c, seats[c]) for c in deciders(state) if c in seats), None)


def theirs(step: TableStep, player: str | None) -> TableStep:
    """A virtual player's own step said to the person who moves its pieces ("Yellow's
    supply", not "your supply")."""
    return step if player is None else for_the_table(step, {player})


def redone(plan: list[Action], taken: list[Action]) -> int:
    """How many of the plan's first actions are those undone (``taken``, the game's latest
    first), in the game's order: their pieces are still on the table."""
    n = 0
    for a, b in zip(plan, reversed(taken), strict=False):
        if a != b:
            break
        n += 1
    return n


class PlanSteps(TableLog):
    """The table steps of a plan, as the app's ``TableLog`` for ``StepsView`` (ticks
    included): what the table still has to take back after an undo, the round end's moves,
    then the plan's."""

    def __init__(self, app: AppView, state: GameState, colour: str,
                 plan: list[Action]) -> None:
        table = table_log(app)
        again = redone(plan, [a for a, _n in table.taken])
        """The plan's first actions are the very ones just undone, in their order: their
        pieces stay where they are (nothing to take back, their steps shown as done); the
        rest of what was undone is taken back."""
        undone = table.undone[:sum(n for _a, n in table.taken[:len(table.taken) - again])]
        super().__init__(undone=undone)
        # Only what the table takes back and this decision's own moves: a person's setup
        # moves before it stay for the setup's checklist before the first turn
        # (``setup_done``), a round end's for its own (the round screen), where the table
        # ticks them; a "Done" here never ticks them for it (play-test 2026-11-28, finding 3).
        self.plan: list[tuple[TableStep, GameState, bool]] = [(s, st, True) for s, st in undone]
        self.own = len(self.plan)
        """Where this decision's own steps begin (before: what to take back)."""
        self.handed = handover(table) if state.phase in (PLACE, NEUTRAL) and not undone \
            else []
        """The draft's end still to do on the table (a person's last pick: the start token,
        the tiles back into the box; indexes into the app's log), shown first: the placing
        follows at once on this screen (issue 32). "Done" ticks them."""
        seats = virtual_seats(app)
        self.plan += [(for_the_table(table.entries[i][0], seats), table.entries[i][1], False)
                      for i in self.handed]
        self.raw: list[TableStep] = []
        """This decision's own steps as the engine says them (for "Done" to tick them)."""
        s = state
        for n, action in enumerate(plan):
            after = apply(s, action)
            if round_ended(s, action, after):
                break  # the round end's moves: its checklist comes next
            for step in steps(s, action, after):
                if state.phase == SCHOOL and step.code not in SCHOOL_STEPS:
                    continue  # the rest of the round end: its checklist
                if n < again:
                    self.ticked.add(len(self.plan))
                self.raw.append(step)
                self.plan.append((theirs(step, getattr(action, "player", None)), after, False))
            s = after

    def shown(self) -> list[tuple[TableStep, GameState, bool]]:
        return self.plan


class VirtualScreen(Screen):
    """A virtual player's turn: first "thinking" (its LED seat pulses), then what it does in
    words and every table step in pictures; "Done" (or its seat button) once the table has
    moved its pieces. A building cost it needs is read off the tile first."""

    def __init__(self, state: GameState, colour: str, level: str, seed: int = 0) -> None:
        self.state = state
        self.colour = colour
        self.level = level
        self.seed = seed
        self.thinking: str | None = colour
        """The colour whose LED seat pulses while the plan is worked out (the app asks)."""
        self.thought: Job[Thought] | None = None
        """The plan being worked out beside the screen (asked for at the first frame)."""
        self.frames = 0
        self.key: Any = None
        """The app's table log's key when the plan was made."""
        self.plan: list[Action] = []
        self.table: PlanSteps | None = None
        self.reading: TileCostView | None = None
        self.without: tuple[str, ...] = ()
        """Buildings whose cost the table did not read off when asked ("Back"): planned
        without."""
        self.view = StepsView(from_start=True)

    def think(self, app: AppView) -> None:
        """The plan asked for (once), beside the screen; taken once it is in. Once the table
        read a cost off a tile this turn, the other unknown ones are left out of the plan (one
        tile asked for a turn)."""
        if self.thought is None:
            self.reading = None
            if self.read_this_turn(app):
                self.without = tuple(dict.fromkeys((*self.without, *self.unknown_costs())))
            self.thought = virtual_plan(app, self, self.state, self.colour, self.level,
                                        self.seed, self.without)
        if not self.thought.ready:
            return  # the screen stays live: "thinking", its seat pulsing, Menu and Undo
        thought = self.thought.value()
        if thought.costs:
            self.reading = TileCostView(thought.costs)
        self.plan = list(thought.plan)
        self.table = PlanSteps(app, self.state, self.colour, self.plan)
        self.key = table_log(app).key
        self.thinking = None
        app.update_leds()

    def layout(self, app: AppView) -> list[Widget]:
        self.frames += 1
        if self.thinking is not None:
            self.think(app)
        out = nav(app)
        if self.thinking is not None:
            return out
        if self.reading is not None:
            return out + self.reading.widgets(app, self.state, lambda: None,
                                              lambda: self.not_now(app))
        assert self.table is not None
        out += self.view.widgets(self.table, _steps_area(), _steps_header())
        lines = go_on_lines(_("Done"), len(self.table.left()))  # every step shown: Done ticks
        # them all (a person's before, what to take back; a round end's are not shown)
        w = go_on_width(lines, 262, RIGHT_W)
        out.append(button("virtual:done", (RIGHT_X + RIGHT_W - w, 412, w, 60), _("Done"),
                          lambda: self.done(app), enabled=bool(self.plan), style="primary",
                          lines=lines))
        return out

    def read_this_turn(self, app: AppView) -> bool:
        """Whether the table already read a cost off a tile for this turn of this player
        (the record ends with it): it is asked for no second one, the plan makes do
        without the others (unless a pass wants them priced, §7)."""
        actions = app.session.game.actions if app.session is not None else []
        return bool(actions) and isinstance(actions[-1], TileCost) and \
            actions[-1].player == self.colour and self.state.phase == PLAY

    def unknown_costs(self) -> tuple[str, ...]:
        """The buildings on offer to this player whose cost the device does not know."""
        if self.state.phase != PLAY or self.state.active != self.colour:
            return ()
        return turn_options(self.state).costs_needed

    def not_now(self, app: AppView) -> None:
        """"Back" on the cost asked for: the plan is made again without that building, and
        without the other tiles of unknown cost too: one tile asked for a turn (play-test
        2026-11-28: after Back on the Mill it asked for the Church at once). Asked again only
        if the rules want one priced before a pass."""
        assert self.reading is not None
        skipped = self.reading.type or (self.reading.types[0] if self.reading.types else None)
        if skipped is not None and skipped not in self.without:
            self.without = tuple(dict.fromkeys((*self.without, skipped, *self.unknown_costs())))
            self.thought, self.thinking = None, self.colour  # planned again, beside the screen
            self.think(app)
        if self.reading is not None and self.reading.type in self.without:
            self.reading.type = None
            self.reading.form = None

    def done(self, app: AppView) -> None:
        """The table has moved the pieces: the plan goes into the record, action by action
        (each one undoable as anyone's)."""
        first = len(table_log(app).entries)
        for action in self.plan:
            if helvetia_state(app) is None or not app.apply(action):
                return
        table = table_log(app)
        if self.table is not None and table.key == self.key:  # the same moves go on (the
            shown = list(self.table.raw)  # setup's, a round end's): what this screen showed
            for i in range(first, len(table.entries)):  # is done, the rest stays on their
                if table.entries[i][0] in shown and i not in table.ticked:  # checklist
                    shown.remove(table.entries[i][0])
                    table.tick(i)
        elif table.key is not None and table.key[0] != "round":
            for i in table.left():  # "Done": moves of this turn's own, all moved
                table.tick(i)
        if self.table is not None and table.key == self.key:  # the draft's end it showed
            for i in self.table.handed:
                if i not in table.ticked:
                    table.tick(i)

    def on_seat(self, app: AppView, seat: str) -> bool:
        """Its own seat button (or the next-turn button) confirms, like "Done"."""
        if seat not in (self.colour, NEXT):
            return False
        if self.thinking is not None:  # too early: the plan is not shown yet
            app.banner = _("{name} is thinking …").format(name=name(self.colour))
            return True
        if self.reading is None and self.plan:
            self.done(app)
            return True
        return False

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        who = name(self.colour)
        title = (_("{name}'s turn ({level})") if self.state.phase == PLAY
                 else _("{name} ({level})")).format(name=who, level=level_word(self.level))
        title_bar(s, title, self.colour, nav_left(app))
        if self.thinking is not None:
            draw_text(s, _("{name} is thinking …").format(name=who),
                      pygame.Rect(8, TOP + 40, W - 16, 80), BODY, INK, align="center")
            return
        if self.reading is not None:
            paragraph(s, _("{name} thinks of building this; its cost is not known yet. "
                           "Read it off the tile, please (asked once: the companion keeps "
                           "it). Back: {name} plans without it.").format(name=who),
                      pygame.Rect(8, TOP + 8, LEFT_W - 8, 300), BODY, INK)
            self.reading.draw(self.state, s)
            return
        summary, hint = summary_layout(self.state, self.plan, who)
        draw_text(s, summary, pygame.Rect(8, TOP + 8, LEFT_W - 8, BOTTOM - TOP - 8), BODY, INK)
        if hint:  # under the summary when there is room for both; the summary comes first
            draw_text(s, hint, pygame.Rect(8, BOTTOM - drawn_height(hint, LEFT_W - 8),
                                           LEFT_W - 8, drawn_height(hint, LEFT_W - 8)),
                      BODY, MUTED)
        assert self.table is not None
        self.view.draw(s, self.table, _steps_area(), _steps_header())


BOTTOM = LED_BAND_TOP
"""Where the left side's words end."""


def summary_layout(state: GameState, plan: list[Action], who: str) -> tuple[str, str | None]:
    """The numbered summary of a virtual player's plan, and the hint under it ("Move the
    pieces, then Done") when both fit on the left side; a long summary takes the whole side
    (Done is in sight beside it), and a longer one leaves out its "End the turn"."""
    words = plan_words(state, tuple(plan))
    hint = _("Move the pieces, then Done (or {name}'s seat button).").format(name=who)
    room = BOTTOM - TOP - 8
    width = LEFT_W - 8

    def numbered(ws: list[str]) -> str:
        return "\n".join(f"{i + 1}. {w}" for i, w in enumerate(ws))

    summary = numbered(words)
    if drawn_height(summary, width) + 8 + drawn_height(hint, width) <= room:
        return summary, hint
    if drawn_height(summary, width) > room and plan and isinstance(plan[-1], EndTurn):
        summary = numbered(words[:-1])
    return summary, None


def _steps_header() -> pygame.Rect:
    """The count and the pager: as tall as its buttons (a touch target), the steps below."""
    return pygame.Rect(RIGHT_X, TOP + 2, RIGHT_W, 48)


def _steps_area() -> pygame.Rect:
    return pygame.Rect(RIGHT_X, TOP + 56, RIGHT_W, 406 - TOP - 56)
