"""WebVTT captions, checked line by line before they are kept: the header, each cue's timings
(start before end), and the cue text's markup, where only WebVTT's own tags are allowed (b, i, u,
c, v, lang, ruby, rt and timestamps). Anything else, <script> and <style> first, is refused: the
file is served to browsers. A refusal names the line, counting from 1."""

import re

from django.utils.translation import gettext as _

MAX_BYTES = 1024 * 1024
_TIME = r"(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})"
_TIMING = re.compile(rf"^{_TIME}[ \t]+-->[ \t]+{_TIME}(?:[ \t]+.*)?$")
_TAG = re.compile(r"<([^>]*)>?")
_TIMESTAMP_TAG = re.compile(rf"^{_TIME}$")
_ALLOWED_TAGS = {"b", "i", "u", "c", "v", "lang", "ruby", "rt"}


class CaptionsRefused(Exception):
    pass


def _seconds(hours, minutes, seconds, thousandths) -> float:
    return int(hours or 0) * 3600 + int(minutes) * 60 + int(seconds) + int(thousandths) / 1000


def _refuse(number: int, what: str):
    raise CaptionsRefused(_("Line %(number)d: %(what)s") % {"number": number, "what": what})


def _check_markup(number: int, line: str) -> None:
    if "-->" in line:
        _refuse(number, _("cue text cannot contain “-->”; leave a blank line after each cue."))
    for found in _TAG.finditer(line):
        inside = found.group(1)
        if not found.group(0).endswith(">"):
            _refuse(number, _("a tag is not closed with “>”."))
        if _TIMESTAMP_TAG.match(inside):
            continue
        name = re.split(r"[\s.]", inside.lstrip("/"), maxsplit=1)[0].lower()
        if name not in _ALLOWED_TAGS:
            _refuse(number, _("the tag <%(tag)s> is not allowed in captions.") % {"tag": name or inside[:20]})


def captions_checked(data: bytes) -> bytes:
    """The file as UTF-8 text (without a byte order mark), or CaptionsRefused."""
    if not data.strip():
        raise CaptionsRefused(_("This file is empty."))
    if len(data) > MAX_BYTES:
        raise CaptionsRefused(_("This caption file is too large. The limit is 1 MB."))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise CaptionsRefused(_("Line 1: the file is not UTF-8 text.")) from None
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if not re.match(r"^WEBVTT(?:[ \t].*)?$", lines[0]):
        _refuse(1, _("the file must begin with “WEBVTT”."))
    cues = 0
    index = 1
    while index < len(lines):
        if not lines[index].strip():
            index += 1
            continue
        start = index  # a block: up to the next blank line
        while index < len(lines) and lines[index].strip():
            index += 1
        block = lines[start:index]
        for offset, line in enumerate(block):
            if re.search(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]", line):
                _refuse(start + offset + 1, _("the line holds a control character."))
        first = block[0]
        if first.startswith("NOTE") and (len(first) == 4 or first[4] in " \t"):
            continue  # a comment, never shown
        if first == "STYLE" or first.startswith(("STYLE ", "STYLE\t")):
            _refuse(start + 1, _("style blocks are not accepted in captions."))
        if first.startswith("REGION") and "-->" not in first:
            continue
        timing_at = 0 if "-->" in first else 1
        if timing_at >= len(block):
            _refuse(start + 1, _("expected cue timings such as “00:00:01.000 --> 00:00:04.000”."))
        timing = _TIMING.match(block[timing_at].strip())
        number = start + timing_at + 1
        if timing is None:
            _refuse(number, _("expected cue timings such as “00:00:01.000 --> 00:00:04.000”."))
        groups = timing.groups()
        if _seconds(*groups[:4]) >= _seconds(*groups[4:]):
            _refuse(number, _("the cue must end after it starts."))
        for offset, line in enumerate(block[timing_at + 1 :]):
            _check_markup(number + 1 + offset, line)
        cues += 1
    if not cues:
        _refuse(len(lines), _("the file has no cues."))
    return text.encode("utf-8")
