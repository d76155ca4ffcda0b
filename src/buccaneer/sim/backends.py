"""Where the games of a tournament are played: here, in a pool of processes, or on Ray.

All three take the same picklable jobs and yield the same results as games finish (in any
order; the summary sorts them), so the tournament code does not care which one runs.
"""

from __future__ import annotations

import logging
import multiprocessing
import socket
from collections.abc import Generator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from buccaneer.core import OptionError
from buccaneer.sim.games import GameJob, GameResult, run_job


def run_here(jobs: Sequence[GameJob]) -> Generator[GameResult, None, None]:
    for job in jobs:
        yield run_job(job)


def run_in_processes(jobs: Sequence[GameJob], workers: int) -> Generator[GameResult, None, None]:
    """At most `workers` games at once, each in its own process; a few queued ahead per worker
    so none idles, but not the whole schedule, so Ctrl-C stops quickly."""
    context = multiprocessing.get_context("spawn")  # safe with threads; same on every OS
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        pending: set[Future[GameResult]] = set()
        queue = iter(jobs)
        try:
            while True:
                for job in queue:
                    pending.add(pool.submit(run_job, job))
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


def run_on_ray(jobs: Sequence[GameJob], address: str) -> Generator[GameResult, None, None]:
    """Every game a Ray task on the cluster at `address` ("local" starts one on this machine).

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
    remote = ray.remote(run_job)
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
    jobs: Sequence[GameJob], workers: int = 1, ray: str | None = None
) -> tuple[Generator[GameResult, None, None], str]:
    """The results of `jobs` from the backend the options ask for, and that backend's name
    ("here", "processes:N", "ray:ADDRESS"): one choice for every command that plays games."""
    if workers < 1:
        raise OptionError(f"--workers must be at least 1, got {workers}")
    if ray is not None:
        return run_on_ray(jobs, ray), f"ray:{ray}"
    if workers > 1:
        return run_in_processes(jobs, workers), f"processes:{workers}"
    return run_here(jobs), "here"
