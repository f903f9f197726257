"""The group's history: the Games screen (finished games, newest first, and those not finished
apart), with the way to each game, to the Players screen and back to where it was opened."""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from ....history.summary import IN_PLAY, GameSummary
from ...contract import AppView
from ...kit.widgets import (
    BODY,
    BUTTON,
    BUTTON_EDGE,
    INK,
    MUTED,
    SELECTED,
    W,
    Widget,
    badge,
    button,
    draw_text,
    fit,
    font,
)
from ...words.i18n import _
from .game import GameScreen
from .players import PlayersScreen
from .words import (
    TOP,
    Screen,
    back_button,
    duration,
    ending_words,
    result_words,
    seat_name,
    setup_words,
    title_bar,
    when,
)

ROWS = 3
ROW_H = 120
LIST_TOP = TOP + 58


class GamesScreen(Screen):
    """The finished games, newest first: date, duration, players by name and colour with their
    final VP, the winner (a shared win as such), setup and player count. The games not finished
    (abandoned, or still in play) under their own tab. A tap on a game opens it."""

    def __init__(self, came_from: Any = None) -> None:
        self.came_from = came_from
        self.finished_tab = True
        self.page = 0
        self.games: list[GameSummary] | None = None
        """The page shown (read from the store one page at a time: ``Store.games_page``)."""
        self.counts = (0, 0)
        """How many games are finished, and not."""
        self.shown: list[dict[str, Any]] = []
        """What each row on the page shows, for tests: id, date, result, players."""

    def load(self, app: AppView) -> list[GameSummary]:
        if self.games is None:
            self.games, *counts = app.stored.games_page(
                self.finished_tab, self.page * ROWS, ROWS,
                progress=lambda n, of: _summing(app, n, of))
            self.counts = (counts[0], counts[1])
        return self.games

    def _turn(self, page: int) -> None:
        self.page = page
        self.games = None

    def back(self, app: AppView) -> None:
        if self.came_from is not None:
            app.show(self.came_from)
        else:
            app.after_change()

    def listed(self, app: AppView) -> list[GameSummary]:
        return self.load(app)

    def layout(self, app: AppView) -> list[Widget]:
        self.load(app)
        count = self.counts[0] if self.finished_tab else self.counts[1]
        pages = max(1, (count + ROWS - 1) // ROWS)
        if self.page > pages - 1:
            self._turn(pages - 1)
        games = self.listed(app)
        back = back_button(app, lambda: self.back(app))
        pw = max(font(BODY).size(_("Players"))[0] + 24, 110)
        out = [back, button("players", (back.rect.left - 4 - pw, 4, pw, 48), _("Players"),
                            lambda: app.show(PlayersScreen(self)))]
        done, other = self.counts
        for i, (flag, label) in enumerate(((True, _("Finished ({n})").format(n=done)),
                                           (False, _("Not finished ({n})").format(n=other)))):
            out.append(button(f"tab:{'finished' if flag else 'other'}",
                              (8 + i * 272, TOP, 266, 52), label,
                              partial(self._tab, flag), selected=self.finished_tab == flag))
        if pages > 1:
            out.append(button("games:prev", (W - 132, TOP, 60, 52), "<",
                              lambda: self._turn(self.page - 1),
                              enabled=self.page > 0))
            out.append(button("games:next", (W - 68, TOP, 60, 52), ">",
                              lambda: self._turn(self.page + 1),
                              enabled=self.page < pages - 1))
        for i, g in enumerate(games):
            out.append(Widget(f"game:{g.id}", pygame.Rect(8, LIST_TOP + i * ROW_H, W - 16,
                                                          ROW_H - 6), "",
                              partial(self.open, app, g), style="invisible", value=g.id))
        return out

    def _tab(self, finished: bool) -> None:
        self.finished_tab = finished
        self._turn(0)

    def open(self, app: AppView, game: GameSummary) -> None:
        app.show(GameScreen(game.id, self))

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        title_bar(s, _("Games"), right=W - 260)
        games = self.listed(app)
        self.shown = []
        if not games:
            draw_text(s, _("No finished games yet.") if self.finished_tab else
                      _("Every game was played to its end."),
                      pygame.Rect(16, LIST_TOP + 20, W - 32, 60), BODY, MUTED)
            return
        checking = app.stored.checking
        for i, g in enumerate(games):
            r = pygame.Rect(8, LIST_TOP + i * ROW_H, W - 16, ROW_H - 6)
            self.shown.append(game_row(s, g, r))
            if g.id in checking:  # after an unclean shutdown, checked beside the table
                self.shown[-1]["checking"] = True
                draw_text(s, _("Still being checked"), pygame.Rect(r.right - 250, r.top + 32,
                                                                   240, 28),
                          BODY, MUTED, wrap=False, align="right", bg=BUTTON)


def _summing(app: AppView, n: int, of: int) -> None:
    """Games whose summary is missing or fails its check, summed up again: the watchdog
    stays fed and the table sees how far it is (like "Saving...")."""
    app.busy(None if n % 5 and n != of else
             _("Reading the stored games: {n} of {total}").format(n=n, total=of))


def game_row(s: pygame.Surface, g: GameSummary, r: pygame.Rect) -> dict[str, Any]:
    """One game as a card: when and how long, who won; the setup; each player with its VP
    (finished games: the best first, the winners marked)."""
    pygame.draw.rect(s, BUTTON, r, border_radius=8)
    pygame.draw.rect(s, BUTTON_EDGE, r, 2, border_radius=8)
    head = " · ".join(x for x in (when(g.started_at), duration(g)) if x)
    hw = font(BODY).size(head)[0] + 8
    room = r.width - hw - 44
    result = result_words(g)
    ending = ending_words(g)  # ended by agreement (§12), at which score
    if ending:  # said beside the win; long names: the winners are marked below
        both = f"{result} · {ending}"
        result = both if fit(both, room, 28, BODY, wrap=False).fits else ending
    elif len(g.winners) > 1 and not fit(result, room, 28, BODY, wrap=False).fits:
        result = _("Shared win")  # long names: the winners are marked below
    setup = setup_words(g)
    draw_text(s, head, pygame.Rect(r.left + 10, r.top + 4, hw, 28), BODY, INK, wrap=False,
              bg=BUTTON)
    draw_text(s, result, pygame.Rect(r.right - room - 10, r.top + 4, room, 28), BODY, INK,
              wrap=False, align="right", bg=BUTTON)
    draw_text(s, setup, pygame.Rect(r.left + 10, r.top + 32, r.width - 20, 28), BODY, MUTED,
              wrap=False, bg=BUTTON)
    seats = sorted(g.seats, key=lambda x: x.rank) if g.finished else list(g.seats)
    cell = (r.width - 16) // max(len(seats), 1)
    players = []
    for i, seat in enumerate(seats):
        x = r.left + 8 + i * cell
        bg = SELECTED if seat.winner else BUTTON
        if seat.winner:
            pygame.draw.rect(s, bg, (x, r.top + 60, cell - 4, 54), border_radius=6)
        badge(s, seat.colour, (x + 18, r.top + 87), 15)
        score = str(seat.vp) if g.status != IN_PLAY else ""
        sw = font(BODY).size("00")[0] + 6 if score else 0
        draw_text(s, seat_name(seat), pygame.Rect(x + 38, r.top + 60, cell - 48 - sw, 54), BODY,
                  INK, valign="middle", bg=bg)
        if score:
            draw_text(s, score, pygame.Rect(x + cell - 10 - sw, r.top + 73, sw, 28), BODY, INK,
                      wrap=False, align="right", bg=bg)
        players.append((seat.colour, seat_name(seat), score))
    return {"id": g.id, "head": head, "result": result, "setup": setup, "players": players,
            "winners": [seat_name(g.seat(c)) for c in g.winners]}


# --- the ways in: from the new-game screen and from the winner screen ---------------------------


def _width(label: str) -> int:
    return max(font(BODY).size(label)[0] + 24, 100)


def games_button(app: AppView, right: int, top: int = 4) -> Widget:
    """'Games', ending at ``right``: opens the Games screen, which goes back to this one."""
    w = _width(_("Games"))
    return button("history", (right - w, top, w, 48), _("Games"),
                  lambda: app.show(GamesScreen(app.screen)))


def winner_buttons(app: AppView, right: int, top: int) -> list[Widget]:
    """'BG Stats' (this game's code) and 'Games', side by side, ending at ``right``."""
    from .bgstats_code import BGStatsOverlay

    def send() -> None:
        if app.session is None:
            return  # (the button is off then)
        game = app.stored.summary(app.session.game_id)
        if game is not None:
            app.overlay = BGStatsOverlay(game)

    w = _width(_("BG Stats"))
    games = games_button(app, right - w - 6, top)
    return [games, button("bgstats", (right - w, top, w, 48), _("BG Stats"), send,
                          enabled=app.session is not None and app.stored.open)]


def winner_buttons_width() -> int:
    return _width(_("BG Stats")) + 6 + _width(_("Games"))


def games_width() -> int:
    return _width(_("Games"))
