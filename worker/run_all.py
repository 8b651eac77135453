"""`make run`'s process runner: `python -m worker.run_all start -f Procfile` is honcho's own
`honcho start`, with more time to stop. On Ctrl-C honcho sends every process SIGTERM and, 5 s after
the first one stops, SIGKILL to the rest; a Celery worker's warm shutdown on the embedded folder
broker takes about 8 s (its consumer's 2 s poll, then the broker connection), so it was killed
halfway with "sending SIGKILL" printed. Twenty seconds lets it finish."""

import sys

import honcho.manager
from honcho.command import main

honcho.manager.KILL_WAIT = 20

if __name__ == "__main__":
    sys.argv[0] = "honcho"
    sys.exit(main())
