"""A record's header line as a value: who plays (in play order), the game's options and the
catalogue overrides, validated in one place (``Header.parse``) wherever a header comes from."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .errors import MalformedAction
from .neutral_village import default_neutral_colour, has_neutral_village
from .record import check_name
from .state import COLOURS, Options, colour_name
from .values import Colour, is_colour

RECORD_FORMAT = "helvetia-record"
RECORD_VERSION = 1
HEADER_FIELDS = ("format", "version", "players", "options", "catalogue")
PLAYER_FIELDS = ("colour", "name", "seat", "virtual")
OPTION_FIELDS = ("setup", "intro", "neutral_colour")
SETUPS = ("draft", "simplified")
DEFAULTS = Options()
"""The options of a game whose header names none (the setup screen starts from them)."""
VIRTUAL_LEVELS = ("easy", "normal", "strong")
"""A seat the companion plays (``virtual``), at one of these levels (companion.bot)."""


@dataclass(frozen=True)
class HeaderPlayer:
    colour: Colour
    name: str
    seat: int | None = None
    """Where the colour sits (the device's places, 1 to 4), if known."""
    virtual: str | None = None
    """The level the companion plays this seat at, if it does."""


@dataclass(frozen=True)
class Header:
    """A checked header: players in play (counter-clockwise) order, options (the neutral
    colour filled in for 2 players), and the catalogue overrides it carries."""

    players: tuple[HeaderPlayer, ...]
    options: Options
    catalogue: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def colours(self) -> list[Colour]:
        return [p.colour for p in self.players]

    @classmethod
    def parse(cls, header: Any) -> Header:
        """The header of a record line (a JSON object); ``MalformedAction`` says what is
        wrong: the format's own fields first, then what the rules need."""
        _check_fields(header)
        assert isinstance(header, Mapping)
        if header.get("format") != RECORD_FORMAT:
            raise MalformedAction(f"the header's 'format' must be \"{RECORD_FORMAT}\"")
        if type(header.get("version")) is not int or header.get("version") != RECORD_VERSION:
            raise MalformedAction(f"record version {header.get('version')!r} is not supported "
                                  f"(this companion reads version {RECORD_VERSION})")
        raw_players = header.get("players")
        if not isinstance(raw_players, list) or not 2 <= len(raw_players) <= 4:
            raise MalformedAction("the header's 'players' must list 2 to 4 players")
        players = []
        for i, p in enumerate(raw_players):
            colour = p.get("colour") if isinstance(p, Mapping) else None
            if not isinstance(p, Mapping) or not is_colour(colour):
                raise MalformedAction(
                    f"players[{i}] needs a 'colour', one of {', '.join(COLOURS)}")
            name = p.get("name", colour_name(colour))
            if not isinstance(name, str):
                raise MalformedAction(f"players[{i}].name must be a string")
            players.append(HeaderPlayer(colour, name, p.get("seat"), p.get("virtual")))
        colours = [p.colour for p in players]
        if len(set(colours)) != len(colours):
            raise MalformedAction("two players have the same colour")
        options = _options(header.get("options", {}), colours)
        catalogue = header.get("catalogue", {})
        return cls(tuple(players), options, MappingProxyType(dict(catalogue)))


def _options(raw: Any, colours: list[Colour]) -> Options:
    if not isinstance(raw, Mapping):
        raise MalformedAction("the header's 'options' must be an object")
    unknown = set(raw) - set(OPTION_FIELDS)
    if unknown:
        raise MalformedAction(f"unknown option(s): {', '.join(sorted(unknown))}")
    setup = raw.get("setup", DEFAULTS.setup)
    if setup not in SETUPS:
        raise MalformedAction("option 'setup' must be \"draft\" or \"simplified\"")
    intro = raw.get("intro", DEFAULTS.intro)
    if not isinstance(intro, bool):
        raise MalformedAction("option 'intro' must be true or false")
    neutral = raw.get("neutral_colour")
    if has_neutral_village(len(colours)):
        if neutral is None:
            neutral = default_neutral_colour(colours)
        if not is_colour(neutral) or neutral in colours:
            raise MalformedAction("option 'neutral_colour' must be a colour no player has")
    elif neutral is not None:
        raise MalformedAction("option 'neutral_colour' is only for 2 players")
    return Options(setup, intro, neutral)


def _check_fields(header: Any) -> None:
    """The header's own fields, as the format says (docs/record-format.md): an object with
    no unknown field, players with no unknown field and names of at most ``NAME_MAX``
    characters, a catalogue that is an object."""
    if not isinstance(header, Mapping):
        raise MalformedAction("the header must be a JSON object")
    unknown = [str(k) for k in header if k not in HEADER_FIELDS]
    if unknown:
        raise MalformedAction(f"the header has unknown field(s): {', '.join(sorted(unknown))}")
    players = header.get("players")
    if isinstance(players, list):
        for i, p in enumerate(players):
            if not isinstance(p, Mapping):
                raise MalformedAction(f"players[{i}] must be an object {{colour, name}}")
            extra = [str(k) for k in p if k not in PLAYER_FIELDS]
            if extra:
                raise MalformedAction(f"players[{i}] has unknown field(s): "
                                      f"{', '.join(sorted(extra))}")
            if "name" in p:
                check_name(p["name"], f"players[{i}].name")
            if "virtual" in p and p["virtual"] not in VIRTUAL_LEVELS:
                raise MalformedAction(f"players[{i}].virtual must be one of "
                                      f"{', '.join(VIRTUAL_LEVELS)}")
            if "seat" in p and (type(p["seat"]) is not int or not 1 <= p["seat"] <= 4):
                raise MalformedAction(f"players[{i}].seat must be a place 1 to 4")
        seats = [p["seat"] for p in players if isinstance(p, Mapping) and "seat" in p]
        if len(set(seats)) != len(seats):
            raise MalformedAction("two players sit at the same seat")
    if "catalogue" in header and not isinstance(header["catalogue"], Mapping):
        raise MalformedAction("the header's 'catalogue' must be an object")


def check_header(header: Any) -> Header:
    """The header checked (``Header.parse``)."""
    return Header.parse(header)
