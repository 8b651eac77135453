"""The server's translation catalogues (services/locale/<language>/LC_MESSAGES/django.po): checked
and compiled to .mo in pure Python (polib), so that running the product needs no gettext tools.
Extraction (`manage.py messages_extract`) is Django's makemessages with this project's options."""

import os
import re
from dataclasses import dataclass
from pathlib import Path

import polib
from django.conf import settings

# What gettext writes in each catalogue's header: how many plural forms the language has and which
# one a count takes (the formula is C, as in every .po file).
PLURAL_FORMS = {
    "en": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",  # 0 and 1 are singular in French
    "rw": "nplurals=2; plural=(n != 1);",
    "sw": "nplurals=2; plural=(n != 1);",
}

# Where makemessages looks, and what it leaves out: the frontend has its own JSON catalogues.
EXTENSIONS = ["html", "txt", "py"]
# services/locale is named, or makemessages would take it for the catalogue folder of the files
# beside it, whatever LOCALE_PATHS says.
IGNORED = ["frontend", "var", "node_modules", "compose", "docs", "worker", "*/tests", "services/locale"]

_PLACEHOLDER = re.compile(r"%\((\w+)\)[-#0 +]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa]|%%")


def locale_dir() -> Path:
    return Path(settings.LOCALE_PATHS[0])


def catalogue_paths(root: Path | None = None) -> list[Path]:
    return sorted((root or locale_dir()).glob("*/LC_MESSAGES/*.po"))


def placeholders(text: str) -> set[str] | None:
    """The %(name)s placeholders of a python-format text; None when a lone % would break it."""
    names = {match.group(1) for match in _PLACEHOLDER.finditer(text) if match.group(1)}
    return None if "%" in _PLACEHOLDER.sub("", text) else names


@dataclass(frozen=True)
class Fault:
    path: Path
    msgid: str
    problem: str

    def __str__(self) -> str:
        return f"{self.path}: {self.msgid!r}: {self.problem}"


def format_faults(path: Path, catalogue: polib.POFile) -> list[Fault]:
    """What msgfmt --check-format refuses: a translation whose placeholders the code cannot fill.
    A singular text names exactly the placeholders of its msgid; a plural form names some of
    them (a language may say "one" without the number)."""
    faults = []
    for entry in catalogue.translated_entries():
        if "python-format" not in entry.flags:
            continue
        if entry.msgid_plural:
            expected = (placeholders(entry.msgid) or set()) | (placeholders(entry.msgid_plural) or set())
            texts = list(entry.msgstr_plural.values())
        else:
            expected = placeholders(entry.msgid) or set()
            texts = [entry.msgstr]
        for text in texts:
            found = placeholders(text)
            if found is None:
                faults.append(Fault(path, entry.msgid, f"a lone % in {text!r} (write %% for a percent sign)"))
            elif entry.msgid_plural and not found <= expected:
                faults.append(Fault(path, entry.msgid, f"unknown placeholders {sorted(found - expected)}"))
            elif not entry.msgid_plural and found != expected:
                problem = f"placeholders {sorted(found)} instead of {sorted(expected)}"
                faults.append(Fault(path, entry.msgid, problem))
    return faults


def compile_catalogues(root: Path | None = None) -> list[Path]:
    """Writes each catalogue's .mo beside it (only when its content changes), refusing one with
    format faults (the others are still written). Written under a temporary name and renamed
    into place: the web server and the worker, or two test runs, may read or compile the same
    files at the same time."""
    written = []
    faults = []
    for path in catalogue_paths(root):
        catalogue = polib.pofile(str(path))
        if found := format_faults(path, catalogue):
            faults += found
            continue
        binary = catalogue.to_binary()
        target = path.with_suffix(".mo")
        if target.exists() and target.read_bytes() == binary:
            continue
        temporary = target.with_name(f".{target.name}.{os.getpid()}")
        temporary.write_bytes(binary)
        temporary.replace(target)
        written.append(target)
    if faults:
        raise CatalogueError("\n".join(str(fault) for fault in faults))
    return written


class CatalogueError(Exception):
    pass
