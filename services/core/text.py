"""Text that people type is text: no control characters (NUL, escape codes) and no invisible
bidirectional overrides, which PostgreSQL cannot store (NUL) or which make a name or a link read
differently from what it is (U+202E). Tabs and line breaks are ordinary text."""

import re
from typing import Any

from django.utils.translation import gettext_lazy as _

FORBIDDEN_CHARACTERS = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f"  # C0 and C1 controls but tab, line feed, carriage return
    "\u202a-\u202e\u2066-\u2069"  # bidirectional embeddings, overrides and isolates
    "\ud800-\udfff]"  # lone surrogates (JSON "\ud800"), which no database can store
)
FORBIDDEN_MESSAGE = _("This text contains characters that are not allowed (control or direction characters).")


def has_forbidden_characters(value: str) -> bool:
    return FORBIDDEN_CHARACTERS.search(value) is not None


def forbidden_character_fields(data: Any, path: str = "") -> dict[str, str]:
    """Every string in a parsed JSON body that holds a forbidden character, by field path
    ("name", "agenda.0.title"); keys are checked as well as values."""
    found: dict[str, str] = {}
    if isinstance(data, str):
        if has_forbidden_characters(data):
            found[path or "body"] = str(FORBIDDEN_MESSAGE)
    elif isinstance(data, dict):
        for key, value in data.items():
            name = f"{path}.{key}" if path else str(key)
            if has_forbidden_characters(str(key)):
                found[name] = str(FORBIDDEN_MESSAGE)
            found.update(forbidden_character_fields(value, name))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found.update(forbidden_character_fields(value, f"{path}.{index}" if path else str(index)))
    return found
