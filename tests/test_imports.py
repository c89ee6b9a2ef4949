"""The import graph of monuments_tui, read from the source: packages by layer, no cycles,
and few lazy imports.

Every `import` and `from ... import` counts, at any depth (inside functions too), with
relative imports resolved. `from pkg import name` is an edge to `pkg.name` when that is a
module and to `pkg` otherwise. An import inside a function exists only to keep start-up
fast, says so in a comment, and there are at most `MAX_LAZY` of them.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = "monuments_tui"
PACKAGE_DIR = Path(__file__).resolve().parent.parent / PACKAGE
MAX_LAZY = 22  # three of them for play over the network: the server (serve, host), the client (join) and the web pages load when used; one for the search of `review`

LAYERS: dict[str, set[str]] = {
    "rules": set(),
    "ai": {"rules"},
    "saves": {"rules"},
    "game": {"rules", "ai", "saves"},
    "records": {"rules", "ai", "saves", "game"},
    "net": {"rules", "ai", "saves", "game", "records"},
    "ui": {"rules", "ai", "saves", "game", "records", "net"},
    "cli": {"rules", "ai", "saves", "game", "records", "net", "ui"},
}
"""Each package of the game and the packages it may import: only those on floors below it.
Every package may also import the package root (its version) and `data` (the game's content)."""
SHARED = {"", "data"}


def module_names(root: Path) -> dict[str, Path]:
    """Every module under the package directory `root`, by dotted name."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root.parent).with_suffix("").parts
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def _package_of(name: str, path: Path) -> str:
    """The package a module's relative imports start from."""
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def _owner(name: str, modules) -> str | None:
    """The module `name` lands in: itself, or the longest enclosing module we know."""
    while name:
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


def imports_of(name: str, path: Path, modules) -> set[str]:
    """The modules of `modules` that the source of module `name` imports, at any depth."""
    targets: set[str | None] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            targets.update(_owner(alias.name, modules) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = _package_of(name, path).split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([node.module] if node.module else []))
            for alias in node.names:
                full = f"{base}.{alias.name}"
                targets.add(full if full in modules else _owner(base, modules))
    targets.discard(None)
    targets.discard(name)
    return targets  # type: ignore[return-value]


def import_graph(root: Path) -> dict[str, set[str]]:
    modules = module_names(root)
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def find_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle (as a path that returns to its start) per strongly connected knot of `graph`."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    knots: list[set[str]] = []

    def visit(v: str) -> None:  # Tarjan's algorithm; the graph is small enough to recurse
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            knot = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                knot.add(w)
                if w == v:
                    break
            if len(knot) > 1:
                knots.append(knot)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return [_cycle_in(graph, knot) for knot in knots]


def _cycle_in(graph: dict[str, set[str]], knot: set[str]) -> list[str]:
    """The shortest cycle through the knot's first module (breadth-first, inside the knot)."""
    start = min(knot)
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in sorted(graph[v] & knot):
                if w == start:
                    path = [v]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return [*reversed(path), start]
                if w not in came_from:
                    came_from[w] = v
                    nxt.append(w)
        frontier = nxt
    raise AssertionError(f"no cycle in knot {sorted(knot)}")


def _comment_above(lines: list[str], index: int) -> bool:
    """True if a comment stands right above line `index`, or above the run of imports it ends."""
    i = index - 1
    while i >= 0 and lines[i].strip().startswith(("from ", "import ")):
        i -= 1
    return i >= 0 and lines[i].strip().startswith("#")


def lazy_imports(root: Path) -> list[tuple[Path, int, bool]]:
    """(file, line, has a comment) for every import made inside a function under `root`."""
    out = []
    for path in sorted(root.rglob("*.py")):
        lines = path.read_text().splitlines()
        for fn in ast.walk(ast.parse("\n".join(lines))):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(fn):
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    here = lines[node.lineno - 1 : node.end_lineno]
                    commented = any("#" in line for line in here) or _comment_above(lines, node.lineno - 1)
                    out.append((path, node.lineno, commented))
    return sorted(set(out))  # a nested function's imports are met once per enclosing function


def package_of(module: str) -> str:
    """The first-level package of a dotted module name ("" for the package root itself)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def layer_breaches(graph: dict[str, set[str]], layers: dict[str, set[str]]) -> list[str]:
    """Every import from a layer's package to one it may not use, as `importer -> imported`."""
    out = []
    for importer, imported in sorted(graph.items()):
        floor = package_of(importer)
        for target in sorted(imported):
            below = package_of(target)
            if below in (floor, *SHARED) or floor in ("", "__main__"):
                continue
            if floor not in layers or below not in layers[floor]:
                out.append(f"{importer} -> {target}")
    return out


# -- the checks -------------------------------------------------------------------------------
def test_every_module_is_in_a_layer():
    loose = [m for m in module_names(PACKAGE_DIR) if package_of(m) not in (*LAYERS, *SHARED, "__main__")]
    assert loose == [], f"modules outside the layers' packages: {loose}"


def test_each_layer_imports_only_the_layers_below_it():
    assert layer_breaches(import_graph(PACKAGE_DIR), LAYERS) == []


def test_there_is_no_import_cycle():
    cycles = find_cycles(import_graph(PACKAGE_DIR))
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(c) for c in cycles)


