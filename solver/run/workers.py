"""A process pool that knows which job each worker runs, and whose workers die with their parent.

Why not `concurrent.futures.ProcessPoolExecutor`: when one of its workers
dies (killed, out of memory), every job in flight fails with
`BrokenProcessPool`, nothing says which job killed it, and the pool is
unusable; shutting it down waits for the jobs that are running.  Here each
worker has at most one job at a time, so a death is charged to exactly the
job that worker was running (its future fails with `WorkerDied`, giving the
exit status), the dead worker is replaced and the others go on; and
`terminate()` ends every worker at once.

Workers never outlive the parent: on Linux they ask for SIGKILL when their
parent dies (`prctl(PR_SET_PDEATHSIG)`), and everywhere a watchdog thread
ends the worker once its parent process is gone.  They ignore SIGINT:
Ctrl-C at a terminal reaches the whole process group, and stopping is the
parent's decision (a worker that took it would report an interrupted check
as a result).  On Linux a worker is named `feerie-worker` (what `ps`, `top`
and /proc/PID/comm show).

The same guarantees for `solve --jobs`, which shares first moves over a
`concurrent.futures.ProcessPoolExecutor` (its results are gathered in
order; no job is ever charged to a dead worker there, the command stops):
- `init_worker`, its initializer: `_die_with_parent`, SIGINT ignored, and
  the parent's memory budget (`solver.base.budget.set_max_mem`), which a worker
  started by spawn or forkserver does not inherit;
- `worker_pool`: such a pool; `stop_pool`: cancel what is pending and kill
  its workers now;
- `Terminated` and `raise_on_sigterm`: SIGTERM becomes an exception, so that
  the parent unwinds (its `finally` clauses stop the workers) and exits
  with status 143, as Ctrl-C (KeyboardInterrupt) exits with 130.
Linux sends the parent-death signal when the *thread* that started the
worker ends: pools are created and first used from the main thread.

Workers are started by the `forkserver` method where there is one (a
clean single-threaded process forks them, so nothing of the parent's
threads, locks or open files -- the database, its lock -- is inherited),
else by `spawn`.
"""

from __future__ import annotations

import collections
import contextlib
import multiprocessing
import os
import signal
import sys
import threading
import time
from concurrent.futures import Executor, Future
from multiprocessing.connection import wait

# SIGTERM as an exception: in their own module, which a command imports
# without the cost of multiprocessing (a one-process solve needs no pool).
from solver.run.sigterm import Terminated, raise_on_sigterm, restore_sigterm  # noqa: F401

WORKER_NAME = b"feerie-worker"
WATCH_INTERVAL = 0.5  # seconds between a worker's checks that its parent lives
_PR_SET_NAME = 15
_PR_SET_PDEATHSIG = 1


class WorkerDied(Exception):
    """The worker process running a job ended before it answered."""

    def __init__(self, exitcode: int | None) -> None:
        self.exitcode = exitcode
        super().__init__(f"the worker process {describe_exit(exitcode)}")


def describe_exit(exitcode: int | None) -> str:
    """'was killed by signal 9 (SIGKILL)', 'exited with status 1': how a process ended."""
    if exitcode is None:
        return "ended (status unknown)"
    if exitcode < 0:
        try:
            name = signal.Signals(-exitcode).name
        except ValueError:
            name = "unknown signal"
        return f"was killed by signal {-exitcode} ({name})"
    return f"exited with status {exitcode}"


