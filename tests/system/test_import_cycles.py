"""No import cycle among companion's modules, counting the imports inside functions (a lazy
import that closes a cycle still ties the two modules together; it only hides the cycle until
the function runs). Imports under ``if TYPE_CHECKING:`` never run and are not counted.

A module importing its own package (``from . import x`` in a package's module, or the package's
``__init__`` running first) is Python's order of import, not a cycle: edges to a module's own
enclosing packages are left out. An edge to any other package counts as one to its
``__init__``."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import companion

ROOT = Path(companion.__file__).parent


def modules(root: Path) -> dict[str, Path]:
    """Each module's dotted name (a package by its own name) and its file."""
    found = {}
    for f in sorted(root.rglob("*.py")):
        parts = list(f.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = f
    return found


def _type_checking(node: ast.If) -> bool:
    t = node.test
    return (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or (
        isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING")


def _imports(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement, at any depth (functions, methods, branches), except those
    under ``if TYPE_CHECKING:`` (its ``else`` still counts)."""
    if isinstance(node, ast.Import | ast.ImportFrom):
        yield node
        return
    children = (node.orelse if isinstance(node, ast.If) and _type_checking(node)
                else list(ast.iter_child_nodes(node)))
    for child in children:
        yield from _imports(child)


def _targets(name: str, is_package: bool, node: ast.Import | ast.ImportFrom,
             mods: dict[str, Path]) -> list[str]:
    """The dotted names an import statement reaches (modules or names in modules)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    base = name.split(".") if is_package else name.split(".")[:-1]
    if node.level:
        base = base[:len(base) - (node.level - 1)]
        where = ".".join(base + ([node.module] if node.module else []))
    else:
        where = node.module or ""
    # ``from p import m``: the submodule m if there is one, else the name m of module p
    return [f"{where}.{a.name}" if f"{where}.{a.name}" in mods else where for a in node.names]


def edges(mods: dict[str, Path]) -> dict[str, set[str]]:
    """Which of ``mods`` each module imports (at any depth), its own packages left out."""
    out: dict[str, set[str]] = {m: set() for m in mods}
    for m, f in mods.items():
        tree = ast.parse(f.read_text(encoding="utf-8"), filename=str(f))
        for node in _imports(tree):
            for t in _targets(m, f.name == "__init__.py", node, mods):
                while t and t not in mods:  # a name inside a module: the module
                    t = t.rpartition(".")[0]
                if t and t != m and not m.startswith(t + "."):
                    out[m].add(t)
    return out


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, without recursion),
    each sorted; a module importing itself is no cycle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on.add(start)
        while work:
            v, nexts = work[-1]
            w = next(nexts, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    found.append(sorted(comp))
    return found


def test_companion_has_no_import_cycle() -> None:
    mods = modules(ROOT)
    assert len(mods) > 100, "the package's modules are found"
    found = cycles(edges(mods))
    assert not found, "import cycles (counting imports inside functions):\n" + "\n".join(
        " <-> ".join(c) for c in found)


def _package(root: Path, files: dict[str, str]) -> dict[str, Path]:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return modules(root / "pkg")


def test_a_cycle_closed_inside_a_function_is_found(tmp_path: Path) -> None:
    mods = _package(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/a.py": "from .b import thing\n",
        "pkg/sub/__init__.py": "",
        "pkg/sub/c.py": "def late():\n    from .. import a\n    return a\n",
        "pkg/b.py": "import pkg.sub.c\nthing = 1\n",
    })
    assert cycles(edges(mods)) == [["pkg.a", "pkg.b", "pkg.sub.c"]]


def test_a_package_importing_its_modules_and_type_checking_imports_are_no_cycle(
        tmp_path: Path) -> None:
    mods = _package(tmp_path, {
        "pkg/__init__.py": "from .a import A\nfrom .b import B\n",
        "pkg/a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                    "    from .b import B\nA = 1\n",
        "pkg/b.py": "from . import a\nfrom pkg import a as again\nB = a.A\n",
    })
    graph = edges(mods)
    assert graph == {"pkg": {"pkg.a", "pkg.b"}, "pkg.a": set(), "pkg.b": {"pkg.a"}}
    assert cycles(graph) == []
