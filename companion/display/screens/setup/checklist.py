"""Before the first action: the setup checklist (rules §1, §6). The board, the building tiles
sorted by the stack on their backs, stack I laid out, the start tiles, the character, goods
and special tiles, each player's pieces, the score cubes, the village centres, the 2-player
neutral village and the start-player token, each with a picture of the pieces as they lie,
its counts from the engine (``engine.box``), and a tick; then on to the draft (or the letters).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import pygame

from ....engine import CorrectCost
from ....engine.box import Box, box
from ....engine.state import START_PLAYER, GameState
from ...contract import AppView, game_state, helvetia_state
from ...kit.widgets import BUTTON, BUTTON_EDGE, W, Widget, button
from ...pictures import pieces
from ...words.building_counts import building_count
from ...words.i18n import N_, _, colour_name, name, ngettext
from ..parts import TOP, Screen, nav, nav_left, title_bar
from ..round_end.checklist import Checklist, Group, Item, go_on_lines, go_on_width, not_ticked
from ..turn.costs_at_hand import CostsAtHand, costs_label, costs_lines

GROUPS = (("board", N_("Board and tiles")), ("players", N_("Each player")),
          ("neutral", N_("Neutral village")), ("start", N_("Start player")))
PIC = (112, 84)
"""A setup step's picture: larger than a round-end step's, the pieces as they lie (the tick
has a column of its own, left of it)."""


@dataclass
class BoxTicks:
    """The setup checklist's ticks for one game, as ``TableLog``'s for the checklist view."""

    n: int = 0
    ticked: set[int] = field(default_factory=set)
    done: bool = False
    """The table went on to the draft (or the letters)."""

    def tick(self, i: int) -> None:
        self.ticked ^= {i}

    def left(self) -> list[int]:
        return [i for i in range(self.n) if i not in self.ticked]


_TICKS: weakref.WeakKeyDictionary[Any, BoxTicks] = weakref.WeakKeyDictionary()
"""By game session: the ticks last while the game is open (a restart shows the list again)."""


def _kit(colour: str, s: pygame.Surface, r: pygame.Rect) -> None:
    pieces.kit(s, r, [colour])


def ticks_of(app: AppView) -> BoxTicks:
    return _TICKS.setdefault(app.session, BoxTicks())


def wanted(app: AppView) -> bool:
    """Whether the setup checklist comes before the first action now."""
    state = helvetia_state(app)
    return (state is not None and state.phase == START_PLAYER and app.session is not None
            and all(isinstance(a, CorrectCost) for a in app.session.game.actions)
            and not ticks_of(app).done)  # a cost read off a stack I tile moves nothing


Paint = Callable[[pygame.Surface, pygame.Rect], None]


def setup_items(state: GameState, virtual: Iterable[str] = ()) -> list[tuple[str, Item]]:
    """The setup's steps for this game (group key, item): words with the engine's counts, and
    a picture of the pieces as they lie."""
    b: Box = box(state)
    cat = state.catalogue
    cols = list(b.colours)
    out: list[tuple[str, str, Paint]] = []

    def add(group: str, words: str, paint: Paint) -> None:
        out.append((group, words, paint))

    add("board", _("Lay the board in the middle of the table."), pieces.board)
    add("board", _("Sort the building tiles by the number on their backs: stacks I, II and "
                   "III, and the start tiles with letters."),
        lambda s, r: pieces.sorted_stacks(s, r, ("I", "II", "III", "A")))
    stack1 = ", ".join(building_count(cat, t, n) for t, n in b.stack1.items())  # "3 Mines"
    add("board", _("Stack I: lay its {n} tiles out face up beside the board, sorted by type "
                   "({list}): the buildings on offer.").format(n=sum(b.stack1.values()),
                                                               list=stack1),
        lambda s, r: pieces.laid_out(s, r, list(b.stack1.values())))
    add("board", _("Shuffle stack II ({n2} tiles) and stack III ({n3} tiles) face down, each "
                   "on its own, and set them aside.").format(n2=b.stack2, n3=b.stack3),
        lambda s, r: pieces.face_down(s, r, ("II", "III")))
    starts = list(b.start_tiles.values())
    if not b.letters:  # the letters: each player takes its 3 tiles by its centre's letter
        each = max(starts) if starts else 0
        if b.start_tiles_back:  # first, so that what is laid out next is what is drafted
            add("board", _("Put {n} start tiles back into the box: one of each type.").format(
                n=b.start_tiles_back), pieces.the_box)
        add("board", _("Lay the start tiles out face up, sorted by type: {n} of each type, "
                       "{total} in all.").format(n=each, total=sum(starts)),
            lambda s, r: pieces.laid_out(s, r, starts))
    if b.character_tiles:
        add("board", _("Put the {n} character tiles and the {g} goods tiles on their spaces "
                       "on the board.").format(n=b.character_tiles, g=b.goods_tiles),
            pieces.character_tiles)
    else:
        add("board", _("Intro game: the {n} character tiles stay in the box. Put the {g} goods "
                       "tiles on their spaces on the board.").format(n=b.character_tiles_back,
                                                                    g=b.goods_tiles),
            lambda s, r: pieces.character_tiles(s, r, in_box=True))
    add("board", _("Lay the {n} special tiles beside the board: {b} branch tiles and {v} "
                   "village tiles.").format(n=b.branch_tiles + b.village_tiles,
                                            b=b.branch_tiles, v=b.village_tiles),
        lambda s, r: pieces.special_tiles(s, r, b.branch_tiles + b.village_tiles))
    add("players", _("Each player takes the pieces of their colour: {v} villagers ({m} men, "
                     "{f} women), {c} coins and {k} cubes.").format(
        v=sum(b.kit.villagers.values()), m=b.kit.villagers["m"], f=b.kit.villagers["f"],
        c=b.kit.coins, k=b.kit.cubes) + " " + ", ".join(name(c) for c in cols) + ".",
        lambda s, r: pieces.kit(s, r, cols))
    for c in virtual:
        add("players", _("{player} is played by the companion: lay out its pieces at its "
                         "seat all the same; the steps say where they go.").format(
            player=name(c)), partial(_kit, c))
    add("players", ngettext("Each player puts {n} cube on space 0 of the score track.",
                            "Each player puts {n} cubes on space 0 of the score track.",
                            b.score_cubes).format(n=b.score_cubes),
        lambda s, r: pieces.score_track(s, r, cols))
    if b.letters:
        words = _("Each player draws a village centre at random: the letter on its back says "
                  "which start tiles they take.")
    else:
        words = _("Each player takes a village centre.")
    if b.neutral:
        words += " " + _("One more village centre is the neutral village.")
    if b.centres_back:
        words += " " + ngettext("Put the other {n} village centre back into the box.",
                                "Put the other {n} village centres back into the box.",
                                b.centres_back)
    add("players", words.format(n=b.centres_back),
        lambda s, r: pieces.centres(s, r, cols, b.centres_back))
    if b.neutral:
        nc = b.neutral
        add("neutral", _("The neutral village is {colour}: put its {n} villagers into its "
                         "centre.").format(colour=colour_name(nc),
                                           n=sum(b.neutral_villagers.values())),
            lambda s, r: pieces.village_centre(s, r.inflate(-6, -r.height // 3), nc, 8))
        add("neutral", ngettext("Put {n} {colour} coin beside the neutral village: the neutral "
                                "coin.", "Put {n} {colour} coins beside the neutral village.",
                                b.neutral_coins).format(n=b.neutral_coins,
                                                        colour=colour_name(nc)),
            lambda s, r: _neutral_coin(s, r, nc))
    if b.draft_start_chosen:
        words = _("Put the start-player token beside the board. The companion asks who starts "
                  "the draft; the last to pick takes the token.")
    else:
        words = _("Put the start-player token beside the board. Draw the start player at "
                  "random; the companion asks who it is.")
    add("start", words, pieces.token)
    return [(g, Item(f"{i + 1}. {w}", _framed(p))) for i, (g, w, p) in enumerate(out)]


def _framed(paint: Paint) -> Paint:
    """A picture on a card, as the round end's step pictures."""
    def framed(s: pygame.Surface, r: pygame.Rect) -> None:
        pygame.draw.rect(s, BUTTON, r, border_radius=6)
        pygame.draw.rect(s, BUTTON_EDGE, r, 1, border_radius=6)
        paint(s, r.inflate(-10, -10))
    return framed


