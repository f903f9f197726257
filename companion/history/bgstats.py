"""A finished game as a BG Stats play: the JSON of its "push play" link, the link, and its QR
code (``segno``). The phone scans the code and BG Stats opens its import dialog.

The JSON holds what the issue lists (``docs/statistics.md`` has the fields); a code must stay
readable from 40 cm on the 7-inch panel, so when the link is too long for one, ``comments`` is
dropped first. Players are never cut."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import segno

from .summary import SOURCES, GameSummary, Seat, player_id

LINK = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE_NAME = "Helvetia Companion"
GAME_NAME = "Helvetia"
SOURCE_GAME_ID = "helvetia"
MODULE_PX = 4
"""Pixels per module on the 800 x 480 logical screen: 0.77 mm on a 7-inch panel, which a
phone's camera resolves from 40 cm."""
QUIET = 2
"""Modules of light margin drawn around the code (the screen around it is light too)."""
MAX_VERSION = 23
"""The largest QR version readable from 40 cm: 109 modules and the margin, at 4 px each,
are 452 px, within the 464 px the screen gives the code."""
SHORT = {"start_player": "start", "deliveries": "deliveries", "goods_tiles": "goods tiles",
         "character_tiles": "character tiles", "vp_buildings": "VP buildings",
         "branch_tiles": "branch tiles", "village_tiles": "village tiles"}


@dataclass(frozen=True)
class Settings:
    location: str = ""
    """Where the group plays (empty: none)."""
    bgg_id: int | None = None
    """BoardGameGeek's id of the game, only if configured."""


def settings(store: Any) -> Settings:
    """The device's settings for BG Stats: ``bgstats.location``, ``bgstats.bgg_id``."""
    location = (store.setting("bgstats.location") or "").strip()
    raw = (store.setting("bgstats.bgg_id") or "").strip()
    return Settings(location, int(raw) if raw.isascii() and raw.isdigit()
                    and 0 < int(raw) < 10**9 else None)


def comments(game: GameSummary) -> str:
    """The VP-by-source line: each player's final VP and where it came from."""
    parts = []
    for s in sorted(game.seats, key=lambda s: s.rank):
        sources = ", ".join(f"{SHORT[k]} {s.by_source[k]}" for k in SOURCES
                            if s.by_source.get(k))
        parts.append(f"{s.name} {s.vp} VP ({sources or 'none'})")
    return "; ".join(parts)


VIRTUAL_NAME = "Helvetia Companion ({level})"
"""A virtual player as BG Stats lists it: one player per level, marked as the companion."""


def player_name(s: Seat) -> str:
    return VIRTUAL_NAME.format(level=s.virtual) if s.virtual else s.name


def seat_ids(game: GameSummary) -> list[str]:
    """BG Stats' player id of each seat: the known player's (``player_id``: "Anna" and "anna"
    are one player across games), unless an earlier seat of this play has it ("Anna" and
    "ANNA", "Straße" and "STRASSE" at one table are two players): then one of the name as
    written, else of the name and colour. Distinct seats stay distinct."""
    out: list[str] = []
    for s in game.seats:
        if s.virtual:  # the companion at its level: the same player in every play
            out.append(f"companion-{s.virtual}-{s.colour}" if f"companion-{s.virtual}" in out
                       else f"companion-{s.virtual}")
            continue
        for pid in (player_id(s.name), "p-" + _hash(s.name), "p-" + _hash(f"{s.name}/{s.colour}")):
            if pid not in out:
                break
        out.append(pid)
    return out


def _hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:10]


def play(game: GameSummary, config: Settings = Settings(), *, with_comments: bool = True
         ) -> dict[str, Any]:
    """The play as BG Stats imports it."""
    g: dict[str, Any] = {"name": GAME_NAME, "highestWins": True, "noPoints": False,
                         "sourceGameId": SOURCE_GAME_ID}
    if config.bgg_id is not None:
        g["bggId"] = config.bgg_id
    out: dict[str, Any] = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": game.play_id,
        "playDate": game.started_at.replace("T", " "),
        "durationMin": game.duration_min or 0,
        "location": config.location,
        "game": g,
        "players": [{"name": player_name(s), "score": s.vp, "winner": s.winner,
                     "startPlayer": s.colour == game.start_player, "rank": s.rank,
                     "role": s.colour.capitalize(), "sourcePlayerId": pid}
                    for s, pid in zip(game.seats, seat_ids(game), strict=True)],
    }
    if with_comments:
        out["comments"] = comments(game)
    return out


def dumps(obj: dict[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def link(obj: dict[str, Any]) -> str:
    # Characters a query may hold as they are (RFC 3986) stay unescaped: a shorter link, a
    # smaller code. Quotes, braces, spaces, "&", "=", "+", "#" and "%" are escaped.
    return LINK + quote(dumps(obj), safe=":,/@!$'()*;")


def _code(url: str, version: int | None) -> segno.QRCode | None:
    try:
        return segno.make_qr(url, error="L", version=version, boost_error=True)
    except segno.DataOverflowError:
        return None


@dataclass(frozen=True)
class Shared:
    """What the screen shows: the play sent, its link, and the code holding the link."""

    play: dict[str, Any]
    link: str
    code: segno.QRCode


COMMENT_CUTS = (None, 160, 100, 60, 30)
NAME_CUTS = (None, 16, 10, 6, 3)
"""How far the comments, then the names, are shortened to keep the code readable."""


def share(game: GameSummary, config: Settings = Settings()) -> Shared:
    """The play and its code, within ``MAX_VERSION`` (readable at 40 cm, as the docs promise):
    the comments shortened first, then left out, then the names shortened (players are never
    dropped). Only a play that fits no way gets a larger code."""
    tries = [(c, None) for c in COMMENT_CUTS] + [(0, n) for n in NAME_CUTS]
    for comments_cut, names_cut in tries:
        obj = play(game, config, with_comments=comments_cut != 0)
        if comments_cut:
            obj["comments"] = _cut(obj["comments"], comments_cut)
        if names_cut:
            for p in obj["players"]:
                p["name"] = _cut(p["name"], names_cut)
        url = link(obj)
        code = _code(url, None)
        if code is not None and isinstance(code.version, int) and code.version <= MAX_VERSION:
            return Shared(obj, url, code)
    code = _code(url, None)
    assert code is not None, "a play's link always fits a QR code (40-L holds 2,953 bytes)"
    return Shared(obj, url, code)


def _cut(text: str, n: int) -> str:
    return text if len(text) <= n else text[:n - 1].rstrip() + "\u2026"
