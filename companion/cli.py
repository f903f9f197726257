"""The ``helvetia`` command."""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from . import games
from .engine import HelvetiaError, MalformedAction
from .engine.record import LINE_BREAKS, MAX_RECORD, loads_line, split_record


class _InputError(Exception):
    """A file given on the command line that cannot be used."""


def _read_json_file(path: str, what: str) -> Any:
    text = _read_text(path, what)
    try:
        return loads_line(text.strip())
    except MalformedAction as exc:
        raise _InputError(f"the {what} {path} is not valid: {exc}") from None


def _read_text(path: str, what: str) -> str:
    """A text file, bounded in size, as UTF-8."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_RECORD * 4 + 1)
    except OSError as exc:
        raise _InputError(f"cannot read the {what} {path}: {exc.strerror}") from None
    if len(data) > MAX_RECORD * 4:
        raise _InputError(f"the {what} {path} is too large")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _InputError(f"the {what} {path} is not UTF-8 text (byte {exc.start + 1})") \
            from None


def _read_record(path: str) -> list[str]:
    text = _read_text(path, "record")
    try:
        return split_record(text)
    except MalformedAction as exc:
        raise _InputError(f"the record {path}: {exc}") from None


def _fail(message: str) -> int:
    print(f"helvetia: {message}", file=sys.stderr)
    return 2


def _out(text: str) -> None:
    sys.stdout.write(text)
    sys.stdout.flush()


def replay(record: str, catalogue: str | None) -> int:
    try:
        overrides = [_read_json_file(catalogue, "catalogue")] if catalogue else []
        lines = _read_record(record)
    except _InputError as exc:
        return _fail(str(exc))
    try:
        kind = games.kind_of_record(lines)  # the game the header names
        if overrides and not kind.catalogued:
            return _fail(f"--catalogue is for Helvetia records, not {kind.title}")
        out = kind.summary(kind.replay(lines, *overrides))
    except HelvetiaError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    _out(json.dumps(out, ensure_ascii=False, indent=2) + "\n")
    return 0


def store_command(args: argparse.Namespace) -> int:
    from . import cli_store
    from .config import ConfigError, check_data_dir, load_forgiving

    config, problems = load_forgiving(args.config)
    for problem in problems:  # only data_dir matters here: a mistake elsewhere is no reason
        if problem.key in (None, "data_dir"):  # to act on another store, or on none at all
            return _fail(f"configuration {config.source}: {problem}")
        print(f"helvetia: warning: configuration {config.source}: {problem}", file=sys.stderr)
    lines: list[str] = []
    if args.command == "import":
        try:
            lines = _read_record(args.record)
        except _InputError as exc:
            return _fail(str(exc))
    place = cli_store.find(config, os.environ)
    if place.directory.exists() and not place.directory.is_dir():  # every command says so
        return _fail(f"data_dir: {place.directory} is not a directory")
    if _writes(args):  # the directory must take it
        try:
            check_data_dir(place.directory)
        except ConfigError as exc:
            return _fail(str(exc))
    if not place.chosen:  # found, not named: say which
        print(f"helvetia: {cli_store.describe(place)}", file=sys.stderr)
    if args.command == "export" and not place.exists:  # never made by a reading command
        return _fail(f"no game {args.game}: no store")
    with cli_store.as_owner(place.directory):
        status, text = _in_store(args, place.path, lines)
    if status or not text:
        return status
    if args.command == "export" and args.output:
        try:
            with open(args.output, "w", encoding="utf-8") as f:
                f.write(text)
        except OSError as exc:
            return _fail(f"cannot write {args.output}: {exc.strerror}")
    else:
        _out(text)
    return 0


def _writes(args: argparse.Namespace) -> bool:
    """Whether the command changes the store (then it is the one writer, or refused)."""
    return args.command == "import" or (args.command == "board" and args.action == "import") \
        or (args.command == "bgstats" and (args.location, args.bgg_id) != (None, None))


def _in_store(args: argparse.Namespace, path: Any, lines: list[str]) -> tuple[int, str]:
    """The command's work on the store: an exit status and the text to write."""
    from .store import Store, StoreError

    try:
        # A writer waits for no one and refuses while the companion runs.
        store, notice = Store.open(path, writer=_writes(args))
    except StoreError as exc:
        return _fail(str(exc)), ""
    if notice:
        print(f"helvetia: {notice}", file=sys.stderr)
    try:
        if getattr(args, "game_command", None) is not None:  # a game's own command
            return args.game_command(args, store), ""  # it writes its own answer
        history = _history(store, args)  # the group's history: --csv, stats, --format bgstats
        if history is not None:
            return history
        if args.command == "games":
            out = []
            for g in store.games():
                players = ", ".join(str(p.get("colour")) for p in g.header["players"]
                                    if isinstance(p, dict))
                result = g.result or {}
                status = ("in play" if g.ended_at is None else "abandoned"
                          if result.get("abandoned") else "won by " + ", ".join(
                              map(str, result.get("winners") or ["nobody"])))
                game = games.kind_of_header(g.header).title
                out.append(f"{g.id:4}  {g.started_at}  {players:28}  {g.actions:4} actions  "
                           f"{status}  ({game})\n")
            return 0, "".join(out)
        if args.command == "export":
            # Every line break inside a line escaped, also in lines stored by older versions.
            return 0, "".join(line.translate(LINE_BREAKS) + "\n"
                              for line in store.record_lines(args.game))
        try:
            game_id = store.import_record(lines)
        except HelvetiaError as exc:
            print(str(exc), file=sys.stderr)
            return 2, ""
        return 0, f"imported as game {game_id}\n"
    except StoreError as exc:
        return _fail(str(exc)), ""
    finally:
        store.close()


