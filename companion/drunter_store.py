"""The Drunter & Drüber board kept on the device (§D9): in the store's settings, as its board
file's JSON; and ``helvetia board export|import``, to take it off the device or bring one in
(a file of the documented format, docs/drunter-board.md)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .drunter.board import Board, board_to_json, load_board
from .drunter.board_draft import BoardDraft
from .engine.errors import HelvetiaError
from .engine.record import MAX_LINE, loads_line

SETTING = "drunter_board"
"""The store's setting that holds the board entered on this device."""
DRAFT_SETTING = "drunter_board_draft"
"""The board as the table is entering it, kept at every tap (a power cut loses nothing)."""


def kept_board(store: Any) -> Board | None:
    """The board kept on this device; ``None`` if there is none (or it cannot be read)."""
    raw = store.setting(SETTING) if store is not None else None
    if not raw:
        return None
    try:
        return load_board(json.loads(raw))
    except (ValueError, HelvetiaError):
        return None


def keep_board(store: Any, board: Board) -> None:
    """Keep ``board`` on this device (replacing the one kept before)."""
    store.set_setting(SETTING, json.dumps(board_to_json(board), ensure_ascii=False))


def kept_draft(store: Any) -> BoardDraft | None:
    """The board being entered on this device, else the board kept, as a draft to go on
    with; ``None`` if there is neither."""
    raw = store.setting(DRAFT_SETTING) if store is not None else None
    if raw:
        try:
            return BoardDraft.from_json(json.loads(raw))
        except ValueError:
            pass
    board = kept_board(store)
    return None if board is None else BoardDraft.of(board)


def keep_draft(store: Any, draft: BoardDraft) -> None:
    store.set_setting(DRAFT_SETTING, json.dumps(draft.to_json(), ensure_ascii=False))


def add_commands(sub: Any, parser_class: type[argparse.ArgumentParser]) -> None:
    """The game's own command line: ``helvetia board export|import``."""
    bd = sub.add_parser("board", help="export or import the Drunter & Drüber board kept on "
                                      "this device (docs/drunter-board.md)")
    bd.add_argument("--config", help="configuration file (TOML)")
    bd.set_defaults(game_command=board_command)
    bd_sub = bd.add_subparsers(dest="action", required=True, parser_class=parser_class)
    bd_sub.add_parser("export", help="write the board file").add_argument(
        "--output", "-o", help="file to write (default: standard output)")
    bd_sub.add_parser("import", help="check a board file and keep it").add_argument("file")


def board_command(args: argparse.Namespace, store: Any) -> int:
    """``helvetia board export [-o FILE]`` / ``helvetia board import FILE``."""
    if args.action == "export":
        board = kept_board(store)
        if board is None:
            print("helvetia: no Drunter & Drüber board is kept on this device", file=sys.stderr)
            return 2
        text = json.dumps(board_to_json(board), ensure_ascii=False, indent=2) + "\n"
        if args.output:
            try:
                with open(args.output, "w", encoding="utf-8") as f:
                    f.write(text)
            except OSError as exc:
                print(f"helvetia: cannot write {args.output}: {exc.strerror}", file=sys.stderr)
                return 2
        else:
            sys.stdout.write(text)
        return 0
    try:
        with open(args.file, "rb") as f:
            data = f.read(MAX_LINE + 1)
        if len(data) > MAX_LINE:
            raise ValueError("the file is too large for a board")
        board = load_board(loads_line(" ".join(data.decode("utf-8").split("\n"))))
    except OSError as exc:
        print(f"helvetia: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    except (ValueError, HelvetiaError) as exc:
        print(f"helvetia: the board {args.file} is not valid: {exc}", file=sys.stderr)
        return 2
    keep_board(store, board)
    keep_draft(store, BoardDraft.of(board))  # the screen shows the board imported
    print(f"the board {board.name!r} ({board.width} x {board.height}) is kept on this device")
    return 0
