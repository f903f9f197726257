"""UI self-play: a game record played through the app, headless, by taps and seat buttons.

    python -m tests.uiplay [--language LANG] RECORD.jsonl

Every line is entered as a table would, by taps on visible enabled widgets and seat-button
events (``tests/ui_driver.py``); no move is made by calling the engine or the session. A build
line that carries a cost is entered through the cost form, as read off the tile. The costs of a
header's catalogue are taken as costs entered on this device before the game. At the end it
prints the state as one JSON object, exactly as ``helvetia replay`` of the record does.

With ``--every-language`` each new (screen, state) is drawn in the other languages as well,
at once, the same state: the walk is language-independent (taps on widget ids), the drawing is
not. ``HELVETIA_STRICT_TEXT=1`` makes any text that does not fit stop the walk, in any of them.

Exit status: 0 played to its end; 2 a line the screens offer no way to enter (its number, why,
and the screen's widgets on stderr), or a record that does not replay; 3 ``skipped: reason``,
a record whose header the screens cannot reproduce.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from companion.config import Buttons, Config, Leds
from companion.engine import Game, HelvetiaError, load_catalogue, summary
from companion.engine.state import COLOURS

if TYPE_CHECKING:
    from companion.display.app.loop import App
    from tests.ui_driver import Driver

COST_KEYS = {"cost", "cost_confidence", "cost_source"}


class Skipped(Exception):
    """A header the screens cannot reproduce."""


def device_costs(header: dict[str, Any]) -> dict[str, dict[str, int]]:
    """The header's catalogue as costs entered on the device; anything else is a catalogue the
    screens cannot make, and skips the record."""
    catalogue = header.get("catalogue") or {}
    other = sorted(set(catalogue) - {"buildings"})
    if other:
        raise Skipped(f"the header changes the catalogue's {other}")
    shipped = load_catalogue()
    costs: dict[str, dict[str, int]] = {}
    for t, entry in (catalogue.get("buildings") or {}).items():
        if t not in shipped.buildings:
            raise Skipped(f"the header adds a building type {t!r}")
        if not isinstance(entry, dict) or set(entry) - COST_KEYS:
            raise Skipped(f"the header changes more than the cost of {t!r}")
        if entry.get("cost") is not None:
            costs[t] = dict(entry["cost"])
        elif "cost" in entry and shipped.buildings[t].cost is not None:
            raise Skipped(f"the header forgets the known cost of {t!r}")
    return costs


def check_header(header: dict[str, Any]) -> None:
    players = [p.get("colour") for p in header.get("players", [])]
    if not 2 <= len(players) <= 4 or not set(players) <= set(COLOURS):
        raise Skipped(f"players {players} are not 2 to 4 of the colours")
    options = header.get("options", {})
    unknown = set(options) - {"setup", "intro", "neutral_colour"}
    if unknown:
        raise Skipped(f"options {sorted(unknown)} have no place on the new-game screen")


def config(header: dict[str, Any], data_dir: Path, language: str) -> Config:
    """The device as the table set it up: the record's colours at the first seats, in the
    record's order of play."""
    colours = [p["colour"] for p in header["players"]]
    seats = tuple(colours + [c for c in COLOURS if c not in colours])
    return Config(language=language, data_dir=data_dir, seats=seats,
                  buttons=Buttons(backend="keyboard"), leds=Leds(backend="simulated"))


class EveryLanguage:
    """Wraps ``app.draw``: at each (screen, state) not drawn before, where the state is the
    number of actions the game has, the same state is drawn in every other language too (in
    strict mode a text that does not fit raises, naming the language), then again in the
    walk's own, so that what the walk taps next is as its language lays it out."""

    def __init__(self, app: App, languages: Sequence[str]) -> None:
        from companion.display.words import i18n

        self.app = app
        self.i18n = i18n
        self.others = [lang for lang in languages if lang != i18n.language]
        self.seen: set[tuple[str, int]] = set()
        self.pairs: set[tuple[str, int, str]] = set()
        """Every (screen, state, language) drawn."""
        self.draw = app.draw
        app.draw = self  # type: ignore[method-assign]

    def everywhere(self) -> None:
        """The screen as it is now drawn in every language, seen before or not."""
        self.seen.discard(self.key())
        self()

    def key(self) -> tuple[str, int]:
        app = self.app
        screen = type(app.overlay or app.screen).__name__
        return screen, len(app.session.game.actions) if app.session else -1

    def __call__(self) -> None:
        key = self.key()
        home = self.i18n.language
        self.draw()
        self.pairs.add((*key, home))
        if key in self.seen:
            return
        self.seen.add(key)
        try:
            for lang in self.others:
                self.i18n.use(lang)
                try:
                    self.draw()
                except Exception as exc:
                    exc.add_note(f"drawn in {lang!r} (the walk is in {home!r})")
                    raise
                self.pairs.add((*key, lang))
        finally:
            self.i18n.use(home)
        self.draw()


