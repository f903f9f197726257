"""The table's steps as a checklist in groups: the round end's (what moves: character tiles,
coins home, the school, children, scores, new tiles) and the setup's. Every group is on the
screen with what is left in it; one group's steps are open, each a tick the table taps;
"next unticked" is one tap away, and a group that scrolls shows where it is."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any

import pygame

from ...kit.widgets import (
    ACCENT_INK,
    BODY,
    BUTTON,
    BUTTON_EDGE,
    GRID,
    INK,
    MUTED,
    PANEL,
    SELECTED,
    WARNING_INK,
    Widget,
    button,
    draw_text,
    drawn_height,
    font,
)
from ...pictures.step_pictures import step_picture
from ...words import i18n
from ...words.i18n import N_, _, ngettext
from ...words.table_log import for_the_table, step_text
from ..parts import TICK_W, step_number, tick_box

ROUND_GROUPS: tuple[tuple[str, str, frozenset[str]], ...] = (
    ("tiles", N_("Character tiles"), frozenset({
        "table.character_tile", "table.character_tile_new", "table.tile_face_up",
        "table.start_token_from"})),
    ("coins", N_("Coins home"), frozenset({
        "table.coins_back", "table.neutral_coin_back", "table.coins_to_hand"})),
    ("school", N_("School"), frozenset({"table.school_home", "table.school_to_centre"})),
    ("children", N_("Children"), frozenset({"table.child_to_school"})),
    ("scores", N_("Scores"), frozenset({
        "table.score", "table.goods_tile", "table.branch_tile", "table.village_tile"})),
    ("new", N_("New tiles"), frozenset({"table.new_building"})),
)
"""The round end's groups (rules §10), in the order the table does them: a group by what
moves."""
SETUP_GROUPS: tuple[tuple[str, str, frozenset[str]], ...] = (
    ("start", N_("Start tiles and the token"), frozenset({
        "table.start_token", "table.take_start_building", "table.take_start_building_from",
        "table.start_token_last_pick", "table.start_tile_to_box"})),
    ("buildings", N_("Buildings"), frozenset({"table.place_building"})),
    ("villagers", N_("Villagers"), frozenset({
        "table.neutral_to_building", "table.supply_to_building", "table.supply_to_centre",
        "table.supply_to_school"})),
    ("dowry", N_("Dowry"), frozenset({"table.dowry"})),
)
"""The setup's groups (rules §6), in the order the table does them."""
UNDO = ("undo", N_("Take back"))
"""An undone action's moves: first, before anything else is done."""
OTHER = ("other", N_("Other steps"))

PIC_W, PIC_H = 96, 64
"""A step's picture, beside its words."""
GAP = 6
SCROLL_W = 52


@dataclass(frozen=True)
class Group:
    key: str
    label: str
    """In words (translated)."""
    steps: tuple[int, ...]
    """Indexes into the checklist's items."""


@dataclass(frozen=True)
class Item:
    """One step of a checklist: its words, its picture, and whether it is to be undone."""

    words: str
    paint: Callable[[pygame.Surface, pygame.Rect], None] | None
    undone: bool = False


def grouped(entries: Sequence[Any],
            kinds: Sequence[tuple[str, str, frozenset[str]]]) -> list[Group]:
    """The table log's steps (``TableLog.shown()``) grouped by what moves, in the order of
    ``kinds`` (what to take back first, the rest last); empty groups left out."""
    keys: dict[str, list[int]] = {}
    for i, (step, _state, undone) in enumerate(entries):
        key = UNDO[0] if undone else next(
            (k for k, _label, codes in kinds if step.code in codes), OTHER[0])
        keys.setdefault(key, []).append(i)
    labels = dict([UNDO, *((k, label) for k, label, _c in kinds), OTHER])
    order = [UNDO[0], *(k for k, _l, _c in kinds), OTHER[0]]
    return [Group(k, _(labels[k]), tuple(keys[k])) for k in order if k in keys]


def round_groups(entries: Sequence[Any]) -> list[Group]:
    """A round end's steps by what moves (§10)."""
    return grouped(entries, ROUND_GROUPS)


