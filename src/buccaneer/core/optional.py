"""Optional libraries (gymnasium, PettingZoo, OpenSpiel, Ray), imported only when asked for.

It lives in core so any layer can use it: a game's vector environment and the RL adapters both
need gymnasium without importing one another.
"""

from __future__ import annotations

import importlib
from types import ModuleType


def require(module: str, extra: str = "rl") -> ModuleType:
    """Import an optional library, or fail saying which extra installs it."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise ImportError(
            f"{module} is not installed; install buccaneer's RL extra: pip install "
            f'"buccaneer[{extra}]" (or pip install -e ".[{extra}]" in a checkout)'
        ) from exc


__all__ = ["require"]
