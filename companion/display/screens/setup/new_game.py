"""A new game: who sits where, by which names, which game and options, in which language."""

from __future__ import annotations

from functools import partial

import pygame

from ....engine import header_line
from ....engine import setup as setup_rules
from ....engine.neutral_village import default_neutral_colour, has_neutral_village
from ....engine.state import (
    COLOURS,
)
from ....games import kind_named, titles
from ....games.seating import seat_numbers
from ...contract import AppView
from ...kit.widgets import (
    MUTED,
    W,
    Widget,
    button,
    draw_text,
)
from ...words import i18n
from ...words.i18n import _, colour_name
from ..menu.menu import menu_button
from ..parts import (
    Screen,
)
from ..turn.virtual import level_button, with_virtual
from .keyboard import NameKeyboard, header
from .seats import OPTIONS_X, colour_widgets, draw_picking, draw_table, put, seat_widgets, swap


class NewGameScreen(Screen):
    """Who plays where (each colour on the place around the device where that player sits;
    play order follows the places counter-clockwise) and by which names, with which options,
    in which language. The names of the last game are offered again, and the names known on
    this device are a tap away on the keyboard."""

    def __init__(self, seats: tuple[str, ...]) -> None:
        self.seats = seats
        """The configuration's colour of each physical place (seat 1 first)."""
        self.at: list[str | None] = list(seats[:4])
        """The colour sitting at each place in the game to start; None: an empty place."""
        self.setup = setup_rules.DEFAULTS.setup
        self.intro = setup_rules.DEFAULTS.intro
        self.neutral: str | None = None
        self.names: dict[str, str] | None = None
        """Seat colour -> the name entered (none: the colour stands for the player)."""
        self.keyboard: NameKeyboard | None = None
        self.choosing_language = False
        self.levels: dict[str, str] = {}
        """Seat colour -> level, for a seat the companion plays (a virtual player)."""
        self.picked: int | None = None
        """The place tapped, waiting for its colour or another place to swap with."""

    def neutral_colour(self) -> str:
        """With 2 players, the neutral village's colour: chosen, or the first one free."""
        free = [c for c in COLOURS if c not in self.playing]
        return self.neutral if self.neutral in free else default_neutral_colour(list(self.playing))

    @property
    def playing(self) -> set[str]:
        return {c for c in self.at if c}

    def tap_place(self, app: AppView, place: int) -> None:
        """A place picked up; tapped again, let go; another place then swaps with it."""
        if self.picked is None or self.picked == place:
            self.picked = None if self.picked == place else place
            return
        swap(self.at, self.picked, place, (self._names(app), self.levels))
        self.picked = None

    def put_colour(self, app: AppView, colour: str | None) -> None:
        """The picked place's colour (from wherever it sat), or nobody there."""
        assert self.picked is not None
        put(self.at, self.picked, colour, (self._names(app), self.levels))
        self.picked = None

    def _names(self, app: AppView) -> dict[str, str]:
        """The names (and seats) of the last game, read once from the device."""
        if self.names is None:
            last = app.last_names()
            self.names = {c: n for c, n in last.items() if c in self.seats}
            seats = set(app.last_seats())
            if 2 <= len(seats & set(self.seats)) <= 4:  # the same table plays again
                self.at = [c if c in seats else None for c in self.at]
                # the seats the companion played stay virtual, at their levels (a rematch or
                # a new game after an abandoned one made them persons again)
                kept = {c: lv for c, lv in app.last_levels().items() if c in seats}
                self.levels = kept | self.levels
        return self.names

    def edit_name(self, app: AppView, c: str) -> None:
        names = self._names(app)

        def done(name: str | None) -> None:
            if name:
                names[c] = name
            else:
                names.pop(c, None)
            self.keyboard = None

        known = app.known_players()
        taken = {n: seat for seat, n in names.items() if seat != c and seat in self.playing}
        self.keyboard = NameKeyboard(c, names.get(c), known, done,
                                     lambda: setattr(self, "keyboard", None), taken)

    def clockwise(self, app: AppView) -> list[tuple[str, str]]:
        """The players seated, as (colour, name), clockwise from seat 1 (another game's
        turn order may go this way, the other way round from Helvetia's)."""
        names = self._names(app)
        order = [self.at[0], *reversed(self.at[1:])]
        return [(c, names.get(c) or colour_name_en(c)) for c in order if c]

    def set_language(self, app: AppView, lang: str) -> None:
        i18n.use(lang)
        app.keep_language(lang)  # kept in the background: the screen never waits (STORE)

    def start(self, app: AppView) -> None:
        names = self._names(app)
        seats = [c for c in self.at if c]  # play order: the places counter-clockwise
        players = [(c, names.get(c) or colour_name_en(c)) for c in seats]
        neutral = self.neutral_colour() if has_neutral_village(len(players)) else None
        # in the background; the names are in the record anyway
        app.remember_players({c: names.get(c) for c in seats},
                             {c: lv for c, lv in self.levels.items() if c in seats})
        head = header_line(players, setup=self.setup, intro=self.intro, neutral_colour=neutral,
                           seats=seat_numbers(self.at))
        app.start_game(with_virtual(head, {c: lv for c, lv in self.levels.items()
                                           if c in seats}))

    def game_buttons(self, app: AppView) -> list[Widget]:
        """A button per game the table plays, named as on its box; this one selected."""
        default, *others = titles().items()
        out = [button(f"game:{default[0]}", (8, 4, 160, 48), default[1], lambda: None,
                      selected=True)]
        width = (282 if len(others) <= 1 else 288 // len(others)) - 2
        for i, (name, title) in enumerate(others):
            out.append(button(f"game:{name}", (174 + i * (width + 6), 4, width, 48), title,
                              partial(self.open_game, app, name)))
        return out

    def open_game(self, app: AppView, name: str) -> None:
        app.show(kind_named(name).setup_screen(app, self, self.clockwise(app)))

    def layout(self, app: AppView) -> list[Widget]:
        if self.keyboard is not None:
            return self.keyboard.layout(app)
        if self.choosing_language:
            return self._language_widgets(app)
        names = self._names(app)
        out = [button("language", (W - 208, 4, 200, 48), i18n.LANGUAGES[i18n.language],
                      lambda: setattr(self, "choosing_language", True)),
               menu_button(app, (W - 336, 4, 124, 48)),
               # The game to play: this screen is Helvetia's; every other game has its own.
               *self.game_buttons(app)]
        out += seat_widgets(self.at, names, partial(self.tap_place, app),
                            lambda c: self.edit_name(app, c),
                            lambda c, rect: level_button(self.levels, c, rect, True))
        if self.picked is not None:  # its colours take the options' place meanwhile
            return out + colour_widgets(self.at, self.picked, partial(self.put_colour, app))
        for i, (kind, label) in enumerate((("draft", _("Draft the start buildings")),
                                           ("simplified", _("Buildings by letter")))):
            out.append(button(f"setup:{kind}", (OPTIONS_X, 102 + i * 66, W - 8 - OPTIONS_X,
                                                62), label,
                              partial(setattr, self, "setup", kind),
                              selected=self.setup == kind))
        out.append(button("intro", (OPTIONS_X, 234, W - 8 - OPTIONS_X, 84),
                          _("Intro game: no character tiles, to 18 VP"),
                          lambda: setattr(self, "intro", not self.intro), selected=self.intro))
        if has_neutral_village(len(self.playing)):
            for i, c in enumerate(c for c in COLOURS if c not in self.playing):
                out.append(button(f"neutral:{c}", (OPTIONS_X + i * 164, 356, 158, 50),
                                  colour_name(c), partial(setattr, self, "neutral", c),
                                  colour=c, selected=c == self.neutral_colour()))
        out.append(button("start", (OPTIONS_X, 410, W - 8 - OPTIONS_X, 62), _("Start the game"),
                          lambda: self.start(app), enabled=2 <= len(self.playing) <= 4,
                          style="primary"))
        return out

    def _language_widgets(self, app: AppView) -> list[Widget]:
        def choose(lang: str) -> None:
            self.set_language(app, lang)
            self.choosing_language = False

        return [button(f"language:{lang}", (200, 70 + i * 66, 400, 58), label,
                       partial(choose, lang), selected=lang == i18n.language)
                for i, (lang, label) in enumerate(i18n.LANGUAGES.items())]

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        if self.keyboard is not None:
            self.keyboard.draw(app, s)
            return
        header(s, "", right=W - 336)
        if self.choosing_language:
            return
        draw_text(s, _("Who sits where? Tap a seat for its colour, a name to type it."),
                  pygame.Rect(12, 56, W - 24, 46), 24, valign="middle")
        draw_table(s)
        if self.picked is not None:
            draw_picking(s, self.picked)
        elif has_neutral_village(len(self.playing)):
            draw_text(s, _("Neutral village:"), pygame.Rect(OPTIONS_X, 320, W - 8 - OPTIONS_X,
                                                            34), 24, MUTED, valign="middle")


def colour_name_en(c: str) -> str:
    """The record's default name of a player without one: its colour in English."""
    return c.capitalize()
