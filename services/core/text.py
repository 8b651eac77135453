"""Text that people type is text: no control characters (NUL, escape codes) and no invisible
bidirectional overrides, which PostgreSQL cannot store (NUL) or which make a name or a link read
differently from what it is (U+202E). Tabs and line breaks are ordinary text."""

import re
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
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


# --- Names and addresses that visitors type --------------------------------------------------
# A name is printed at the top of e-mails the association sends, to addresses nobody has confirmed
# yet: it must read as a name, not carry a message (a second line, a link, an address to write to or
# a number to call).
PERSON_NAME_MAX = 70
_WEB_ADDRESS = re.compile(
    r"://|\bwww\.|[\w-]\.(?:com|org|net|info|biz|xyz|top|site|online|link|click|io|co|me|app|ly|gl|to|ru|cn|tk|rw)\b"
    r"|[\w-]\.[a-z]{2,}/",
    re.IGNORECASE,
)
_PHONE_DIGITS = re.compile(r"\d(?:[\s().+-]*\d){6,}")  # seven digits or more, however spaced


def person_name_problem(name: str) -> str | None:
    """Why `name` (already trimmed) cannot be a person's name, or None. The required check stays
    with each form, which has its own wording for an empty name."""
    if any(mark in name for mark in "\r\n\t\u2028\u2029"):
        return str(_("Please write the name on one line."))
    if len(name) > PERSON_NAME_MAX:
        return str(_("Please keep the name under %(limit)d characters.") % {"limit": PERSON_NAME_MAX})
    if "@" in name or _WEB_ADDRESS.search(name) or _PHONE_DIGITS.search(name):
        return str(_("A name cannot contain a web address, an e-mail address or a phone number."))
    return None


# Characters that turn an address into a mailto: link with headers or a body of its own
# ("info?bcc=…", "a&body=…", "%0A"): legal in the RFC's local part, never in an address a person types.
_MAILTO_SPECIALS = re.compile(r"[?&%=/\\\"<>]")


def email_address_problem(address: str) -> str | None:
    """Why `address` (already trimmed) is not an e-mail address a person can use, or None."""
    try:
        validate_email(address)
    except ValidationError:
        return str(_("Please enter a valid e-mail address."))
    if _MAILTO_SPECIALS.search(address.rpartition("@")[0]):
        return str(_("Please enter a valid e-mail address."))
    return None
