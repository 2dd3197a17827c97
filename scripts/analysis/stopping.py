"""How a signal stops the report: SIGTERM or a hang-up ends it as Ctrl-C does, through
its cleanup (exit 143, 130 for Ctrl-C); and `held()`, a stretch in which a stop waits
until the stretch is over, so that a child process started there is always recorded
where the cleanup finds it (a gnuplot started and not yet in the list of those running
would outlive the report)."""

import signal
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
