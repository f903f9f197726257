"""Compile the .po catalogues under companion/display/locale into .mo files (a small msgfmt:
plain msgid/msgstr pairs, no plurals or contexts), so no gettext tools are needed."""

from __future__ import annotations

import ast
import struct
import sys
from pathlib import Path

LOCALE = Path(__file__).resolve().parent.parent / "companion" / "display" / "locale"


def parse_po(text: str) -> dict[str, str]:
    messages: dict[str, str] = {}
    msgid = msgstr = None
    current = None
    for raw in [*text.splitlines(), ""]:
        line = raw.strip()
        if line.startswith("msgid "):
            if msgid is not None and msgstr is not None:
                messages[msgid] = msgstr
            msgid, msgstr, current = ast.literal_eval(line[6:]), None, "id"
        elif line.startswith("msgstr "):
            msgstr, current = ast.literal_eval(line[7:]), "str"
        elif line.startswith('"') and current:
            if current == "id":
                msgid = (msgid or "") + ast.literal_eval(line)
            else:
                msgstr = (msgstr or "") + ast.literal_eval(line)
        elif not line and msgid is not None and msgstr is not None:
            messages[msgid] = msgstr
            msgid = msgstr = current = None
    return {k: v for k, v in messages.items() if v or k == ""}


def mo_bytes(messages: dict[str, str]) -> bytes:
    keys = sorted(messages)
    ids = b"".join(k.encode() + b"\0" for k in keys)
    strs = b"".join(messages[k].encode() + b"\0" for k in keys)
    n = len(keys)
    start = 7 * 4 + 16 * n
    offsets, pos = [], 0
    for k in keys:
        offsets.append((len(k.encode()), start + pos))
        pos += len(k.encode()) + 1
    table_ids = offsets
    offsets, pos = [], 0
    for k in keys:
        v = messages[k].encode()
        offsets.append((len(v), start + len(ids) + pos))
        pos += len(v) + 1
    out = struct.pack("Iiiiiii", 0x950412DE, 0, n, 7 * 4, 7 * 4 + 8 * n, 0, 0)
    out += b"".join(struct.pack("ii", length, off) for length, off in table_ids)
    out += b"".join(struct.pack("ii", length, off) for length, off in offsets)
    return out + ids + strs


def main() -> int:
    for po in LOCALE.glob("*/LC_MESSAGES/*.po"):
        po.with_suffix(".mo").write_bytes(mo_bytes(parse_po(po.read_text(encoding="utf-8"))))
        print(f"compiled {po.relative_to(LOCALE)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
