"""Where games are played: here, in a pool of processes (or threads), or on Ray.

All take the same picklable jobs and a top-level function to play one (a tournament's
`run_job`, a simulation's `play_chunk`), and yield the results as jobs finish (in any order;
the callers sort them), so the code above does not care which one runs.
"""

from __future__ import annotations

import logging
import multiprocessing
import socket
from collections.abc import Callable, Generator, Sequence
from concurrent.futures import (
    FIRST_COMPLETED,
    Executor,
    Future,
    ProcessPoolExecutor,
    ThreadPoolExecutor,
    wait,
)
from typing import Any, TypeVar

from buccaneer.core import OptionError

J = TypeVar("J")
R = TypeVar("R")


def run_here(jobs: Sequence[J], play: Callable[[J], R]) -> Generator[R, None, None]:
    for job in jobs:
        yield play(job)


def run_in_processes(
    jobs: Sequence[J], workers: int, play: Callable[[J], R], *, threads: bool = False
) -> Generator[R, None, None]:
    """At most `workers` jobs at once, each in its own process (or thread, for `play`s that
    release the GIL: a compiled kernel's); a few queued ahead per worker so none idles, but not
    the whole schedule, so Ctrl-C stops quickly."""
    pool: Executor
    if threads:
        pool = ThreadPoolExecutor(max_workers=workers)
    else:  # spawn: safe with threads; the same on every OS
        pool = ProcessPoolExecutor(
            max_workers=workers, mp_context=multiprocessing.get_context("spawn")
        )
    with pool:
        pending: set[Future[R]] = set()
        queue = iter(jobs)
        try:
            while True:
                for job in queue:
                    pending.add(pool.submit(play, job))
                    if len(pending) >= 2 * workers:
                        break
                if not pending:
                    return
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    yield future.result()
        finally:
            for future in pending:
                future.cancel()


def _check_reachable(address: str) -> None:
    """Fail in seconds, not minutes: Ray itself retries an unreachable address for ~10 minutes
    and then exits the process."""
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdigit():
        if address == "auto":
            return  # Ray finds the cluster of this machine itself
        raise OptionError(f"--ray {address!r}: give host:port, `auto` or `local`")
    try:
        socket.create_connection((host or "127.0.0.1", int(port)), timeout=5).close()
    except OSError as exc:
        raise OptionError(f"cannot reach a Ray cluster at {address!r}: {exc}") from None


def run_on_ray(jobs: Sequence[J], address: str, play: Callable[[J], R]) -> Generator[R, None, None]:
    """Every job a Ray task on the cluster at `address` ("local" starts one on this machine).

    Ray is an optional extra (`pip install buccaneer[distributed]`); the cluster's workers need
    buccaneer installed in the same version.
    """
    try:
        import ray  # noqa: PLC0415 - an optional extra, loaded only when asked for
    except ImportError:
        raise OptionError(
            "--ray needs Ray: pip install 'buccaneer[distributed]' (or pip install ray)"
        ) from None
    started_here = not ray.is_initialized()
    if started_here and address != "local":
        _check_reachable(address)
    if started_here:
        kwargs: dict[str, Any] = {
            "include_dashboard": False,
            "log_to_driver": False,
            "logging_level": logging.WARNING,
        }
        if address != "local":
            kwargs["address"] = address
        try:
            ray.init(**kwargs)
        except (ConnectionError, ValueError, RuntimeError) as exc:
            raise OptionError(f"cannot reach a Ray cluster at {address!r}: {exc}") from None
    remote = ray.remote(play)
    pending = [remote.remote(job) for job in jobs]
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield ray.get(ref)
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if started_here:
            ray.shutdown()


def run(
    jobs: Sequence[J],
    workers: int,
    ray: str | None,
    play: Callable[[J], R],
    *,
    threads: bool = False,
) -> tuple[Generator[R, None, None], str]:
    """The results of `play` on `jobs` from the backend the options ask for, and that backend's
    name ("here", "processes:N", "threads:N", "ray:ADDRESS"): one choice for every command that
    plays games. `threads` runs the workers as threads of this process, for a `play` that
    releases the GIL."""
    if workers < 1:
        raise OptionError(f"--workers must be at least 1, got {workers}")
    if ray is not None:
        return run_on_ray(jobs, ray, play), f"ray:{ray}"
    if workers > 1:
        kind = "threads" if threads else "processes"
        return run_in_processes(jobs, workers, play, threads=threads), f"{kind}:{workers}"
    return run_here(jobs, play), "here"
