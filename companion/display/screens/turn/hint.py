"""A hint on request, for a person on its turn: the move the strong level would make and one
line why, in the player's language. Never shown unasked: only the "Hint" button opens it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ....engine import (
    Action,
    GameState,
)
from ....engine.state import PLAY
from ...contract import AppView, helvetia_state
from ...kit.widgets import (
    ACCENT_INK,
    BACKGROUND,
    BODY,
    INK,
    MUTED,
    PANEL,
    TITLE,
    W,
    Widget,
    button,
    draw_text,
    paragraph,
)
from ...words.i18n import _, building, name, ngettext, say
from ..parts import Screen
from .plan_lines import plan_lines
from .thinking import strong_hint

if TYPE_CHECKING:
    from ...app.beside import Job
    from .thinking import Thought


def hint_button(app: AppView, state: GameState, rect: tuple[int, int, int, int]) -> Widget:
    """Opens the hint for the player whose turn it is: a pill with a question mark, not a card
    (issue 32: a square "Hint" in the characters' grid read as a sixth character)."""
    r = pygame.Rect(rect)
    r.height = min(r.height, 60)  # a control's height, not a character card's
    r.centery = rect[1] + rect[3] // 2
    return HintButton("hint", r, _("Hint"), lambda: open_hint(app, state))


class HintButton(Widget):
    """The hint's button: round ends, a question mark in a ring, the word beside it; drawn
    on the screen's own background, so that it never reads as one of the character cards."""

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        radius = r.height // 2
        pygame.draw.rect(surface, PANEL, r, border_radius=radius)
        pygame.draw.rect(surface, INK, r, 2, border_radius=radius)
        ring = (r.left + radius, r.centery)
        pygame.draw.circle(surface, INK, ring, radius - 10)
        draw_text(surface, "?", pygame.Rect(ring[0] - radius + 10, r.top + 10,
                                           2 * radius - 20, r.height - 20),
                  BODY, ACCENT_INK, wrap=False, align="center", valign="middle", bg=INK,
                  bold=True)
        text_box = pygame.Rect(r.left + 2 * radius, r.top + 2, r.width - 2 * radius - radius // 2,
                               r.height - 4)
        draw_text(surface, self.label, text_box, BODY, INK, valign="middle", bg=PANEL)


def open_hint(app: AppView, state: GameState) -> None:
    """The hint over the turn screen, worked out beside it (the overlay says so meanwhile;
    Close answers at once)."""
    app.overlay = HintOverlay(state)


def plan_words(state: GameState, plan: tuple[Action, ...]) -> list[str]:
    """The plan in words, line by line (``plan_lines``: each with its coins)."""
    return [line.words for line in plan_lines(state, plan)]


class HintOverlay(Screen):
    """Over the turn screen: what the strong level would do this turn, and why."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.colour = state.active or ""
        self.thinking: str | None = self.colour
        """Whose hint is being worked out (None once it is in)."""
        self.thought: Job[Thought] | None = None
        self.words: list[str] = []
        self.why = ""
        self.costs: tuple[str, ...] = ()
        """The tiles whose costs the hint needs: the way to the cost form."""
        self.plan: tuple[Action, ...] = ()

    def think(self, app: AppView) -> None:
        """The hint asked for (once), beside the screen; taken once it is in. The turn
        screen learns its plan, to preselect the hinted option when the player follows it
        into the character."""
        if self.thought is None:
            self.thought = strong_hint(app, self, self.state, self.colour)
        if not self.thought.ready:
            return
        self.thinking = None
        thought = self.thought.value()
        state = self.state
        if thought.costs:  # which tiles: the table reads them off those
            self.costs = thought.costs
            names = ", ".join(building(state.catalogue, t) for t in thought.costs)
            self.why = ngettext(
                "Enter the cost of the {buildings} tile on offer first: the hint needs it.",
                "Enter the costs of these tiles on offer first: {buildings}. The hint needs "
                "them.", len(thought.costs)).format(buildings=names)
        elif not thought.plan or thought.why is None:
            self.why = _("No hint now.")
        else:
            self.plan = thought.plan
            self.words = plan_words(state, thought.plan)
            why = say(thought.why)
            self.why = why[:1].upper() + why[1:]
            app.screen.take_hint(self.plan)

    def layout(self, app: AppView) -> list[Widget]:
        if self.thinking is not None:
            self.think(app)
        box = _box()
        if self.costs and app.screen.reads_costs:  # the turn's cost form
            def read() -> None:  # one cost after the other, then the hint again
                app.overlay = None
                app.screen.read_costs(self.costs[:1], self.after_cost)

            return [button("hint:cost", (box.left + 12, box.bottom - 68, box.width - 204, 60),
                           _("Enter a cost read off a tile on offer"), read, style="primary"),
                    button("hint:close", (box.right - 180, box.bottom - 68, 168, 60),
                           _("Close"), lambda: setattr(app, "overlay", None))]
        return [button("hint:close", (box.right - 180, box.bottom - 68, 168, 60), _("Close"),
                       lambda: setattr(app, "overlay", None), style="primary")]

    def after_cost(self, app: AppView) -> None:
        """A cost the hint needs is recorded: the next one it needs, straight to its goods;
        when all are known, the hint again, with its plan."""
        state = helvetia_state(app)
        if state is None or state.phase != PLAY or state.active != self.colour:
            return
        left = tuple(t for t in self.costs if state.known_cost(t) is None)
        if left and app.screen.reads_costs:
            app.screen.read_costs(left[:1], self.after_cost)
        elif not left:
            open_hint(app, state)

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        box = _box()
        pygame.draw.rect(s, BACKGROUND, box, border_radius=12)
        pygame.draw.rect(s, INK, box, 2, border_radius=12)
        draw_text(s, _("A hint for {name}").format(name=name(self.colour)),
                  pygame.Rect(box.left + 16, box.top + 10, box.width - 32, 44), TITLE, INK,
                  valign="middle")
        if self.thinking is not None:  # the words come with the thought
            draw_text(s, "…", pygame.Rect(box.left + 16, box.top + 60, box.width - 32, 64),
                      TITLE, MUTED, align="center")
            return
        room = 64 if self.words else box.height - 140  # alone (tiles named): all the room
        y = paragraph(s, self.why, pygame.Rect(box.left + 16, box.top + 60, box.width - 32,
                                               room), BODY, INK)
        if self.words:
            paragraph(s, "\n".join(f"{i + 1}. {w}" for i, w in enumerate(self.words)),
                      pygame.Rect(box.left + 16, y + 10, box.width - 32,
                                  box.bottom - 80 - y - 10), BODY, MUTED)


def _box() -> pygame.Rect:
    return pygame.Rect(40, 30, W - 80, 420)
