"""kombu's filesystem transport, made safe for several processes: kombu creates the message file
and then writes it, so a consumer polling at that instant reads an empty file and the worker dies
(JSONDecodeError). Here a message is written under a hidden name and renamed into place, which
is atomic, so a consumer only ever sees complete files. Used by the embedded mode (`make run`).

Remote control (`celery inspect`, the System page) works here too: a broadcast writes one file per
worker's control queue. A worker killed with -9 never reads its queue again, and the folder would
keep such files for ever (every worker lists the folder 20 times a second), so each broadcast
first removes control files older than any control message lives (celery gives them seconds)."""

import os
import uuid
from time import monotonic, time

from kombu.exceptions import ChannelError
from kombu.transport import TRANSPORT_ALIASES, filesystem
from kombu.utils.encoding import str_to_bytes
from kombu.utils.json import dumps

ALIAS = "atomicfs"


class Channel(filesystem.Channel):
    def _put(self, queue, payload, **kwargs):
        name = f"{round(monotonic() * 1000)}_{uuid.uuid4()}.{queue}.msg"
        # A leading dot keeps the partial file out of `_get`, which matches "<x>.<queue>.msg".
        partial = os.path.join(self.data_folder_out, f".{uuid.uuid4().hex}.partial")
        try:
            with open(partial, "wb") as handle:
                handle.write(str_to_bytes(dumps(payload)))
            os.replace(partial, os.path.join(self.data_folder_out, name))
        except OSError as exc:
            raise ChannelError(f"Cannot add message to {self.data_folder_out!r}") from exc

    def _put_fanout(self, exchange, payload, routing_key, **kwargs):
        remove_stale_control_messages(self.data_folder_out)
        super()._put_fanout(exchange, payload, routing_key, **kwargs)


# Control messages and their replies go to queues named "<node>.celery.pidbox" and
# "<oid>.reply.celery.pidbox"; both expire within seconds of being sent.
CONTROL_SUFFIX = ".pidbox.msg"
CONTROL_MESSAGE_MAX_AGE_SECONDS = 60


def remove_stale_control_messages(folder: str) -> int:
    cutoff = time() - CONTROL_MESSAGE_MAX_AGE_SECONDS
    removed = 0
    with os.scandir(folder) as entries:
        for entry in entries:
            if not entry.name.endswith(CONTROL_SUFFIX):
                continue
            try:
                if entry.stat().st_mtime < cutoff:
                    os.remove(entry.path)
                    removed += 1
            except FileNotFoundError:  # read or removed meanwhile
                pass
    return removed


class Transport(filesystem.Transport):
    Channel = Channel


TRANSPORT_ALIASES.setdefault(ALIAS, f"{__name__}:Transport")
