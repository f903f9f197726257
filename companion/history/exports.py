"""The history on the command line: ``helvetia games --csv``, ``helvetia stats [--json]`` and
``helvetia export N --format bgstats``. Every figure is computed from the stored records, as
on the screens."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from ..engine.record import line_problem
from ..store.summaries import Store, summaries, summary_of
from . import bgstats
from .stats import player_stats
from .summary import FINISHED, SOURCES, GameSummary

SEATS = 4


class CommandError(ValueError):
    """What the history cannot do as asked: no such game, a game not finished, a bad
    setting. Said in one line."""


def games_csv(store: Store) -> str:
    """Every stored game, one row each, newest first; up to 4 players a row, in play order."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    head = ["id", "status", "started_at", "ended_at", "duration_min", "players", "setup",
            "intro", "neutral", "start_player", "rounds", "turns", "winners", "tie_break"]
    for i in range(1, SEATS + 1):
        head += [f"player{i}_name", f"player{i}_colour", f"player{i}_vp", f"player{i}_rank"]
    w.writerow(head)
    for g in summaries(store, replay_in_play=True):
        row: list[Any] = [
            g.id, g.status, g.started_at, g.ended_at or "", _blank(g.duration_min), g.players,
            g.setup, int(g.intro), g.neutral or "", g.start_player or "", len(g.rounds), g.turns,
            ";".join(g.seat(c).name for c in g.winners), g.tie_break or ""]
        for i in range(SEATS):
            if i < len(g.seats):
                s = g.seats[i]
                row += [s.name, s.colour, s.vp, s.rank if g.status == FINISHED else ""]
            else:
                row += ["", "", "", ""]
        w.writerow(row)
    return out.getvalue()


def _blank(v: Any) -> Any:
    return "" if v is None else v


def stats_json(store: Store) -> str:
    games = summaries(store, in_play=False)
    counted = [g for g in games if g.counted]
    return json.dumps({"games": len(counted), "players": [p.to_json() for p in
                                                          player_stats(counted)]},
                      ensure_ascii=False, indent=2) + "\n"


def stats_text(store: Store) -> str:
    """The Players screen's figures as a table (averages over the finished games)."""
    stats = player_stats(summaries(store, in_play=False))
    if not stats:
        return "No finished games with named players yet.\n"
    short = {"start_player": "start", "deliveries": "deliv", "goods_tiles": "goods",
             "character_tiles": "chars", "vp_buildings": "bldgs", "branch_tiles": "branch",
             "village_tiles": "village"}
    head = (f"{'player':16}  {'games':>5}  {'wins':>4}  {'rate':>5}  {'avg':>5}  {'best':>4}  "
            + "  ".join(f"{short[k]:>7}" for k in SOURCES)
            + f"  {'favourite':14}  {'beats most':24}  loses most to")
    lines = [head]
    for p in stats:
        src = p.average_by_source()
        beats = (f"{p.beats_most.name} ({p.beats_most.times}/{p.beats_most.together})"
                 if p.beats_most else "-")
        loses = (f"{p.loses_to_most.name} ({p.loses_to_most.times}/"
                 f"{p.loses_to_most.together})" if p.loses_to_most else "-")
        lines.append(f"{p.name:16}  {p.games:5}  {p.wins:4}  {p.win_rate:5.0%}  "
                     f"{p.average_vp:5.1f}  {p.best_vp:4}  "
                     + "  ".join(f"{src[k]:7.1f}" for k in SOURCES)
                     + f"  {p.favourite or '-':14}  {beats:24}  {loses}")
    return "\n".join(lines) + "\n"


def bgstats_json(store: Store, game_id: int) -> str:
    """The play of a finished game as BG Stats imports it (with its comments)."""
    game = _finished(store, game_id)
    return json.dumps(bgstats.play(game, bgstats.settings(store)), ensure_ascii=False,
                      indent=2) + "\n"


def _finished(store: Store, game_id: int) -> GameSummary:
    game = summary_of(store, game_id)
    if game is None:
        raise CommandError(f"There is no game {game_id}.")
    if not game.counted:
        raise CommandError(f"Game {game_id} is {game.status.replace('_', ' ')}: only a "
                            f"finished game can be sent to BG Stats.")
    return game


LOCATION_LENGTH = 100


def bgstats_settings(store: Any, location: str | None, bgg_id: str | None) -> str:
    """Set the device's BG Stats settings (when given) and say them: ``location`` ("" clears
    it), ``bgg_id`` (BoardGameGeek's number of the game; "none" clears it)."""
    if location is not None:
        location = location.strip()
        if len(location) > LOCATION_LENGTH or line_problem(location) is not None:
            raise CommandError(f"a location is one line of at most {LOCATION_LENGTH} "
                                f"characters")
        store.set_setting("bgstats.location", location)
    if bgg_id is not None:
        if bgg_id.strip().lower() == "none":
            store.set_setting("bgstats.bgg_id", "")
        elif bgg_id.strip().isascii() and bgg_id.strip().isdigit() and 0 < int(bgg_id) < 10**9:
            store.set_setting("bgstats.bgg_id", str(int(bgg_id)))
        else:
            raise CommandError(f"not a BoardGameGeek id: {bgg_id[:30]!r} (a number, or none)")
    config = bgstats.settings(store)
    return (f"location: {config.location or '(none)'}\n"
            f"bggId: {config.bgg_id if config.bgg_id is not None else '(none)'}\n")
