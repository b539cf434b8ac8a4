"""Background work whose latest result is handed back to the thread that asked for it.

A widget must be changed on the kernel's thread, but an analysis of a big board takes longer
than an edit should. :class:`LatestJob` runs the work on one daemon thread, always the most
recent job (older pending ones are dropped), and hands the result back: through a
``handoff`` (a Jupyter kernel's event loop: :func:`loop_handoff`) or when the owner calls
:meth:`LatestJob.collect` or :meth:`LatestJob.wait`. A result for a job that has meanwhile
been replaced is dropped (a generation counter says which is the latest).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any, Generic, TypeVar

__all__ = ["Handoff", "LatestJob", "loop_handoff"]

J = TypeVar("J")
R = TypeVar("R")

Handoff = Callable[[Callable[[], Any]], None]
"""Runs a function soon on the owner's thread (for example ``loop.call_soon_threadsafe``)."""


def loop_handoff() -> Handoff | None:
    """A handoff to the event loop running this thread (a Jupyter kernel's), or ``None``.

    Examples
    --------
    >>> loop_handoff() is None  # a script or a doctest runs no event loop
    True
    """
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return None

    def handoff(function: Callable[[], Any]) -> None:
        if not loop.is_closed():
            loop.call_soon_threadsafe(function)

    return handoff


class LatestJob(Generic[J, R]):
    """Compute ``work(job)`` for the latest job only, and give the result to ``done``.

    ``done(result, error)`` always runs on the owner's thread: from :meth:`collect` (which
    the ``handoff`` schedules when there is one) or :meth:`wait`. With ``background=False``
    :meth:`submit` computes at once and calls ``done`` before it returns.

    Examples
    --------
    >>> seen = []
    >>> job = LatestJob(lambda n: n * n, lambda result, error: seen.append(result))
    >>> _ = job.submit(3); _ = job.submit(4)
    >>> job.wait(timeout=10), seen[-1], job.busy
    (True, 16, False)
    >>> job.close()
    """

    def __init__(
        self,
        work: Callable[[J], R],
        done: Callable[[R | None, BaseException | None], None],
        *,
        background: bool = True,
        handoff: Handoff | None = None,
        name: str = "workbench-job",
    ) -> None:
        self._work, self._done = work, done
        self.background, self.handoff, self.name = background, handoff, name
        self._cond = threading.Condition()
        self.generation = 0
        """How many jobs were submitted: the number of the latest one."""
        self.delivered = 0
        """The number of the last job whose result went to ``done``."""
        self._pending: tuple[int, J] | None = None
        self._finished: tuple[int, R | None, BaseException | None] | None = None
        self._thread: threading.Thread | None = None
        self._closed = False

    def submit(self, job: J) -> int:
        """Replace any pending job by ``job``; its number (the new :attr:`generation`)."""
        with self._cond:
            self.generation += 1
            generation = self.generation
            if self.background:
                self._pending = (generation, job)
                if self._thread is None:
                    self._thread = threading.Thread(target=self._loop, name=self.name, daemon=True)
                    self._thread.start()
                self._cond.notify_all()
                return generation
        self._finish(generation, *self._run(job))
        self.collect()
        return generation

    def _run(self, job: J) -> tuple[R | None, BaseException | None]:
        try:
            return self._work(job), None
        except Exception as exc:  # given to done: the owner shows it and keeps working
            return None, exc

    def _finish(self, generation: int, result: R | None, error: BaseException | None) -> None:
        with self._cond:
            if self._finished is None or self._finished[0] < generation:
                self._finished = (generation, result, error)
            self._cond.notify_all()

    def _loop(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._pending is not None or self._closed)
                if self._closed:
                    return
                assert self._pending is not None
                generation, job = self._pending
                self._pending = None
            result, error = self._run(job)
            self._finish(generation, result, error)
            if self.handoff is not None and generation == self.generation:
                self.handoff(self.collect)

    def collect(self) -> bool:
        """Give the latest job's result to ``done`` if it is ready; whether one was given.

        Call it on the owner's thread. A result of a job older than the latest is dropped.
        """
        with self._cond:
            finished = self._finished
            if finished is None or finished[0] != self.generation:
                return False
            self._finished = None
            self.delivered = finished[0]
        self._done(finished[1], finished[2])
        return True

    @property
    def busy(self) -> bool:
        """Whether the latest job's result has not reached ``done`` yet."""
        return self.delivered < self.generation

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the latest job and give its result to ``done``; ``False`` on timeout."""
        with self._cond:
            ready = self._cond.wait_for(
                lambda: (
                    self.delivered >= self.generation
                    or (self._finished is not None and self._finished[0] == self.generation)
                ),
                timeout,
            )
        if not ready:
            return False
        self.collect()
        return True

    def close(self) -> None:
        """Stop the thread (a running job finishes; its result is dropped)."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()
