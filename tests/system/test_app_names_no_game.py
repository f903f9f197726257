"""The app (``companion/display/app/``) is game-neutral: its loop, its store link, its hardware,
its dispatch and its worker ask the game in play's kind (``games.GameKind``), never a game's
own code. Of the rules it may name only the errors' root and the colours' vocabulary, which
every game shares; no bot, no game's table log, no screen of one game's flow. Imports inside
functions count too (those under ``if TYPE_CHECKING:`` never run and do not)."""

from __future__ import annotations

import ast
from pathlib import Path

import companion.display.app as app_package

APP = Path(app_package.__file__).resolve().parent
SHARED = {"companion.engine", "companion.engine.values"}
"""``HelvetiaError`` (every game's refusals derive from it) and ``Colour`` (the seats' words)."""
A_GAME_S_OWN = ("companion.engine.", "companion.bot", "companion.drunter",
                "companion.controls", "companion.games.helvetia", "companion.games.drunter",
                "companion.games.seating", "companion.games.table_keep",
                "companion.display.words.table_log", "companion.display.screens.turn",
                "companion.display.screens.setup", "companion.display.screens.round_end",
                "companion.display.screens.drunter")


def imported(path: Path) -> set[str]:
    """The absolute names of the modules ``path`` (a module of the app) imports from, at any
    depth, but under ``if TYPE_CHECKING:``."""
    package = ["companion", "display", "app"]
    out: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) \
                and node.test.id == "TYPE_CHECKING":
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            out.add(".".join([*base, *(node.module.split(".") if node.module else [])]))
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return out


def own_code(names: set[str]) -> list[str]:
    return sorted(n for n in names if n not in SHARED and n.startswith(A_GAME_S_OWN))


def test_the_app_imports_no_game_s_own_code() -> None:
    offenders = [f"{path.name} imports {name}" for path in sorted(APP.glob("*.py"))
                 for name in own_code(imported(path))]
    assert offenders == []


def test_the_check_sees_an_import_of_a_game_s_own(tmp_path: Path) -> None:
    module = tmp_path / "loop.py"
    module.write_text("from ...engine import HelvetiaError\n"
                      "from ...engine.values import Colour\n"
                      "if TYPE_CHECKING:\n    from ...engine.state import GameState\n"
                      "def f():\n    from ..screens.round_end.reveal_grid import tappable\n"
                      "    from ...bot import hint\n", encoding="utf-8")
    assert own_code(imported(module)) == ["companion.bot",
                                          "companion.display.screens.round_end.reveal_grid"]
