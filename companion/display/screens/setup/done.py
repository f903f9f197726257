"""Before the first turn: the setup's table steps as a grouped checklist (start tiles and the
token, buildings, villagers, the dowry; rules §6), as a round end's are, so that no step the
setup set off (the dowry, the token after the draft) hides on a far page of the first turn.
The table may go on with steps unticked (it is their table); the button says how many."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame

from ....engine.state import PLAY
from ...contract import AppView, game_state, table_log
from ...kit.widgets import W, Widget, button
from ...words.i18n import _
from ..parts import Screen, nav, nav_left, title_bar
from ..round_end.checklist import (
    Checklist,
    Group,
    Item,
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
    key = table_log(app).key
    return game_state(app).phase == PLAY and app.summary_pending and key == ("setup",) \
        and bool(table_log(app).left())


SAID = frozenset({
    "table.take_start_building", "table.take_start_building_from", "table.place_building",
    "table.neutral_to_building", "table.supply_to_building", "table.supply_to_centre",
    "table.supply_to_school", "table.start_token_last_pick", "table.start_tile_to_box"})
"""Setup steps a screen of the setup said as the table did them (the draft's picks, the
buildings placed, the villagers stood on them; the last pick's screen the token and the
tiles left over): the closing checklist does not say them again (issue 32)."""


def said_codes(entries: list[Any]) -> frozenset[str]:
    """``SAID``, and after a draft the first picker's token too: the last pick's screen said
    where it goes from there."""
    if any(step.code == "table.start_token_last_pick" for step, _s, _u in entries):
        return SAID | {"table.start_token"}
    return SAID


def unsaid_groups(entries: list[Any]) -> list[Group]:
    """The setup's groups with only the steps no screen said before (the dowry, a token
    taken by a draw); a group with none is left out."""
    said = said_codes(entries)
    out = []
    for g in setup_groups(entries):
        steps = tuple(i for i in g.steps if entries[i][2] or entries[i][0].code not in said)
        if steps:
            out.append(Group(g.key, g.label, steps))
    return out


def unsaid_items(app: AppView, entries: list[Any]) -> list[Item]:
    """The checklist's items, the steps left numbered 1, 2, ... among themselves."""
    items = table_items(entries, virtual_seats(app))
    for k, i in enumerate((i for g in unsaid_groups(entries) for i in g.steps), start=1):
        items[i] = replace(items[i], words=f"{k}. " + items[i].words.split(". ", 1)[-1])
    return items


class SetupDoneScreen(Screen):
    """The setup's steps that no screen said yet (the dowry, a drawn start player's token),
    ticked group by group, then "To the first turn"; those said are ticked as done."""

    def __init__(self) -> None:
        self.checklist = Checklist()
        self.said_ticked = False

    def layout(self, app: AppView) -> list[Widget]:
        entries = table_log(app).shown()
        if not self.said_ticked:  # done as they were said, on their own screens
            self.said_ticked = True
            said = said_codes(entries)
            for i, (step, _s, undone) in enumerate(entries):
                if not undone and step.code in said and i not in table_log(app).ticked:
                    table_log(app).tick(i)
        groups = unsaid_groups(entries)
        out = nav(app)
        table = table_log(app)
        out += self.checklist.widgets(unsaid_items(app, entries), groups,
                                      table, checklist_area(), first_open(table, groups))
        label = _("To the first turn")
        lines = go_on_lines(label, len(table.left()))
        w = go_on_width(lines, 292, W - 16)
        out.append(button("continue", (W - 8 - w, 410, w, 60), label, lambda: go_past(app),
                          style="primary", lines=lines))
        return out

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        title_bar(s, _("The setup is done"), right=nav_left(app))
        entries = table_log(app).shown()
        self.checklist.draw(s, unsaid_items(app, entries),
                            unsaid_groups(entries), table_log(app), checklist_area())

