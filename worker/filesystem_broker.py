"""kombu's filesystem transport, made safe for several processes: kombu creates the message file
and then writes it, so a consumer polling at that instant reads an empty file and the worker dies
(JSONDecodeError). Here a message is written under a hidden name and renamed into place, which
is atomic, so a consumer only ever sees complete files. Used by the embedded mode (`make run`)."""

import os
import uuid
from time import monotonic

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


class Transport(filesystem.Transport):
    Channel = Channel


TRANSPORT_ALIASES.setdefault(ALIAS, f"{__name__}:Transport")
