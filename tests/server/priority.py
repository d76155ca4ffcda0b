"""What a lane's work sees of its priority; a module of its own, light to import, because a
process lane imports it at the idle class's pace (tests/server/test_passwords.py)."""

from __future__ import annotations

import os
import threading


def priority() -> tuple[int, int, int]:
    """The calling thread's nice value and scheduling class, and its process."""
    return (
        os.getpriority(os.PRIO_PROCESS, threading.get_native_id()),
        os.sched_getscheduler(0),
        os.getpid(),
    )
