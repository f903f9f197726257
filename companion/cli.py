"""The ``helvetia`` command."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .engine import Game, HelvetiaError, summary


class _InputError(Exception):
    """A file given on the command line that cannot be used."""


def _read_json_file(path: str, what: str) -> Any:
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise _InputError(f"cannot read the {what} {path}: {exc.strerror}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise _InputError(f"the {what} {path} is not valid JSON: {exc}") from None


def _fail(message: str) -> int:
    print(f"helvetia: {message}", file=sys.stderr)
    return 2


def replay(record: str, catalogue: str | None) -> int:
    try:
        overrides = [_read_json_file(catalogue, "catalogue")] if catalogue else []
    except _InputError as exc:
        return _fail(str(exc))
    try:
        lines = Path(record).read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        return _fail(f"cannot read the record {record}: {exc.strerror}")
    except UnicodeDecodeError:
        return _fail(f"the record {record} is not UTF-8 text")
    try:
        game = Game.from_record(lines, *overrides)
    except HelvetiaError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    text = json.dumps(summary(game.state), ensure_ascii=False, indent=2)
    try:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()
    except BrokenPipeError:  # e.g. piped into head: the reader has what it wanted
        sys.stderr.close()
    return 0


def store_command(args: argparse.Namespace) -> int:
    from .config import ConfigError
    from .config import load as load_config
    from .store import Store, StoreError

    try:
        config = load_config(args.config)
    except ConfigError as exc:
        return _fail(str(exc))
    store, notice = Store.open(config.data_dir / "helvetia.db")
    if notice:
        print(notice, file=sys.stderr)
    try:
        if args.command == "games":
            for g in store.games():
                players = ", ".join(p["colour"] for p in g.header["players"])
                status = ("in play" if g.ended_at is None else
                          "won by " + ", ".join(g.result["winners"]) if g.result else "ended")
                print(f"{g.id:4}  {g.started_at}  {players:28}  {g.actions:4} actions  {status}")
            return 0
        if args.command == "export":
            text = "\n".join(store.record_lines(args.game)) + "\n"
            if args.output:
                Path(args.output).write_text(text, encoding="utf-8")
            else:
                sys.stdout.write(text)
            return 0
        try:
            lines = Path(args.record).read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as exc:
            return _fail(f"cannot read the record {args.record}: {exc}")
        try:
            game_id = store.import_record(lines)
        except HelvetiaError as exc:
            print(str(exc), file=sys.stderr)
            return 2
        print(f"imported as game {game_id}")
        return 0
    except StoreError as exc:
        return _fail(str(exc))
    finally:
        store.close()


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
        if not seat or not pin.isdigit():
            raise argparse.ArgumentTypeError(f"not a seat=pin pair: {part!r}")
        pins[seat] = int(pin)
    return pins


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="helvetia", description="Helvetia Companion.")
    sub = parser.add_subparsers(dest="command")
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
    for name, text in (("games", "list the stored games"),
                       ("export", "write a stored game as a record (JSON Lines)"),
                       ("import", "store a game from a record, after replaying it")):
        p = sub.add_parser(name, help=text)
        p.add_argument("--config", help="configuration file (TOML)")
        if name == "export":
            p.add_argument("game", type=int, help="the game's number (see 'helvetia games')")
            p.add_argument("--output", "-o", help="file to write (default: standard output)")
        if name == "import":
            p.add_argument("record", help="a game record (JSON Lines)")
    hw = sub.add_parser("hwtest", help="light the LED strip and print button presses")
    hw.add_argument("--port", default="auto", help="LED controller port (default: auto)")
    hw.add_argument("--baud", type=int, default=115200)
    hw.add_argument("--pins", type=_pins, default={"red": 17, "blue": 27, "yellow": 22,
                                                  "white": 23},
                    help="seat=BCM pin pairs, e.g. red=17,blue=27 (default: the wiring guide's)")
    hw.add_argument("--seconds", type=float, default=30.0)
    args = parser.parse_args(argv)
    if args.command in (None, "run"):
        from .display.app import main as run_app

        return run_app(getattr(args, "config", None))
    if args.command in ("games", "export", "import"):
        return store_command(args)
    if args.command == "hwtest":
        from .hw.check import run as hwtest

        return hwtest(args.port, args.baud, args.pins, args.seconds)
    if args.command == "replay":
        return replay(args.record, args.catalogue)
    if args.command == "selfplay":
        from .selfplay import run

        return run(args.games, args.players, args.seed, args.check_options)
    parser.print_help()  # pragma: no cover - argparse has handled every other command
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