def setup_groups(entries: Sequence[Any]) -> list[Group]:
    """The setup's steps by what moves (§6)."""
    return grouped(entries, SETUP_GROUPS)


def first_open(table: Any, groups: Sequence[Group]) -> int:
    """The step a checklist opens at: the top of the first group with a step still to do
    (what to take back after an undo comes first), so that nothing before it is out of sight;
    the last action's first step once all is ticked."""
    group = next((g for g in groups if any(i not in table.ticked for i in g.steps)), None)
    return group.steps[0] if group is not None else int(table.last)


def table_items(entries: Sequence[Any], virtual: Collection[str] = ()) -> list[Item]:
    """The table log's steps as checklist items: numbered words and the step's picture; the
    steps of a seat the companion plays (``virtual``) said to the person who moves them."""
    def painter(step: Any, state: Any) -> Callable[[pygame.Surface, pygame.Rect], None]:
        return lambda s, r: step_picture(s, step, state, r)

    return [Item(f"{step_number(entries, i)}. {step_text(for_the_table(step, virtual), undone)}",
                 painter(step, state), undone)
            for i, (step, state, undone) in enumerate(entries)]


class Checklist:
    """A grouped checklist over ``ticks`` (anything with ``ticked``, ``tick(i)`` and
    ``left()``, as ``TableLog``): the groups down the left, each with what is left in it; the
    open group's steps on the right, scrolled so that the step looked for is in sight."""

    def __init__(self, prefix: str = "", pic: tuple[int, int] = (PIC_W, PIC_H),
                 groups_w: int = 250, rows: int = 0) -> None:
        self.rows = rows
        """The groups' rows are as high as for this many groups (or as many as there are):
        a group that comes never moves the others (issue 32)."""
        self.pic_w, self.pic_h = pic
        """A step's picture."""
        self.groups_w = groups_w
        """The column of the groups, on the left."""
        self.open: str | None = None
        self.top = 0
        """The first step of the open group in sight (an index into its steps)."""
        self.seen = -1
        self.prefix = prefix
        """Put before the widgets' ids (two checklists on one screen)."""
        self.want: int | None = None
        """A step to bring into sight, scrolling as little as need be."""

    # --- which group, which steps ------------------------------------------------------------

    def follow(self, groups: list[Group], newest: int, count: int, ticks: Any = None) -> None:
        """Opens the group of the newest step when steps were added since last seen; when
        first shown, the group the table had open (after a restart) if it is still there."""
        opened = getattr(ticks, "opened", None)
        if self.seen < 0 and count and opened in {g.key for g in groups}:
            self.seen = count
            self._open(next(g for g in groups if g.key == opened), ticks)
        elif count != self.seen:
            self.seen = count
            self.show(groups, newest)
        elif self.open not in {g.key for g in groups} and groups:
            self.open, self.top = groups[0].key, 0

    def show(self, groups: list[Group], i: int) -> None:
        """Opens the group of step ``i``, scrolled so that ``i`` is in sight."""
        group = next((g for g in groups if i in g.steps), groups[0] if groups else None)
        if group is None:
            return
        self.open = group.key
        self.top = 0
        self.want = i if i in group.steps else None

    def current(self, groups: list[Group]) -> Group | None:
        return next((g for g in groups if g.key == self.open), groups[0] if groups else None)

    # --- layout --------------------------------------------------------------------------------

    def _split(self, area: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
        left_w = min(self.groups_w, area.width // 3)
        return (pygame.Rect(area.left, area.top, left_w, area.height),
                pygame.Rect(area.left + left_w + 10, area.top, area.width - left_w - 10,
                            area.height))

    def _group_rows(self, groups: list[Group], left: pygame.Rect
                    ) -> tuple[bool, list[pygame.Rect]]:
        """Whether the count of what is left heads the column, and each group's button."""
        n = max(len(groups), self.rows, 1)
        summary = n * 50 <= left.height - 36
        top = left.top + (36 if summary else 0)
        gap = 4 if left.bottom - top >= n * 52 else 2
        h = min(60, (left.bottom - top) // n - gap)
        # What to take back comes and goes with an undo: below the groups that stay, so that
        # none of them moves when it comes (issue 32); it is still the one opened first.
        shown = [g for g in groups if g.key != UNDO[0]] + [g for g in groups if g.key == UNDO[0]]
        slot = {g.key: k for k, g in enumerate(shown)}
        return summary, [pygame.Rect(left.left, top + slot[g.key] * (h + gap), left.width,
                                     max(h, 48)) for g in groups]

    def _row_height(self, item: Item, width: int) -> int:
        """As tall as its picture or its words as drawn (French spaces before ":" too)."""
        return max(self.pic_h, drawn_height(item.words, width))

    def _rows(self, items: list[Item], group: Group, steps_rect: pygame.Rect
              ) -> tuple[list[tuple[int, pygame.Rect]], bool]:
        """The steps in sight from ``self.top`` and whether the group scrolls."""
        def place(width: int) -> tuple[list[tuple[int, pygame.Rect]], bool]:
            out: list[tuple[int, pygame.Rect]] = []
            y = steps_rect.top
            for i in group.steps[self.top:]:
                h = self._row_height(items[i], width - TICK_W - self.pic_w - 12)
                if out and y + h > steps_rect.bottom:
                    return out, True
                out.append((i, pygame.Rect(steps_rect.left, y, width, h)))
                y += h + GAP
            return out, False

        rows, more = place(steps_rect.width)
        if more or self.top > 0:
            rows, _more = place(steps_rect.width - SCROLL_W - 6)
            return rows, True
        return rows, False

    def widgets(self, items: list[Item], groups: list[Group], ticks: Any, area: pygame.Rect,
                newest: int = 0) -> list[Widget]:
        self.follow(groups, newest, len(items), ticks)
        group = self.current(groups)
        if group is None:
            return []
        if hasattr(ticks, "opened"):
            ticks.opened = group.key  # kept across a restart
        self.top = max(0, min(self.top, len(group.steps) - 1))
        left, right = self._split(area)
        steps_rect = pygame.Rect(right.left, right.top + 54, right.width, right.height - 54)
        if self.want in group.steps:
            for t in range(group.steps.index(self.want) + 1):
                self.top = t
                if self.want in {i for i, _r in self._rows(items, group, steps_rect)[0]}:
                    break
        self.want = None
        p = self.prefix
        out: list[Widget] = []
        _summary, rects = self._group_rows(groups, left)
        for g, r in zip(groups, rects, strict=True):
            out.append(Widget(f"{p}group:{g.key}", r, "", on_tap=partial(self._open, g, ticks),
                              selected=g is group, value=g.key,
                              paint=self._group_paint(g, ticks, g is group)))
        rows, scrolls = self._rows(items, group, steps_rect)
        for i, r in rows:
            out.append(Widget(f"{p}tick:{i}", r, on_tap=partial(self._tick, i, groups, ticks),
                              style="invisible", selected=i in ticks.ticked))
        first = _first_unticked(groups, ticks)
        in_sight = {i for i, _r in rows}
        # "Tick all" always at the right end, "Next unticked" left of it: neither moves when
        # the other comes or goes.
        all_w = _tick_all_width()
        if any(i not in ticks.ticked for i in group.steps):
            out.append(button(f"{p}steps:all", (right.right - all_w, right.top, all_w, 48),
                              _("Tick all"), lambda: self._tick_all(group, groups, ticks)))
        if first is not None and first not in in_sight:
            w = _todo_width()
            out.append(button(f"{p}steps:todo", (right.right - all_w - 8 - w, right.top, w, 48),
                              _("Next unticked"), partial(self.show, groups, first)))
        if scrolls:
            sx = right.right - SCROLL_W
            shown = len(rows)
            out.append(button(f"{p}steps:up", (sx, steps_rect.top, SCROLL_W, 52), "",
                              lambda: setattr(self, "top", max(0, self.top - shown)),
                              enabled=self.top > 0, paint=_arrow(up=True)))
            more = self.top + shown < len(group.steps)
            out.append(button(f"{p}steps:down", (sx, steps_rect.bottom - 52, SCROLL_W, 52),
                              "", lambda: self._down(items, group, steps_rect, shown),
                              enabled=more, style="primary" if more else "button",
                              paint=_arrow(up=False, light=more)))
        return out

    def _down(self, items: list[Item], group: Group, steps_rect: pygame.Rect, shown: int
              ) -> None:
        """The next steps into sight; at the end of the group, as many as fit (the last
        view is full, never one step alone)."""
        self.top += shown
        while self.top > 0:
            self.top -= 1
            rows, _scrolls = self._rows(items, group, steps_rect)
            if rows[-1][0] != group.steps[-1]:
                self.top += 1
                break

    @staticmethod
    def _group_paint(g: Group, ticks: Any, selected: bool
                     ) -> Callable[[pygame.Surface, pygame.Rect], None]:
        """The group's name, and what is left in it (a tick once all is done)."""
        def paint(s: pygame.Surface, r: pygame.Rect) -> None:
            n = sum(1 for i in g.steps if i not in ticks.ticked)
            draw_text(s, g.label, pygame.Rect(r.left + 10, r.top + 3, r.width - 62,
                                              r.height - 6), BODY, INK, valign="middle",
                      bg=SELECTED if selected else BUTTON)
            box = pygame.Rect(r.right - 44, r.centery - 17, 36, 34)
            pygame.draw.rect(s, PANEL, box, border_radius=6)
            if n:
                draw_text(s, str(n), box, BODY, INK, wrap=False, align="center",
                          valign="middle", bg=PANEL)
            else:
                tick_box(s, (box.centerx - 13, box.centery - 13), True)
        return paint

    def _open(self, g: Group, ticks: Any) -> None:
        """A group tapped: open at its first step still to do."""
        self.open = g.key
        self.top = 0
        self.want = next((i for i in g.steps if i not in ticks.ticked), None)

    def _tick(self, i: int, groups: list[Group], ticks: Any) -> None:
        ticks.tick(i)
        self._advance(groups, ticks)

    def _tick_all(self, group: Group, groups: list[Group], ticks: Any) -> None:
        for i in group.steps:
            if i not in ticks.ticked:
                ticks.tick(i)
        self._advance(groups, ticks)

    def _advance(self, groups: list[Group], ticks: Any) -> None:
        """The open group all ticked: on to the next group with a step to do."""
        group = self.current(groups)
        if group is None or any(i not in ticks.ticked for i in group.steps):
            return
        k = groups.index(group)
        nxt = next((g for g in groups[k + 1:] + groups[:k]
                    if any(i not in ticks.ticked for i in g.steps)), None)
        if nxt is not None:
            self._open(nxt, ticks)

    # --- drawing -------------------------------------------------------------------------------

    def draw(self, s: pygame.Surface, items: list[Item], groups: list[Group], ticks: Any,
             area: pygame.Rect) -> None:
        group = self.current(groups)
        left, right = self._split(area)
        summary, _rects = self._group_rows(groups, left)
        n = len(ticks.left())
        if summary:
            draw_text(s, ngettext("{n} step left", "{n} steps left", n).format(n=n) if n
                      else _("All done"), pygame.Rect(left.left, left.top, left.width, 32),
                      BODY, INK, wrap=False, valign="middle")
        if group is None:
            return
        steps_rect = pygame.Rect(right.left, right.top + 54, right.width, right.height - 54)
        rows, scrolls = self._rows(items, group, steps_rect)
        if rows:  # where the table is in the group: "3-5 of 8"
            first, last = group.steps.index(rows[0][0]) + 1, group.steps.index(rows[-1][0]) + 1
            total = len(group.steps)
            where = (ngettext("{n} step", "{n} steps", total).format(n=total) if not scrolls
                     else _("{first} of {n}").format(first=first, n=total) if first == last
                     else _("{first}-{last} of {n}").format(first=first, last=last, n=total))
            if not summary:  # no room above the groups: what is left in all, said here
                where = ngettext("{n} step left", "{n} steps left", n).format(n=n) if n \
                    else _("All done")
            room = right.width - self._buttons_width(groups, group, ticks, rows)
            draw_text(s, where, pygame.Rect(right.left, right.top, max(room - 8, 40), 48),
                      BODY, MUTED, wrap=False, valign="middle")
        for i, r in rows:
            item = items[i]
            done = i in ticks.ticked
            pic = pygame.Rect(r.left + TICK_W, r.top, self.pic_w, self.pic_h)
            if item.paint is not None:
                item.paint(s, pic)
            draw_text(s, item.words, pygame.Rect(pic.right + 12, r.top,
                                                 r.right - pic.right - 12, r.height), BODY,
                      MUTED if done else WARNING_INK if item.undone else INK)
            tick_box(s, (r.left + 2, r.top + 2), done)
        if scrolls:  # the scroll bar: where the rows in sight lie in the group
            bar = pygame.Rect(right.right - SCROLL_W // 2 - 4, steps_rect.top + 58, 8,
                              steps_rect.height - 116)
            pygame.draw.rect(s, GRID, bar, border_radius=4)
            total = len(group.steps)
            a = group.steps.index(rows[0][0]) if rows else 0
            thumb = pygame.Rect(bar.left - 2, bar.top + bar.height * a // total, 12,
                                max(bar.height * len(rows) // total, 12))
            pygame.draw.rect(s, INK, thumb, border_radius=5)
            pygame.draw.rect(s, BUTTON_EDGE, bar, 1, border_radius=4)

    def _buttons_width(self, groups: list[Group], group: Group, ticks: Any,
                       rows: list[tuple[int, pygame.Rect]]) -> int:
        w = _tick_all_width()  # its place is kept, there or not
        first = _first_unticked(groups, ticks)
        if first is not None and first not in {i for i, _r in rows}:
            w += _todo_width() + 8
        return w


def _first_unticked(groups: Sequence[Group], ticks: Any) -> int | None:
    """The first step not ticked in the order the groups show them (a group may put a step
    first, as a round end does the token's), for "Next unticked"."""
    return next((i for g in groups for i in g.steps if i not in ticks.ticked), None)


def _tick_all_width() -> int:
    return max(font(BODY).size(_("Tick all"))[0] + 24, 110)


def _todo_width() -> int:
    return max(font(BODY).size(_("Next unticked"))[0] + 24, 150)


def not_ticked(n: int) -> str:
    """What a go-on button adds when steps are left unticked: the table may go on, but is
    told how many it did not tick."""
    return ngettext("{n} step not ticked", "{n} steps not ticked", n).format(n=n)


def go_on_lines(label: str, left: int) -> list[str]:
    """A go-on button's lines: its word, and below it how many steps are not ticked (none
    when all are)."""
    return [label, not_ticked(left)] if left else []


def go_on_width(lines: list[str], least: int, most: int) -> int:
    """A go-on button as wide as its lines need (the count of what is not ticked too)."""
    return min(most, max([least, *(font(BODY).size(x)[0] + 32 for x in lines)]))


def widest_not_ticked() -> str:
    """The widest count of steps not ticked a go-on button may say (up to 99): a button as
    wide as it never changes its width as the table ticks (issue 32)."""
    return _widest_not_ticked(i18n.language)


@lru_cache(maxsize=8)
def _widest_not_ticked(language: str) -> str:
    return max((not_ticked(n) for n in range(1, 100)), key=lambda x: font(BODY).size(x)[0])


def _arrow(up: bool, light: bool = False) -> Callable[[pygame.Surface, pygame.Rect], None]:
    """A scroll button's triangle (drawn: no font needs the glyph)."""
    def paint(s: pygame.Surface, r: pygame.Rect) -> None:
        cx, cy = r.center
        tip, base = (cy - 10, cy + 8) if up else (cy + 10, cy - 8)
        pygame.draw.polygon(s, ACCENT_INK if light else INK,
                            [(cx, tip), (cx - 13, base), (cx + 13, base)])
    return paint
