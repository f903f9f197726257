"""docs/architecture.md stays true to the code: its package table has a row for every package
of ``companion`` and names every module of it, and names none that is gone."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
DOC = ROOT / "docs" / "architecture.md"


def table() -> dict[str, set[str]]:
    """Package path -> the modules its row names (the first code span of each item)."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## The packages", 1)[1].split("\n## ", 1)[0]
    rows: dict[str, set[str]] = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3 or not cells[0].startswith("`companion"):
            continue
        package = cells[0].strip("`").rstrip("/")
        items = re.split(r",\s*(?![^()]*\))", cells[2])  # commas outside the notes
        rows[package] = {m.group(1) for item in items
                         if (m := re.match(r"`([A-Za-z_][\w]*)`", item.strip()))}
    return rows


def code() -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for path in (ROOT / "companion").rglob("*.py"):
        package = path.parent.relative_to(ROOT).as_posix()
        out.setdefault(package, set()).add(path.stem)
    return out


def test_the_package_table_names_every_module_and_no_other() -> None:
    documented, actual = table(), code()
    assert sorted(set(actual) - set(documented)) == [], "packages without a row"
    assert sorted(set(documented) - set(actual)) == [], "rows of packages that are gone"
    missing = sorted(f"{p}/{m}.py" for p, ms in actual.items() for m in ms - documented[p])
    stale = sorted(f"{p}/{m}.py" for p, ms in documented.items() for m in ms - actual[p])
    assert missing == [] and stale == []


def test_the_paths_it_cites_exist() -> None:
    """Every ``path/to/module.py`` the page cites in code spans is in the repository."""
    text = DOC.read_text(encoding="utf-8")
    cited = set(re.findall(r"`((?:companion/)?[\w/]+\.py)`", text))
    bases = (ROOT, ROOT / "companion")
    gone = sorted(c for c in cited if not any((b / c).is_file() for b in bases)
                  and not any(p.as_posix().endswith("/" + c) for p in ROOT.rglob(c.split("/")[-1])))
    assert gone == []
