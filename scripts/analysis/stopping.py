"""How a signal stops the report: SIGTERM or a hang-up ends it as Ctrl-C does, through
its cleanup (exit 143, 130 for Ctrl-C); and `held()`, a stretch in which a stop waits
until the stretch is over, so that a child process started there is always recorded
where the cleanup finds it (a gnuplot started and not yet in the list of those running
would outlive the report); and `communicate()`, a wait for a child that a stop always
ends."""

import signal
import subprocess
from contextlib import contextmanager

_held = 0
_waiting = None  # the signal that came while held, taken when the stretch ends


def _stop(signum):
    if signum == signal.SIGINT:
        raise KeyboardInterrupt
    raise SystemExit(128 + signal.SIGTERM)


def _on_signal(signum, frame):
    global _waiting
    if _held:
        _waiting = _waiting or signum
        return
    _stop(signum)


def install():
    """Puts the report's handler on SIGINT, SIGTERM and SIGHUP."""
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, _on_signal)


@contextmanager
def held():
    """A stop that comes meanwhile takes effect as the stretch ends."""
    global _held, _waiting
    _held += 1
    try:
        yield
    finally:
        _held -= 1
        if not _held and _waiting:
            signum, _waiting = _waiting, None
            _stop(signum)


def communicate(proc):
    """proc.communicate(), but one a stop ends at once. Without a timeout it reads the
    child's output in C, which checks for signals only when a read is interrupted: a
    signal that comes while a read is taking in output, not waiting for it, would be
    seen only when the child ends. With one, the reads are Python's, with the check
    between them."""
    while True:
        try:
            return proc.communicate(timeout=1)
        except subprocess.TimeoutExpired:
            continue  # the output so far is kept for the next call
