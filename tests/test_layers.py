"""The layers of `src/buccaneer` run one way: core <- games <- agents <- {rl, sim, server} <- cli.

Every module of the package is parsed with `ast` (nothing is imported, so a module that fails
to import is still checked) and four rules are checked over its imports, counting top-level
imports, imports inside functions and imports under `if TYPE_CHECKING:` alike:

- each module belongs to a layer, and imports nothing from a layer above its own; the three
  siblings rl, sim and server do not import each other;
- nothing outside `games/` imports a game's own package (`buccaneer.games.<name>`): the rest
  of the code reaches games through the registry, so a new game needs no change elsewhere
  (`buccaneer.games` itself, which registers them, may be imported);
- nothing outside the command line (`cli.py`, `cli_support/`, `__main__.py`) imports it;
- and, counting only the imports that run when a module is imported (top level, not under
  TYPE_CHECKING, not inside a function), no module imports itself through others (a cycle).

The root package (`buccaneer/__init__.py`: the public API and the import that registers every
game) sits in the games layer. Each rule is shown to catch a planted violation on a small
made-up tree, so a broken checker cannot pass everything.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from tests.games.test_import_graph import find_cycle

SRC = Path(__file__).resolve().parents[1] / "src"
ROOT = "buccaneer"

RANKS = {"core": 0, "games": 1, "agents": 2, "rl": 3, "sim": 3, "server": 3, "cli": 4}
"""Each layer's height: a module may import its own layer and the layers below it."""

CLI_MODULES = ("buccaneer.cli", "buccaneer.cli_support", "buccaneer.__main__")


@dataclass(frozen=True)
class Import:
    """One import of a module of the package: who imports what, and when it runs."""

    source: str
    target: str
    line: int
    top_level: bool  # runs on import (not in a function, not under TYPE_CHECKING)

    def __str__(self) -> str:
        return f"{self.source} (line {self.line}) imports {self.target}"


@dataclass(frozen=True)
class Tree:
    """The parsed modules by dotted name (a package by its own name) and which are packages."""

    modules: dict[str, ast.Module]
    packages: frozenset[str]