def _libc_prctl(option: int, arg) -> None:
    """prctl(2) on Linux; nothing elsewhere (or if libc cannot be reached)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(option, arg, 0, 0, 0)
    except (OSError, AttributeError):
        pass


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _die_with_parent(owner: int) -> None:
    """Make this worker end when the pool's owner (pid `owner`) or the
    process that started the worker (the owner itself, or its fork server)
    is gone."""
    _libc_prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    _libc_prctl(_PR_SET_NAME, WORKER_NAME)
    parent = os.getppid()

    def orphaned() -> bool:
        return os.getppid() != parent or not _alive(owner)

    if orphaned():  # the parent died before the death signal was asked for
        os._exit(1)

    def watch() -> None:
        while not orphaned():
            time.sleep(WATCH_INTERVAL)
        os._exit(1)

    threading.Thread(target=watch, name="parent-watchdog", daemon=True).start()


def _worker_main(conn, owner: int, max_mem: int | None = None) -> None:
    """A worker: run the jobs received on `conn`, one at a time, until told to stop."""
    init_worker(owner, max_mem)
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        fn, args, kwargs = task
        try:
            answer = ("ok", fn(*args, **kwargs))
        except BaseException as err:  # sent back: the caller decides what it means
            answer = ("error", err)
        try:
            conn.send(answer)
        except Exception as err:  # an answer that does not pickle
            conn.send(("error", RuntimeError(f"the answer could not be sent back: {type(err).__name__}: {err}")))


def default_context():
    """The multiprocessing context workers are started with (see the module's docstring)."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


class _Worker:
    def __init__(self, context, owner: int) -> None:
        self.conn, child = context.Pipe(duplex=True)
        from solver.base.budget import max_mem

        self.process = context.Process(target=_worker_main, args=(child, owner, max_mem()), daemon=True,
                                       name="feerie-worker")
        self.process.start()
        child.close()
        self.task: tuple | None = None  # (future, fn, args, kwargs) while busy


class WorkerPool(Executor):
    """`workers` processes, one job each at a time; see the module's docstring."""

    def __init__(self, workers: int, *, context=None, preload: tuple[str, ...] = ()) -> None:
        self._size = max(1, workers)
        self._context = context or default_context()
        if preload and self._context.get_start_method() == "forkserver":
            self._context.set_forkserver_preload(list(preload))  # each fork starts with them imported
        self._owner = os.getpid()
        self._lock = threading.Lock()
        self._pending: collections.deque = collections.deque()  # [future, fn, args, kwargs, started]
        self._workers: list[_Worker] = []
        self._closing = False
        self._failure: BaseException | None = None  # what broke the managing thread (a bug)
        self._wake_r, self._wake_w = self._context.Pipe(duplex=False)
        self._thread: threading.Thread | None = None

    # -- Executor --

    def submit(self, fn, /, *args, **kwargs) -> Future:
        future: Future = Future()
        with self._lock:
            if self._failure is not None:
                raise RuntimeError(f"the worker pool failed: {self._failure!r}")
            if self._closing:
                raise RuntimeError("cannot submit to a pool that is shutting down")
            self._pending.append([future, fn, args, kwargs, False])
            if self._thread is None:
                self._thread = threading.Thread(target=self._manage, name="feerie-pool", daemon=True)
                self._thread.start()
        self._wake()
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Stop when the jobs submitted are done (those not started are
        cancelled first with `cancel_futures`)."""
        with self._lock:
            self._closing = True
            if cancel_futures:
                self._cancel_pending()
        self._wake()
        if wait and self._thread is not None:
            self._thread.join()

    def terminate(self, grace: float = 2.0) -> None:
        """End every worker now (SIGTERM, then SIGKILL after `grace` seconds):
        jobs not started are cancelled, running ones fail with WorkerDied."""
        with self._lock:
            self._closing = True
            self._cancel_pending()
            workers = list(self._workers)
        for w in workers:
            if w.process.is_alive():
                w.process.terminate()
        deadline = time.monotonic() + grace
        for w in workers:
            w.process.join(max(0.0, deadline - time.monotonic()))
            if w.process.is_alive():
                w.process.kill()
                w.process.join(grace)
        self._wake()
        if self._thread is not None:
            self._thread.join(grace)

    def pids(self) -> list[int]:
        """The pids of the live workers."""
        with self._lock:
            return [w.process.pid for w in self._workers if w.process.pid is not None]

    # -- the managing thread --

    def _wake(self) -> None:
        try:
            self._wake_w.send_bytes(b"!")
        except OSError:
            pass

    def _cancel_pending(self, failure: BaseException | None = None) -> None:
        while self._pending:
            future, *_, started = self._pending.popleft()
            if started or failure is not None:
                if not future.done():
                    future.set_exception(failure or WorkerDied(None))
            else:
                future.cancel()

    def _manage(self) -> None:
        try:
            while True:
                with self._lock:
                    self._dispatch()
                    busy = [w for w in self._workers if w.task is not None]
                    if self._closing and not self._pending and not busy:
                        break
                    waiting = [self._wake_r] + [w.conn for w in busy] + [w.process.sentinel for w in self._workers]
                ready = set(wait(waiting))
                if self._wake_r in ready:
                    while self._wake_r.poll():
                        self._wake_r.recv_bytes()
                with self._lock:
                    for w in list(self._workers):
                        if w.conn in ready or w.process.sentinel in ready:
                            self._collect(w, dead=w.process.sentinel in ready)
        except BaseException as err:  # a bug here must not leave a caller waiting forever
            with self._lock:
                self._failure = RuntimeError(f"the worker pool failed: {type(err).__name__}: {err}")
            raise
        finally:
            self._stop_workers()

    def _dispatch(self) -> None:
        """Give pending jobs to idle workers, starting workers as needed (lock held)."""
        while self._pending:
            idle = next((w for w in self._workers if w.task is None), None)
            if idle is None:
                if len(self._workers) >= self._size:
                    return
                idle = _Worker(self._context, self._owner)
                self._workers.append(idle)
            item = self._pending.popleft()
            future, fn, args, kwargs, started = item
            if not started and not future.set_running_or_notify_cancel():
                continue  # cancelled
            try:
                idle.conn.send((fn, args, kwargs))
            except (BrokenPipeError, ConnectionError, EOFError):  # that worker is gone: the job never started
                item[4] = True
                self._pending.appendleft(item)
                self._collect(idle, dead=True)
                continue
            except Exception as err:  # the job does not pickle
                future.set_exception(err)
                continue
            idle.task = item

    def _collect(self, w: _Worker, *, dead: bool) -> None:
        """Take a worker's answer, or charge its death to its job (lock held)."""
        while w.task is not None:
            try:
                if not w.conn.poll():
                    break
                kind, value = w.conn.recv()
            except (EOFError, OSError):
                dead = True
                break
            except Exception as err:  # an answer that does not unpickle here
                kind, value = "error", RuntimeError(f"the answer could not be read: {type(err).__name__}: {err}")
            future = w.task[0]
            w.task = None
            if kind == "ok":
                future.set_result(value)
            else:
                future.set_exception(value)
        if not dead:
            return
        w.process.join(5)
        self._workers.remove(w)
        w.conn.close()
        if w.task is not None:
            w.task[0].set_exception(WorkerDied(w.process.exitcode))
            w.task = None

    def _stop_workers(self) -> None:
        """End the workers (asked to stop; killed if they do not) and fail what is left."""
        with self._lock:
            workers, self._workers = self._workers, []
            self._closing = True
            self._cancel_pending(self._failure)
        for w in workers:
            try:
                w.conn.send(None)
            except (OSError, ValueError):
                pass
        for w in workers:
            w.process.join(5)
            if w.process.is_alive():
                w.process.kill()
                w.process.join(5)
            if w.task is not None and not w.task[0].done():
                w.task[0].set_exception(self._failure or WorkerDied(w.process.exitcode))
            w.conn.close()


__all__ = ["WorkerDied", "WorkerPool", "default_context", "describe_exit"]


def init_worker(parent: int | None = None, max_mem: int | None = None) -> None:
    """Initializer of a worker (runs in it): die with the parent (`parent`:
    its pid, default the worker's parent now), leave SIGINT to it, take its
    memory budget for the searches (`max_mem`, None: the default)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _die_with_parent(os.getppid() if parent is None else parent)
    if max_mem is not None:
        from solver.base.budget import set_max_mem

        set_max_mem(max_mem)


def worker_pool(jobs: int):
    """A process pool of `jobs` workers that die with this process."""
    from concurrent.futures import ProcessPoolExecutor

    from solver.base.budget import max_mem

    return ProcessPoolExecutor(max_workers=jobs, initializer=init_worker,
                               initargs=(os.getpid(), max_mem()))


def stop_pool(executor, timeout: float = 5.0) -> None:
    """Stop a pool now: cancel the tasks not started, kill the workers
    (whatever they compute is abandoned), and reap them.

    ProcessPoolExecutor has no public way to stop a running task before
    Python 3.14 (`kill_workers`); its worker table `_processes` is used
    where that is missing."""
    kill = getattr(executor, "kill_workers", None)
    processes = list((getattr(executor, "_processes", None) or {}).values())
    executor.shutdown(wait=False, cancel_futures=True)
    if kill is not None:
        kill()
    else:
        for proc in processes:
            with contextlib.suppress(Exception):
                proc.kill()
    for proc in processes:
        with contextlib.suppress(Exception):
            proc.join(timeout)
