"""Before the first turn: the setup's table steps as a grouped checklist (start tiles and the
token, buildings, villagers, the dowry; rules §6), as a round end's are, so that no step the
setup set off (the dowry, the token after the draft) hides on a far page of the first turn.
The table may go on with steps unticked (it is their table); the button says how many."""

from __future__ import annotations

import pygame

from ....engine.state import PLAY
from ...contract import AppView, game_state
from ...kit.widgets import W, Widget, button
from ...words.i18n import _
from ..parts import Screen, nav, nav_left, title_bar
from ..round_end.checklist import (
    Checklist,
    first_open,
    go_on_lines,
    go_on_width,
    setup_groups,
    table_items,
)
from ..round_end.round_screen import checklist_area, go_past
from ..turn.virtual import virtual_seats


def setup_just_done(app: AppView) -> bool:
    """The turns have begun with the setup's steps still on the log and not gone past."""
    key = app.table.key
    return game_state(app).phase == PLAY and app.summary_pending and key == ("setup",) \
        and bool(app.table.left())


class SetupDoneScreen(Screen):
    """The setup's steps, ticked group by group, then "To the first turn"."""

    def __init__(self) -> None:
        self.checklist = Checklist()

    def layout(self, app: AppView) -> list[Widget]:
        entries = app.table.shown()
        groups = setup_groups(entries)
        out = nav(app)
        out += self.checklist.widgets(table_items(entries, virtual_seats(app)), groups,
                                      app.table, checklist_area(), first_open(app.table, groups))
        label = _("To the first turn")
        lines = go_on_lines(label, len(app.table.left()))
        w = go_on_width(lines, 292, W - 16)
        out.append(button("continue", (W - 8 - w, 410, w, 60), label, lambda: go_past(app),
                          style="primary", lines=lines))
        return out

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        title_bar(s, _("The setup is done"), right=nav_left(app))
        entries = app.table.shown()
        self.checklist.draw(s, table_items(entries, virtual_seats(app)),
                            setup_groups(entries), app.table, checklist_area())

