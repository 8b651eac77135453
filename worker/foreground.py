"""`make run`'s worker: `python -m worker.foreground celery -A worker worker ...`.

honcho stops each process of the Procfile with a SIGTERM to its whole process group. A Celery
worker's pool children are in that group, so they died before the worker asked them to stop, and
the worker logged each death as an ERROR. Here Celery runs in a group of its own and only its main
process gets the SIGTERM: a warm shutdown that stops the children itself, as in production."""

import contextlib
import ctypes
import signal
import subprocess
import sys

PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:
    """Linux: should this wrapper be killed outright (honcho's SIGKILL after 5 s), Celery stops too."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def main(argv: list[str]) -> int:
    # The Procfile's own command line, nothing from outside.
    child = subprocess.Popen(argv, start_new_session=True, preexec_fn=_die_with_parent)  # noqa: S603

    def forward(_signum, _frame) -> None:
        child.send_signal(signal.SIGTERM)

    signal.signal(signal.SIGTERM, forward)
    signal.signal(signal.SIGINT, forward)
    code = child.wait()
    return 0 if code == -signal.SIGTERM else (128 - code if code < 0 else code)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