@dataclass
class Played:
    state: dict[str, Any]
    """The app's final state, as ``helvetia replay`` prints it."""
    taps: int
    presses: int
    names_entered: bool
    """Whether the screens asked for the players' names (else the app has colour names)."""
    pairs: set[tuple[str, int, str]] | None = None
    """With every language: each (screen, state, language) drawn."""


def started(lines: list[str], data_dir: Path, language: str = "en",
            driver: type[Driver] | None = None, also: Sequence[str] = ()) -> tuple[App, Driver]:
    """A new app on an empty store, the record's costs entered on this device before the
    game, and the record's game started through the new-game screen by ``driver`` (a
    ``ui_driver.Driver`` by default); each new screen drawn in the languages ``also`` too."""
    from companion.display.app.loop import App
    from tests.ui_driver import Driver

    header = json.loads(lines[0])
    app = App(config(header, data_dir, language))
    if also:
        EveryLanguage(app, [language, *also])
    costs = device_costs(header)
    if costs:
        app.store.learn_costs(costs)
    d = (driver or Driver)(app)
    d.new_game(header)
    return app, d


def play(lines: list[str], data_dir: Path, language: str = "en",
         also: Sequence[str] = ()) -> Played:
    """Plays the record through a new app on an empty store, each new (screen, state) drawn
    in the languages ``also`` as well (:class:`EveryLanguage`). Raises ``Skipped`` or
    ``ui_driver.Stuck``."""
    lines = [ln for ln in lines if ln.strip()]
    check_header(json.loads(lines[0]))
    app, driver = started(lines, data_dir, language, also=also)
    every = app.draw if isinstance(app.draw, EveryLanguage) else None
    try:
        driver.play(lines)
        assert app.session is not None
        return Played(summary(app.session.state), driver.taps, driver.presses,
                      driver.names_entered, every.pairs if every else None)
    finally:
        app.close()


def scratch() -> str | None:
    """Where the throwaway store goes: memory where there is a tmpfs (a commit's fsync costs
    nothing there), else the system's temporary directory."""
    shm = Path("/dev/shm")
    return str(shm) if shm.is_dir() and os.access(shm, os.W_OK) else None


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.uiplay", description=__doc__.split(
        "\n")[0])
    parser.add_argument("--language", default="en")
    parser.add_argument("--every-language", action="store_true",
                        help="draw each new screen in the other languages too")
    parser.add_argument("record")
    args = parser.parse_args(argv)
    from tests.ui_driver import Stuck

    lines = [ln for ln in Path(args.record).read_text(encoding="utf-8").splitlines()
             if ln.strip()]
    try:
        header = json.loads(lines[0]) if lines else {}
        check_header(header)
        device_costs(header)
    except Skipped as exc:
        print(f"skipped: {exc}")
        return 3
    except (json.JSONDecodeError, AttributeError, TypeError):
        pass  # the replay below says what is wrong with it
    try:
        Game.from_record(lines)
    except HelvetiaError as exc:  # as `helvetia replay` says it
        print(str(exc), file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="uiplay-", dir=scratch()) as tmp:
        try:
            from companion.display.words.i18n import LANGUAGES

            also = [lang for lang in LANGUAGES if lang != args.language]
            state = play(lines, Path(tmp), args.language,
                         also if args.every_language else ()).state
        except Skipped as exc:
            print(f"skipped: {exc}")
            return 3
        except Stuck as exc:
            line = getattr(exc, "line", 1)
            print(f"line {line}: {exc.reason} on {exc.screen}", file=sys.stderr)
            print("widgets: " + ", ".join(exc.widgets), file=sys.stderr)
            return 2
    sys.stdout.write(json.dumps(state, ensure_ascii=False, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
