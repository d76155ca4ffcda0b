"""Optional libraries (the extras: gymnasium, PettingZoo, OpenSpiel, Ray, matplotlib, the server's
stack), imported only when asked for, and the one sentence that says how to get one.

It lives in core so any layer can use it: a game's vector environment and the RL adapters both
need gymnasium without importing one another, and the simulations and the command line both
draw pictures only when matplotlib is there.
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType


def install_hint(extra: str) -> str:
    """How to install one of buccaneer's extras, from PyPI or in a checkout."""
    return f'pip install "buccaneer[{extra}]" (or pip install -e ".[{extra}]" in a checkout)'


def missing(module: str, extra: str) -> str:
    """The sentence for a library of `extra` that is not installed."""
    return (
        f"{module} is not installed; it comes with buccaneer's {extra} extra: {install_hint(extra)}"
    )


class MissingExtra(ImportError):
    """An optional library is not installed; the message says which extra brings it."""


def require(module: str, extra: str = "rl") -> ModuleType:
    """Import an optional library, or fail (`MissingExtra`) saying which extra installs it."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise MissingExtra(missing(module, extra)) from exc


def installed(module: str) -> bool:
    """Whether an optional library can be imported here (without importing it)."""
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # a parent package missing, or a module set to None
        return False


# The pictures (tournament, ladder, analyze): drawn when matplotlib is installed, left out with
# this note when it is not, so no command fails for want of a picture.
PLOTS = "matplotlib"
NO_PLOTS = f"no pictures: matplotlib is not installed ({install_hint('plots')})"


def can_plot() -> bool:
    return installed(PLOTS)


__all__ = [
    "NO_PLOTS",
    "MissingExtra",
    "can_plot",
    "install_hint",
    "installed",
    "missing",
    "require",
]