def test_imports_inside_functions_are_few_and_say_why():
    found = lazy_imports(PACKAGE_DIR)
    silent = [f"{p.relative_to(PACKAGE_DIR.parent)}:{n}" for p, n, commented in found if not commented]
    assert not silent, "an import inside a function needs a comment saying why (start-up time): " + ", ".join(silent)
    where = ", ".join(f"{p.relative_to(PACKAGE_DIR.parent)}:{n}" for p, n, _ in found)
    assert len(found) <= MAX_LAZY, f"{len(found)} imports inside functions (at most {MAX_LAZY}): {where}"


# -- the checks can fail ----------------------------------------------------------------------
def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "pkg"
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


def test_a_cycle_through_a_function_import_a_relative_import_and_a_package_is_found(tmp_path):
    root = _tree(
        tmp_path,
        {
            "__init__.py": "",
            "a.py": "def f():\n    from pkg.sub import thing  # lazy\n",
            "sub/__init__.py": "from .b import thing\n",
            "sub/b.py": "from pkg import a\nthing = 1\n",
            "c.py": "import pkg.a\n",
        },
    )
    graph = import_graph(root)
    assert graph["pkg.a"] == {"pkg.sub"}  # `thing` is no module: the edge goes to the package
    assert graph["pkg.sub"] == {"pkg.sub.b"}
    assert graph["pkg.sub.b"] == {"pkg.a"}  # `a` is a module: the edge goes to it
    assert find_cycles(graph) == [["pkg.a", "pkg.sub", "pkg.sub.b", "pkg.a"]]


def test_an_import_from_a_higher_floor_is_named(tmp_path):
    root = _tree(
        tmp_path,
        {
            "__init__.py": "",
            "rules/__init__.py": "",
            "rules/a.py": "from pkg.game import b\n",
            "game/__init__.py": "",
            "game/b.py": "from pkg.rules import a\nfrom pkg import data\n",
            "data/__init__.py": "",
        },
    )
    layers = {"rules": set(), "game": {"rules"}}
    assert layer_breaches(import_graph(root), layers) == ["pkg.rules.a -> pkg.game.b"]


def test_a_tree_without_cycles_passes(tmp_path):
    root = _tree(tmp_path, {"__init__.py": "", "a.py": "from . import b\n", "b.py": "import os\n"})
    assert find_cycles(import_graph(root)) == []


def test_lazy_imports_are_counted_with_their_comments(tmp_path):
    root = _tree(
        tmp_path,
        {
            "__init__.py": "import os\n",
            "a.py": (
                "def f():\n    import json  # start-up time\n"
                "def g():\n    # start-up time\n    import csv\n    import io\n"
                "    def h():\n        import re\n"
            ),
        },
    )
    found = [(p.name, n, c) for p, n, c in lazy_imports(root)]
    assert found == [("a.py", 2, True), ("a.py", 5, True), ("a.py", 6, True), ("a.py", 8, False)]
