"""One game of the history: its final scores by source (§11), the chart of every player's VP
after each round, rounds and turns played; its turn-by-turn record in sentences, paged; and
the code that sends it to BG Stats."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ....engine import Game
from ....engine.round_end import scored
from ....engine.scoring import BREAKDOWN
from ....engine.state import PLAY
from ....history.summary import GameSummary
from ...contract import AppView, helvetia_state
from ...kit.widgets import (
    BACKGROUND,
    BODY,
    INK,
    MUTED,
    PANEL,
    W,
    Widget,
    badge,
    button,
    draw_text,
    fit,
    font,
)
from ...words.i18n import _, ngettext, set_players
from ...words.table_log import action_text
from .bgstats_code import BGStatsOverlay
from .chart import chart
from .words import (
    SOURCES,
    TOP,
    Screen,
    back_button,
    duration,
    ending_words,
    result_words,
    seat_name,
    title_bar,
    when,
)

if TYPE_CHECKING:
    from ....games import Played
    from ...app.beside import Job


class GameScreen(Screen):
    """A stored game: the final scores by source beside the VP chart."""

    def __init__(self, game_id: int, came_from: Any) -> None:
        self.game_id = game_id
        self.came_from = came_from
        self.game: GameSummary | None = None
        self.shown: dict[str, Any] = {}
        """The figures drawn, for tests: scores by source per colour, the chart's points."""

    def load(self, app: AppView) -> GameSummary:
        if self.game is None:
            self.game = app.stored.summary(self.game_id)
        assert self.game is not None
        return self.game

    def layout(self, app: AppView) -> list[Widget]:
        game = self.load(app)
        back = back_button(app, lambda: app.show(self.came_from))
        out = [back]
        x = back.rect.left - 4
        for id_, label, fn, ok in (
                ("record", _("Record"), lambda: app.show(RecordScreen(game, self)), True),
                ("bgstats", _("BG Stats"), lambda: bgstats_code(app, game), game.counted)):
            w = max(font(BODY).size(label)[0] + 24, 100)
            x -= w + 4
            out.append(button(id_, (x, 4, w, 48), label, fn, enabled=ok))
        self.buttons_left = x
        return out

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        game = self.load(app)
        title_bar(s, when(game.started_at), right=getattr(self, "buttons_left", W - 360))
        y = TOP + 2
        head = " · ".join(x for x in (result_words(game), ending_words(game), duration(game))
                          if x)
        draw_text(s, head, pygame.Rect(8, y, W - 16, 30), BODY, INK, wrap=False)
        counts = " · ".join([
            ngettext("{n} round", "{n} rounds", len(game.rounds)).format(n=len(game.rounds)),
            ngettext("{n} turn", "{n} turns", game.turns).format(n=game.turns),
            ngettext("{n} player", "{n} players", game.players).format(n=game.players)])
        draw_text(s, counts, pygame.Rect(8, 448, W - 16, 30), BODY, MUTED, wrap=False)
        table = scores_by_source(s, game, pygame.Rect(8, y + 34, 440, 410 - y))
        points = chart(s, game, pygame.Rect(456, y + 34, W - 464, 412 - y - 34))
        self.shown = {"scores": table, "chart": points, "head": head, "counts": counts}