def _neutral_coin(s: pygame.Surface, r: pygame.Rect, c: str) -> None:
    from ...kit.widgets import coin

    pieces.village_centre(s, pygame.Rect(r.left + 4, r.top + r.height // 4, r.width * 3 // 5,
                                         r.height // 2))
    coin(s, c, (r.right - r.height // 4 - 6, r.centery), r.height // 4)


def groups_of(items: list[tuple[str, Item]]) -> list[Group]:
    labels = dict(GROUPS)
    return [Group(k, _(labels[k]), tuple(i for i, (g, _it) in enumerate(items) if g == k))
            for k, _l in GROUPS if any(g == k for g, _it in items)]


class SetupChecklist(Screen):
    """What to lay out before the game, as a checklist; "Continue" goes on to the draft (or
    the letters): the table may go on with steps unticked."""

    def __init__(self) -> None:
        self.checklist = Checklist(pic=PIC, groups_w=215)
        self.costs: CostsAtHand | None = None
        """Stack I's costs, entered while its tiles are laid out (open: in place of the
        checklist)."""

    def _items(self, app: AppView) -> list[tuple[str, Item]]:
        from ..turn.virtual import virtual_seats

        return setup_items(game_state(app), virtual_seats(app))

    def layout(self, app: AppView) -> list[Widget]:
        out = nav(app)
        if self.costs is not None:
            out += self.costs.widgets(app)
            if self.costs.form is None:
                out.append(button("at_hand:close", (8, 410, 240, 60), _("Back"),
                                  lambda: setattr(self, "costs", None)))
            return out
        items = self._items(app)
        ticks = ticks_of(app)
        ticks.n = len(items)
        stack1 = tuple(box(game_state(app)).stack1)
        lines = costs_label(game_state(app), stack1)
        # As wide as its words need with any count: it keeps its width as costs are entered.
        widest = [x for k in range(len(stack1) + 1) for x in costs_lines(k)]
        out.append(button("at_hand:open", (8, 410, go_on_width(widest, 240, 400), 60),
                          lines[0], lambda: setattr(self, "costs", CostsAtHand(stack1)),
                          lines=lines))
        out += self.checklist.widgets([it for _g, it in items], groups_of(items), ticks,
                                      _area())
        label = _("Start the draft") if game_state(app).options.setup == "draft" else _(
            "On to the start tiles")
        lines = go_on_lines(label, len(ticks.left()))
        # As wide as its words need with any count of steps not ticked: one width for the
        # screen's life, as steps are ticked (play-test 2026-11-28: it narrowed at each tick).
        w = go_on_width([label, *(not_ticked(k) for k in range(1, len(items) + 1))], 260,
                        W - 16)
        out.append(button("continue", (W - 8 - w, 410, w, 60), label,
                          lambda: self._go_on(app), style="primary", lines=lines))
        return out

    def on_seat(self, app: AppView, seat: str) -> bool:
        """A seat button goes on, as the button does."""
        self.costs = None
        self._go_on(app)
        return True

    def _go_on(self, app: AppView) -> None:
        ticks_of(app).done = True
        app.after_change()

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        title_bar(s, _("Before you start"), right=nav_left(app))
        if self.costs is not None:
            self.costs.draw(app, s, _("Stack I: the buildings on offer, laid out face up."))
            return
        items = self._items(app)
        ticks = ticks_of(app)
        ticks.n = len(items)
        self.checklist.draw(s, [it for _g, it in items], groups_of(items), ticks, _area())


def _area() -> pygame.Rect:
    return pygame.Rect(8, TOP + 4, W - 16, 404 - TOP - 4)
