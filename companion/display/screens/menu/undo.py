"""Undo the last action? Asked over the current screen; also the way to abandon or end the
game."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ....engine import Action, GameState
from ....engine import table as table_rules
from ....engine.undo_reach import reach, round_taken_back
from ...contract import AppView
from ...kit.widgets import (
    BODY,
    INK,
    PANEL,
    TITLE,
    WARNING_INK,
    Widget,
    button,
    draw_text,
    drawn_height,
    paragraph,
    text,
)
from ...words.i18n import _, name, ngettext
from ...words.table_log import action_text, step_text
from ..parts import Screen
from .abandon import AbandonConfirm, EndGameConfirm, can_end_here
from .navigation import opened_as


def keep_or_undo(app: AppView, something: bool, top: int = 300) -> list[Widget]:
    """The undo question's two answers (every game's): keep it, or undo it (only
    when there is ``something`` to undo); either closes the question. ``top``: where they
    stand."""

    def keep() -> None:
        app.overlay = None

    def undo() -> None:
        app.overlay = None
        app.undo()

    return [button("undo:no", (170, top, 225, 60), _("Keep it"), keep),
            button("undo:yes", (405, top, 225, 60), _("Undo it"), undo, style="primary",
                   enabled=something)]


BOX = pygame.Rect(100, 64, 600, 404)
"""The question over the screen: its words, the two answers, the ways out below them."""
ANSWERS_Y = 334
WAYS_OUT_Y = 404


@opened_as("undo")
class UndoConfirm(Screen):
    """Shown over the current screen: what will be undone (the action, whose), what the table
    then takes back (the moves the screen will show in red), and a choice (issue 32: the
    question said the action alone)."""

    def layout(self, app: AppView) -> list[Widget]:
        widgets = keep_or_undo(app, bool(app.session and app.session.game.actions), ANSWERS_Y)
        if can_end_here(app):  # at a round end: a finished game with a winner, or abandoned
            return [*widgets,
                    button("abandon", (115, WAYS_OUT_Y, 280, 52), _("Abandon"),
                           lambda: setattr(app, "overlay", AbandonConfirm())),
                    button("endgame", (405, WAYS_OUT_Y, 280, 52), _("End the game here"),
                           lambda: setattr(app, "overlay", EndGameConfirm()))]
        # Also the way out of a game started wrongly, before anything can be undone.
        return [*widgets,
                button("abandon", (170, WAYS_OUT_Y, 460, 52),
                       _("Abandon the game, start a new one"),
                       lambda: setattr(app, "overlay", AbandonConfirm()))]

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        box = BOX
        pygame.draw.rect(s, PANEL, box, border_radius=12)
        pygame.draw.rect(s, INK, box, 2, border_radius=12)
        text(s, _("Undo the last action?"), (box.centerx, box.top + 30), TITLE, INK, "center")
        area = pygame.Rect(box.left + 20, box.top + 62, box.width - 40,
                           ANSWERS_Y - 8 - box.top - 62)
        game = app.session.game if app.session else None
        if not (game and game.actions):
            paragraph(s, _("Nothing to undo yet."), area)
            return
        said, back = undo_words(game.states, game.actions)
        y = paragraph(s, said, area)
        steps = pygame.Rect(area.left, y + 6, area.width, area.bottom - y - 6)
        draw_text(s, fitting(back, steps), steps, BODY, WARNING_INK)


def undo_words(states: Sequence[GameState], actions: Sequence[Action]
               ) -> tuple[str, list[str]]:
    """What one undo takes back, in words a first-time player reads: the action (whose it is;
    with a choice nobody made after it, the action that led to it) and the whole round end
    if it goes with it; and the moves to take back on the table, in the order the screen
    will show them."""
    n = reach(states, actions)
    first = len(actions) - n
    action = actions[first]
    what = action_text(action, states[first], with_who=False)
    player = getattr(action, "player", None)
    said = (_("This takes back {who}'s last action: {what}.").format(who=name(player),
                                                                     what=what)
            if player is not None else
            _("This takes back the last action: {what}.").format(what=what))
    ended = round_taken_back(states, actions)
    if ended is not None:  # with it the whole round end: said (finding 10)
        said += " " + _("This takes back the whole end of round {n}: round {n} "
                        "goes on.").format(n=ended)
    back = [step_text(step, True)
            for i in reversed(range(first, len(actions)))
            for step in table_rules.back_steps(states[i], actions[i], states[i + 1])]
    said += "\n" + (_("Then take back on the table:") if back else
                    _("Nothing on the table moves back."))
    return said, back


def fitting(back: list[str], rect: pygame.Rect) -> str:
    """The moves to take back, one a line, as many as fit in ``rect``; the rest counted (the
    screen shows them all after the undo)."""
    if not back:  # nothing moves back: the question says so already
        return ""
    for k in range(len(back), -1, -1):
        lines = back[:k]
        if k == 0:  # none fits: no "more" without one before it
            lines.append(ngettext("{n} move: the screen shows it after the undo.",
                                  "{n} moves: the screen shows them after the undo.",
                                  len(back)).format(n=len(back)))
        elif k < len(back):
            lines.append(ngettext("And {n} more move: the screen shows it after the undo.",
                                  "And {n} more moves: the screen shows them after the undo.",
                                  len(back) - k).format(n=len(back) - k))
        words = "\n".join(lines)
        if drawn_height(words, rect.width) <= rect.height:
            return words
    return ""