def parse_tree(src: Path, root: str = ROOT) -> Tree:
    modules: dict[str, ast.Module] = {}
    packages: set[str] = set()
    for path in sorted((src / root).rglob("*.py")):
        parts = list(path.relative_to(src).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
            packages.add(".".join(parts))
        modules[".".join(parts)] = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return Tree(modules, frozenset(packages))


def toy_tree(sources: dict[str, str]) -> Tree:
    """A made-up tree from module name -> source; a package is any name another sits under."""
    modules = {name: ast.parse(text) for name, text in sources.items()}
    packages = {name for name in modules if any(o.startswith(name + ".") for o in modules)}
    return Tree(modules, frozenset(packages))


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _raw_imports(
    body: list[ast.stmt], top_level: bool = True
) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every import statement under `body` with whether it runs on import. A class body runs
    on import; a function's body and the body of `if TYPE_CHECKING:` do not (its `else` does)."""
    for stmt in body:
        if isinstance(stmt, ast.Import | ast.ImportFrom):
            yield stmt, top_level
        elif isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
            yield from _raw_imports(stmt.body, False)
        elif isinstance(stmt, ast.If) and _is_type_checking(stmt.test):
            yield from _raw_imports(stmt.body, False)
            yield from _raw_imports(stmt.orelse, top_level)
        else:
            for field in ("body", "orelse", "finalbody", "handlers", "cases"):
                for child in getattr(stmt, field, []):
                    inner = (
                        child.body
                        if isinstance(child, ast.ExceptHandler | ast.match_case)
                        else [child]
                    )
                    yield from _raw_imports(inner, top_level)


def _known(tree: Tree, dotted: str) -> str | None:
    """The module of the tree that `dotted` names, or the package holding it, or None."""
    while dotted and dotted not in tree.modules:
        dotted = dotted.rpartition(".")[0]
    return dotted or None


def imports(tree: Tree, name: str) -> list[Import]:
    """The imports of module `name` that name modules of the tree, resolved to those modules:
    `from buccaneer.games import cartagena` imports `buccaneer.games.cartagena`,
    `from buccaneer.core import load` imports `buccaneer.core`."""
    found: list[Import] = []
    for stmt, top_level in _raw_imports(tree.modules[name].body):
        targets: list[str] = []
        if isinstance(stmt, ast.Import):
            targets = [alias.name for alias in stmt.names]
        else:
            base = stmt.module or ""
            if stmt.level:
                package = name if name in tree.packages else name.rpartition(".")[0]
                for _ in range(stmt.level - 1):
                    package = package.rpartition(".")[0]
                base = f"{package}.{base}" if base else package
            for alias in stmt.names:
                submodule = f"{base}.{alias.name}"
                targets.append(submodule if submodule in tree.modules else base)
        for dotted in targets:
            target = _known(tree, dotted)
            found_here = Import(name, target or "", stmt.lineno, top_level)
            if target is not None and target != name and found_here not in found:
                found.append(found_here)
    return found


def all_imports(tree: Tree) -> list[Import]:
    return [found for name in sorted(tree.modules) for found in imports(tree, name)]


def layer(name: str) -> str | None:
    """The layer a module of the package belongs to, or None."""
    if name == ROOT:
        return "games"  # the public API: core's names, and the import that registers the games
    if any(name == cli or name.startswith(cli + ".") for cli in CLI_MODULES):
        return "cli"
    parts = name.split(".")
    if len(parts) > 1 and parts[0] == ROOT and parts[1] in RANKS:
        return parts[1]
    return None


def modules_without_a_layer(tree: Tree) -> list[str]:
    return [name for name in sorted(tree.modules) if layer(name) is None]


def upward_imports(tree: Tree) -> list[str]:
    """Imports of a higher layer, or of a sibling layer of the same height (rl, sim, server)."""
    found = []
    for imp in all_imports(tree):
        mine, theirs = layer(imp.source), layer(imp.target)
        if mine is None or theirs is None or mine == theirs:
            continue
        if RANKS[theirs] >= RANKS[mine]:
            found.append(f"{imp} ({mine} may not import {theirs})")
    return found


def game_packages_imported_outside_games(tree: Tree) -> list[str]:
    games = f"{ROOT}.games"
    return [
        str(imp)
        for imp in all_imports(tree)
        if imp.target.startswith(games + ".")
        and not (imp.source == games or imp.source.startswith(games + "."))
    ]


def command_line_imported_outside_it(tree: Tree) -> list[str]:
    return [
        str(imp)
        for imp in all_imports(tree)
        if layer(imp.target) == "cli" and layer(imp.source) != "cli"
    ]


def module_level_cycle(tree: Tree) -> list[str] | None:
    edges: dict[str, set[str]] = {name: set() for name in tree.modules}
    for imp in all_imports(tree):
        if imp.top_level:
            edges[imp.source].add(imp.target)
    return find_cycle(edges)


# -- the checker on small made-up trees (each rule caught when planted) -------------------------


def test_imports_are_resolved_and_sorted_by_when_they_run() -> None:
    tree = toy_tree(
        {
            "buccaneer": "from buccaneer import games as games\n",
            "buccaneer.games": "from buccaneer.core.registry import register\n",
            "buccaneer.core": "from .registry import get_spec\nfrom . import rng\n",
            "buccaneer.core.registry": (
                "from typing import TYPE_CHECKING\n"
                "import json\n"
                "if TYPE_CHECKING:\n"
                "    from buccaneer.core.game import GameSpec\n"
                "else:\n"
                "    from ..core import rng\n"
                "def f():\n"
                "    from buccaneer.games import cartagena\n"
                "class C:\n"
                "    try:\n"
                "        import buccaneer.core.game\n"
                "    except ImportError:\n"
                "        pass\n"
            ),
            "buccaneer.core.rng": "",
            "buccaneer.core.game": "",
            "buccaneer.games.cartagena": "",
        }
    )
    assert [(i.target, i.top_level) for i in imports(tree, "buccaneer.core.registry")] == [
        ("buccaneer.core.game", False),
        ("buccaneer.core.rng", True),
        ("buccaneer.games.cartagena", False),
        ("buccaneer.core.game", True),
    ]
    assert [i.target for i in imports(tree, "buccaneer.core")] == [
        "buccaneer.core.registry",
        "buccaneer.core.rng",
    ]
    assert [i.target for i in imports(tree, "buccaneer")] == ["buccaneer.games"]


def test_the_checker_catches_a_module_outside_the_layers() -> None:
    tree = toy_tree({"buccaneer.core.x": "", "buccaneer.extras.y": "", "buccaneer.cli": ""})
    assert modules_without_a_layer(tree) == ["buccaneer.extras.y"]


def test_the_checker_catches_an_upward_or_sideways_import() -> None:
    tree = toy_tree(
        {
            "buccaneer.core.registry": "def f():\n    from buccaneer.games import x\n",
            "buccaneer.games.x": "from buccaneer.core import registry\n",
            "buccaneer.agents.spec": "from buccaneer.core.registry import f\n",
            "buccaneer.server.bots": "from buccaneer.sim.games import play\n",
            "buccaneer.sim.games": "from buccaneer.agents import spec\n",
            "buccaneer.cli": "from buccaneer.server import bots\n",
        }
    )
    assert upward_imports(tree) == [
        "buccaneer.core.registry (line 2) imports buccaneer.games.x (core may not import games)",
        "buccaneer.server.bots (line 1) imports buccaneer.sim.games (server may not import sim)",
    ]


def test_the_checker_catches_a_game_named_outside_games() -> None:
    tree = toy_tree(
        {
            "buccaneer": "import buccaneer.games\n",
            "buccaneer.games": "from buccaneer.games import cartagena\n",
            "buccaneer.games.cartagena": "from buccaneer.games.cartagena import rules\n",
            "buccaneer.games.cartagena.rules": "",
            "buccaneer.agents.bot": (
                "from typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n"
                "    from buccaneer.games.cartagena.rules import Rules\n"
            ),
        }
    )
    assert game_packages_imported_outside_games(tree) == [
        "buccaneer.agents.bot (line 3) imports buccaneer.games.cartagena.rules"
    ]


def test_the_checker_catches_the_command_line_imported_below_it() -> None:
    tree = toy_tree(
        {
            "buccaneer.cli": "from buccaneer.cli_support.common import CliError\n",
            "buccaneer.cli_support.common": "",
            "buccaneer.__main__": "from buccaneer.cli import app\n",
            "buccaneer.server.client": "from buccaneer.cli_support.common import CliError\n",
        }
    )
    assert command_line_imported_outside_it(tree) == [
        "buccaneer.server.client (line 1) imports buccaneer.cli_support.common"
    ]


def test_the_checker_catches_a_module_level_cycle_only() -> None:
    sources = {
        "buccaneer.server": "",
        "buccaneer.server.app": "from buccaneer.server import live\n",
        "buccaneer.server.live": "from buccaneer.server.app import make\n",
    }
    cycle = module_level_cycle(toy_tree(sources))
    assert cycle is not None and set(cycle) == {"buccaneer.server.app", "buccaneer.server.live"}
    sources["buccaneer.server.live"] = "def f():\n    from buccaneer.server.app import make\n"
    assert module_level_cycle(toy_tree(sources)) is None
    sources["buccaneer.server.live"] = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from buccaneer.server.app import make\n"
    )
    assert module_level_cycle(toy_tree(sources)) is None


# -- the package -------------------------------------------------------------------------------


def test_the_layers_of_the_package() -> None:
    tree = parse_tree(SRC)
    assert len(tree.modules) > 50 and set(RANKS) <= {layer(name) for name in tree.modules}
    problems = {
        "modules in no layer": modules_without_a_layer(tree),
        "imports of a layer above or beside": upward_imports(tree),
        "a game's package imported outside games/": game_packages_imported_outside_games(tree),
        "the command line imported outside it": command_line_imported_outside_it(tree),
    }
    cycle = module_level_cycle(tree)
    if cycle is not None:
        problems["a module-level import cycle"] = [" -> ".join(cycle)]
    problems = {rule: found for rule, found in problems.items() if found}
    assert not problems, "\n".join(
        f"{rule}:\n  " + "\n  ".join(found) for rule, found in problems.items()
    )
