"""Compiled extensions a game may carry beside its Python code (a kernel, a copy of its bot).

They are optional by design: `pip install` builds them with the system C compiler and leaves
them out where there is none, and then the game runs its Python code, which stays the
reference. One import that says "absent" the same way everywhere.
"""

from __future__ import annotations

import importlib
from types import ModuleType


def optional_extension(name: str) -> ModuleType | None:
    """The compiled module `name`, or None where the package was installed without it."""
    try:
        return importlib.import_module(name)
    except ImportError:  # not built: no C compiler where the package was installed
        return None


__all__ = ["optional_extension"]
