"""Each game package's modules depend on each other one way, and no private name crosses a module.

For every package under `src/buccaneer/games/` (found by walking the folder), each module is
parsed with `ast` and three rules are checked:

- the import graph between the package's modules is acyclic, counting top-level imports, imports
  inside functions and imports under `if TYPE_CHECKING:` alike (the state sits on top of the rules
  modules, which sit on the components; the package's `__init__.py` may import anything);
- no module imports a private name (`_x`) from another module;
- no module touches a private attribute or method (`obj._x` with `obj` other than `self` or
  `cls`) unless that name is defined in the module itself (as a function, a class attribute or
  method, a `__slots__` entry or a `self._x = ...` assignment there).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import buccaneer.games

GAMES_DIR = Path(buccaneer.games.__file__).parent
PACKAGES = sorted(path.name for path in GAMES_DIR.iterdir() if (path / "__init__.py").is_file())


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def parse_package(folder: Path) -> dict[str, ast.Module]:
    """Module name ("state", "__init__", ...) -> its syntax tree."""
    return {
        path.stem: ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for path in sorted(folder.glob("*.py"))
    }


def _imports(tree: ast.Module) -> Iterator[tuple[str, list[str], int]]:
    """Every import anywhere in the module (top level, in functions, under TYPE_CHECKING):
    (absolute module, imported names, relative level)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, [], 0
        elif isinstance(node, ast.ImportFrom):
            yield node.module or "", [alias.name for alias in node.names], node.level


def import_edges(package: str, modules: dict[str, ast.Module]) -> dict[str, set[str]]:
    """module -> the modules of the same package it imports."""
    prefix = f"buccaneer.games.{package}"
    edges: dict[str, set[str]] = {name: set() for name in modules}
    for name, tree in modules.items():
        for module, names, level in _imports(tree):
            # A relative import is relative to this package (a game package has no subpackages).
            relative = f"{prefix}.{module}" if module else prefix
            target = relative if level else module
            if target == prefix:
                # `from buccaneer.games.game import x`: a submodule, or a name of __init__.
                for imported in names:
                    edges[name].add(imported if imported in modules else "__init__")
                if not names:
                    edges[name].add("__init__")
            elif target.startswith(prefix + "."):
                edges[name].add(target[len(prefix) + 1 :].split(".")[0])
        edges[name].discard(name)
    return edges


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph as a path [a, b, ..., a], or None."""
    done: set[str] = set()
    path: list[str] = []
    on_path: set[str] = set()

    def visit(node: str) -> list[str] | None:
        path.append(node)
        on_path.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt in on_path:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in done:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        on_path.discard(node)
        done.add(node)
        return None

    for start in sorted(edges):
        if start not in done:
            found = visit(start)
            if found:
                return found
    return None


def private_imports(tree: ast.Module) -> list[str]:
    """`from x import _y` anywhere in the module."""
    return [
        f"line {node.lineno}: from {'.' * node.level}{node.module or ''} import {alias.name}"
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
        if _private(alias.name)
    ]


def defined_names(tree: ast.Module) -> set[str]:
    """Names this module defines: its functions, classes and globals, the methods, attributes
    and `__slots__` of its classes, and attributes its methods assign to `self` or `cls`."""
    names: set[str] = set()

    def targets(node: ast.AST) -> list[ast.expr]:
        if isinstance(node, ast.Assign):
            return node.targets
        if isinstance(node, ast.AnnAssign | ast.AugAssign):
            return [node.target]
        return []

    def body_names(body: list[ast.stmt]) -> None:
        for stmt in body:
            if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(stmt.name)
            for target in targets(stmt):
                if isinstance(target, ast.Name):
                    names.add(target.id)
            slots = [t for t in targets(stmt) if isinstance(t, ast.Name) and t.id == "__slots__"]
            if slots and isinstance(stmt, ast.Assign | ast.AnnAssign) and stmt.value is not None:
                names.update(
                    c.value
                    for c in ast.walk(stmt.value)
                    if isinstance(c, ast.Constant) and isinstance(c.value, str)
                )

    body_names(tree.body)
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            body_names(node.body)
        for target in targets(node):
            for part in ast.walk(target):
                if (
                    isinstance(part, ast.Attribute)
                    and isinstance(part.value, ast.Name)
                    and part.value.id in ("self", "cls")
                ):
                    names.add(part.attr)
    return names


def foreign_private_attributes(tree: ast.Module) -> list[str]:
    """`obj._x` (obj not self/cls) where `_x` is not defined in this module."""
    own = defined_names(tree)
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute) or not _private(node.attr):
            continue
        if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
            continue
        if node.attr not in own:
            found.append((node.lineno, f"line {node.lineno}: {ast.unparse(node)}"))
    return [text for _, text in sorted(set(found))]


# -- the checker on small made-up packages (so a broken checker cannot pass everything) --------


def _package(**sources: str) -> dict[str, ast.Module]:
    return {name: ast.parse(text) for name, text in sources.items()}


def test_the_checker_sees_all_three_kinds_of_import() -> None:
    modules = _package(
        __init__="from buccaneer.games.toy.state import State\n",
        state="from buccaneer.games.toy import rules\n",
        rules=(
            "from typing import TYPE_CHECKING\n"
            "if TYPE_CHECKING:\n"
            "    from buccaneer.games.toy.state import State\n"
            "def f():\n"
            "    from .parts import thing\n"
        ),
        parts="X = 1\n",
    )
    edges = import_edges("toy", modules)
    assert edges == {
        "__init__": {"state"},
        "state": {"rules"},
        "rules": {"state", "parts"},
        "parts": set(),
    }
    cycle = find_cycle(edges)
    assert cycle is not None and cycle[0] == cycle[-1] and set(cycle) == {"rules", "state"}
    del modules["rules"].body[1]  # the TYPE_CHECKING import
    assert find_cycle(import_edges("toy", modules)) is None


def test_the_checker_sees_private_names_crossing_modules() -> None:
    tree = ast.parse(
        "from buccaneer.games.toy.state import _helper, public\n"
        "class Board:\n"
        "    __slots__ = ('_mine',)\n"
        "    _declared: int\n"
        "    def _own(self): self._set = 1\n"
        "def f(state, other):\n"
        "    state._own(); state._mine; state._declared; state._set; other.__dict__\n"
        "    state._events.append(1)\n"
        "    other._advance()\n"
    )
    assert private_imports(tree) == ["line 1: from buccaneer.games.toy.state import _helper"]
    assert foreign_private_attributes(tree) == [
        "line 8: state._events",
        "line 9: other._advance",
    ]


# -- the games ---------------------------------------------------------------------------------


def test_every_game_package_is_found() -> None:
    assert len(PACKAGES) >= 3
    for package in PACKAGES:
        edges = import_edges(package, parse_package(GAMES_DIR / package))
        assert edges.get("state"), package


@pytest.mark.parametrize("package", PACKAGES)
def test_imports_run_one_way(package: str) -> None:
    edges = import_edges(package, parse_package(GAMES_DIR / package))
    cycle = find_cycle(edges)
    assert cycle is None, f"{package}: import cycle {' -> '.join(cycle or [])}"


@pytest.mark.parametrize("package", PACKAGES)
def test_no_private_name_crosses_a_module(package: str) -> None:
    found = {
        name: bad
        for name, tree in parse_package(GAMES_DIR / package).items()
        if (bad := private_imports(tree) + foreign_private_attributes(tree))
    }
    assert not found, f"{package}: private names of other modules used: {found}"
