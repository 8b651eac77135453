"""The default e-mail backend: one RFC 822 `.eml` file per message under EMAIL_FILE_PATH,
so that a person, a test or an operator can open exactly what was sent."""

import uuid
from datetime import datetime
from pathlib import Path

from django.conf import settings
from django.core.mail.backends.base import BaseEmailBackend


class EmlFileBackend(BaseEmailBackend):
    def __init__(self, *args, file_path=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.directory = Path(file_path or settings.EMAIL_FILE_PATH)

    def send_messages(self, email_messages):
        self.directory.mkdir(parents=True, exist_ok=True)
        sent = 0
        for message in email_messages:
            name = f"{datetime.now():%Y%m%d-%H%M%S}-{uuid.uuid4().hex[:12]}.eml"
            temporary = self.directory / f".{name}.tmp"
            temporary.write_bytes(message.message().as_bytes(linesep="\r\n"))
            temporary.rename(self.directory / name)  # readers never see half a file
            sent += 1
        return sent