def scores_by_source(s: pygame.Surface, game: GameSummary, r: pygame.Rect
                     ) -> dict[str, dict[str, int]]:
    """A column a player (its badge, then its name above the table), a row a source."""
    seats = list(game.seats)
    half = r.width // 2
    y = r.top
    for i, seat in enumerate(seats):  # the names, two a line, each with its badge
        x, top = r.left + (i % 2) * half, y + (i // 2) * 30
        badge(s, seat.colour, (x + 13, top + 14), 12)
        draw_text(s, seat_name(seat), pygame.Rect(x + 30, top, half - 34, 28), BODY, INK,
                  wrap=False, bg=BACKGROUND)
    y += 30 * ((len(seats) + 1) // 2) + 4
    rows = [("vp", _("VP")), *((k, _(SOURCES[k])) for k in BREAKDOWN)]
    col = 44
    label_w = r.width - col * len(seats)
    for i, seat in enumerate(seats):
        badge(s, seat.colour, (r.left + label_w + i * col + col // 2, y + 15), 14)
    y += 32
    line = max(28, min(32, (r.bottom - y) // len(rows)))
    table: dict[str, dict[str, int]] = {seat.colour: {} for seat in seats}
    for n, (key, label) in enumerate(rows):
        if n % 2 == 0:
            pygame.draw.rect(s, PANEL, (r.left, y - 1, r.width, line))
        draw_text(s, label, pygame.Rect(r.left + 4, y, label_w - 8, line - 2), BODY,
                  INK if key == "vp" else MUTED, wrap=False, valign="middle")
        for i, seat in enumerate(seats):
            value = seat.vp if key == "vp" else seat.by_source.get(key, 0)
            table[seat.colour][key] = value
            draw_text(s, str(value), pygame.Rect(r.left + label_w + i * col, y, col - 4,
                                                 line - 2), BODY, INK, wrap=False,
                      align="center", valign="middle")
        y += line
    return table


def record_lines(game: GameSummary, replay: Game | None) -> list[tuple[str, str]]:
    """The game turn by turn, in sentences in the current language: each round's start, each
    turn on one line (who, then what it did), each round's end with the scores. Each line
    comes with its kind: ``round``, ``turn`` or ``scores``. ``replay``: the game replayed
    from its record (None: the record no longer replays)."""
    set_players(list(game.seats))
    if replay is None:  # nothing to tell
        return [("turn", _("This game's record can no longer be replayed."))]
    states = replay.states
    out: list[tuple[str, str]] = []
    turn: list[str] = []
    rounds = iter(game.rounds)
    for i, action in enumerate(replay.actions):
        before, after = states[i], states[i + 1]
        if before.phase == PLAY:
            if action.type == "cannot_act":
                turn.append(_("cannot act, passes"))
            if action.type in ("end_turn", "cannot_act"):
                if turn:
                    out.append(("turn", _("{who}: {what}").format(
                        who=seat_name(game.seat(action.player)),  # type: ignore[attr-defined]
                        what="; ".join(turn))))
                turn = []
            else:
                text = action_text(action, before)
                turn.append(text.partition(": ")[2] or text)
        if scored(before, after):
            scores = next(rounds, None)
            if scores is not None:
                out.append(("scores", _("End of round {n}: {scores}").format(
                    n=before.round, scores=", ".join(
                        f"{seat_name(x)} {scores.get(x.colour, 0)}" for x in game.seats))))
        if after.phase == PLAY and after.round != before.round:
            out.append(("round", _("Round {n}").format(n=after.round)))
    return out


class RecordScreen(Screen):
    """The turn-by-turn record, a page at a time; the game is replayed beside the screen
    (a long game takes longer than a frame), which says so meanwhile."""

    def __init__(self, game: GameSummary, came_from: Any) -> None:
        self.game = game
        self.came_from = came_from
        self.replay: Job[Played] | None = None
        self.lines: list[tuple[str, str]] | None = None
        self.page = 0
        self.pages: list[list[int]] = []

    @property
    def loading(self) -> bool:
        """The game is still being replayed beside the screen."""
        return self.lines is None

    def load(self, app: AppView) -> list[tuple[str, str]] | None:
        """The record in sentences, paged, once the replay is in (None until then)."""
        if self.lines is None:
            if self.replay is None:
                self.replay = app.stored.replayed(self, self.game.id)
            if not self.replay.ready:
                return None
            try:
                game = self.replay.value()
            except Exception:  # a record that no longer replays (or of another game)
                game = None
            self.lines = record_lines(self.game, game if isinstance(game, Game) else None)
            state = helvetia_state(app)
            set_players(state.players if state is not None else ())
            rect = self.rect()
            self.pages = [[]]
            used = 0
            for i, (_kind, ln) in enumerate(self.lines):
                f = fit(ln, rect.width, 2000, BODY)
                h = len(f.lines) * font(f.size).get_linesize() + 6
                if self.pages[-1] and used + h > rect.height:
                    self.pages.append([])
                    used = 0
                self.pages[-1].append(i)
                used += h
        return self.lines

    @staticmethod
    def rect() -> pygame.Rect:
        return pygame.Rect(12, TOP + 4, W - 24, 480 - TOP - 8)

    def layout(self, app: AppView) -> list[Widget]:
        self.load(app)
        back = back_button(app, lambda: app.show(self.came_from))
        out = [back]
        if len(self.pages) > 1:
            x = back.rect.left - 4
            out.append(button("record:next", (x - 60, 4, 56, 48), ">",
                              lambda: setattr(self, "page", self.page + 1),
                              enabled=self.page < len(self.pages) - 1))
            out.append(button("record:prev", (x - 120, 4, 56, 48), "<",
                              lambda: setattr(self, "page", self.page - 1),
                              enabled=self.page > 0))
        return out

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        lines = self.load(app)
        if lines is None:
            title_bar(s, _("Record"), right=W - 140)
            draw_text(s, _("Reading the record..."), self.rect(), BODY, MUTED)
            return
        title = _("Record")
        if len(self.pages) > 1:
            title += f"  {self.page + 1}/{len(self.pages)}"
        right = W - 260 if len(self.pages) > 1 else W - 140
        title_bar(s, title, right=right)
        y = self.rect().top
        for i in self.pages[self.page]:
            kind, words = lines[i]
            r = draw_text(s, words, pygame.Rect(12, y, W - 24, 2000), BODY,
                          INK if kind == "turn" else MUTED)
            y = r.bottom + 6


def bgstats_code(app: AppView, game: GameSummary) -> None:
    """The BG Stats code over the game's screen (the code's maker, segno, imported when a code
    is first asked for: not when a game ends)."""

    app.overlay = BGStatsOverlay(game)