def _history(store: Any, args: argparse.Namespace) -> tuple[int, str] | None:
    """The group's history on the command line (an exit status and the text), or None for a
    command that is not about it."""
    from .history import exports

    try:
        if args.command == "games" and args.csv:
            return 0, exports.games_csv(store)
        if args.command == "stats":
            return 0, exports.stats_json(store) if args.json else exports.stats_text(store)
        if args.command == "bgstats":
            return 0, exports.bgstats_settings(store, args.location, args.bgg_id)
        if args.command == "export" and args.format == "bgstats":
            return 0, exports.bgstats_json(store, args.game)
    except exports.CommandError as exc:
        return _fail(str(exc)), ""
    return None


def _game_number(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text[:20]) < 2**62:
        raise argparse.ArgumentTypeError(f"not a game number: {text[:30]!r}")
    return int(text)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        """A wrong command line: one line, exit status 2."""
        self.exit(2, f"{self.prog}: {message} (see '{self.prog} --help')\n")


def _player_counts(text: str) -> tuple[int, ...]:
    try:
        counts = tuple(int(x) for x in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a list of player counts: {text!r}") from None
    if not counts or any(not 2 <= n <= 4 for n in counts):
        raise argparse.ArgumentTypeError("player counts are 2, 3 or 4")
    return counts


def _pins(text: str) -> dict[str, int]:
    pins = {}
    for part in text.split(","):
        seat, _, pin = part.partition("=")
        if not seat or not (pin.isascii() and pin.isdigit()):
            raise argparse.ArgumentTypeError(f"not a seat=pin pair: {part!r}")
        pins[seat] = int(pin)
    return pins


def _seats(text: str) -> tuple[str, ...]:
    from .bot import NAMES

    seats = tuple(s.strip() for s in text.split(","))
    bad = [s for s in seats if s not in NAMES]
    if bad or not 2 <= len(seats) <= 4:
        raise argparse.ArgumentTypeError(
            f"2 to 4 levels of {', '.join(NAMES)}, comma-separated, not {text!r}")
    return seats


def main(argv: Sequence[str] | None = None) -> int:
    parser = _Parser(prog="helvetia", description="Helvetia Companion.")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    run = sub.add_parser("run", help="start the companion (the default)")
    run.add_argument("--config", help="configuration file (TOML)")
    rp = sub.add_parser("replay", help="replay a game record and print the resulting state")
    rp.add_argument("record", help="a game record (JSON Lines)")
    rp.add_argument("--catalogue", help="a catalogue file (JSON) overriding the shipped one")
    sp = sub.add_parser("selfplay", help="play seeded random legal games, checking invariants")
    sp.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    sp.add_argument("--players", type=_player_counts, default=(2, 3, 4),
                    help="player counts, e.g. 4 or 2,3,4 (default: 2,3,4 in turn)")
    sp.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    sp.add_argument("--check-options", action="store_true",
                    help="also apply every option offered, to check that it is accepted")
    sp.add_argument("--adversarial", action="store_true",
                    help="play every other game like a hurried table (any coin count, tiles "
                         "before or after, Builder-tile builds buying with every coin, costs "
                         "read off the tiles when asked)")
    ar = sub.add_parser("arena", help="play whole games between virtual players' levels")
    ar.add_argument("--seats", type=_seats, default=("strong", "normal", "random", "random"),
                    help="levels by seat, rotated every game: easy, normal, strong, random "
                         "(default strong,normal,random,random)")
    ar.add_argument("--games", type=int, default=8, help="how many games (default 8)")
    ar.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    ar.add_argument("--json", action="store_true", help="print the figures as JSON")
    for name, text in (("games", "list the stored games"),
                       ("export", "write a stored game as a record (JSON Lines)"),
                       ("import", "store a game from a record, after replaying it"),
                       ("stats", "the players' statistics (as the Players screen shows them)"),
                       ("bgstats", "the location and BoardGameGeek id sent with plays to BG "
                                   "Stats: show them, or set them")):
        p = sub.add_parser(name, help=text)
        p.add_argument("--config", help="configuration file (TOML)")
        if name == "games":
            p.add_argument("--csv", action="store_true", help="every game as CSV, one a row")
        if name == "stats":
            p.add_argument("--json", action="store_true", help="as JSON")
        if name == "bgstats":
            p.add_argument("--location", help="where the group plays (\"\" for none)")
            p.add_argument("--bgg-id", help="BoardGameGeek's id of Helvetia (none: left out)")
        if name == "export":
            p.add_argument("game", type=_game_number,
                           help="the game's number (see 'helvetia games')")
            p.add_argument("--output", "-o", help="file to write (default: standard output)")
            p.add_argument("--format", choices=("record", "bgstats"), default="record",
                           help="record: the game's record (JSON Lines, the default); "
                                "bgstats: a finished game as a BG Stats play (JSON)")
        if name == "import":
            p.add_argument("record", help="a game record (JSON Lines)")
    given = list(sys.argv[1:] if argv is None else argv)
    for name, module in games.commands().items():  # the games' own, imported only when given
        if given[:1] == [name]:
            importlib.import_module(module).add_commands(sub, _Parser)
        else:
            sub.add_parser(name, help=f"a game's own command (helvetia {name} --help)")
    hw = sub.add_parser("hwtest", help="light the LED strip and print button presses")
    hw.add_argument("--port", default="auto", help="LED controller port (default: auto)")
    hw.add_argument("--baud", type=int, default=115200,
                    choices=(115200, 230400, 460800, 500000, 576000, 921600, 1000000, 1500000))
    hw.add_argument("--dtr-rts", choices=("high", "low"), default="high",
                    help="DTR/RTS while the port is open (hardware/wiring.md; default: high)")
    hw.add_argument("--pins", type=_pins, default={"red": 17, "blue": 27, "yellow": 22,
                                                  "white": 23},
                    help="seat=BCM pin pairs, e.g. red=17,blue=27 (default: the wiring guide's)")
    hw.add_argument("--seconds", type=float, default=30.0)
    args = parser.parse_args(argv)
    try:
        return _dispatch(parser, args)
    except BrokenPipeError:  # e.g. piped into head: the reader has what it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as exc:  # e.g. standard output onto a full disk
        return _fail(f"{exc.strerror or exc}")
    except KeyboardInterrupt:
        return 130


def _dispatch(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    if args.command in (None, "run"):
        from .display.app.start import main as run_app

        return run_app(getattr(args, "config", None))
    if args.command in ("games", "export", "import", "stats", "bgstats", "board"):
        return store_command(args)
    if args.command == "hwtest":
        from .hw.check import run as hwtest

        return hwtest(args.port, args.baud, args.pins, args.seconds, dtr_rts=args.dtr_rts)
    if args.command == "replay":
        return replay(args.record, args.catalogue)
    if args.command == "selfplay":
        from .selfplay import run

        return run(args.games, args.players, args.seed, args.check_options, args.adversarial)
    if args.command == "arena":
        from .bot.arena import run as arena

        return arena(args.seats, args.games, args.seed, args.json)
    parser.print_help()  # pragma: no cover - argparse has handled every other command
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
