"""Every game package has the same modules with the same roles (docs/architecture.md,
"The game template"): a reader who knows one game finds their way in the others, and a fourth
game starts from the same list. A game may add modules only as `<role>_<part>.py` beside the
module of that role (`bot_values.py`, `render_parts.py`, `rules_events.py`)."""

from __future__ import annotations

from pathlib import Path

import pytest

import buccaneer.games

GAMES_DIR = Path(buccaneer.games.__file__).parent
PACKAGES = sorted(path.name for path in GAMES_DIR.iterdir() if (path / "__init__.py").is_file())

# Every module of the template, in the order of docs/architecture.md's table.
REQUIRED = (
    "__init__",
    "options",
    "components",
    "fields",
    "actions",
    "rules",
    "state",
    "view",
    "botview",
    "sampling",
    "log",
    "explain",
    "codec",
    "render",
    "bot",
    "compiled",
    "position",
    "course",
    "invariants",
    "contract",
)
OPTIONAL = ("vector", "belief")


def misplaced(modules: set[str]) -> tuple[list[str], list[str]]:
    """(template modules missing, modules that are neither the template's nor `<role>_<part>`)."""
    missing = [name for name in REQUIRED if name not in modules]
    extra = sorted(
        name
        for name in modules
        if name not in REQUIRED
        and name not in OPTIONAL
        and not any(name.startswith(role + "_") for role in REQUIRED[1:])
    )
    return missing, extra


def test_the_check_sees_missing_and_stray_modules() -> None:
    complete = set(REQUIRED) | {"bot_values", "rules_events"}
    assert misplaced(complete) == ([], [])
    assert misplaced(complete - {"botview"} | {"knowledge", "board"}) == (
        ["botview"],
        ["board", "knowledge"],
    )


@pytest.mark.parametrize("package", PACKAGES)
def test_a_game_package_follows_the_template(package: str) -> None:
    modules = {path.stem for path in (GAMES_DIR / package).glob("*.py")}
    missing, extra = misplaced(modules)
    assert not missing, f"{package} lacks the template's {missing}"
    assert not extra, f"{package} has modules outside the template: {extra}"


@pytest.mark.parametrize("package", PACKAGES)
def test_a_compiled_copy_sits_beside_its_wrapper(package: str) -> None:
    sources = {path.name for path in (GAMES_DIR / package).glob("*.c")}
    assert sources <= {"compiled.c"}, f"{package}: C sources {sorted(sources)}"
