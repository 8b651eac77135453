"""Parts of a member's data export that other apps hold (the interpreter profile, interpreting
hours): apps above members register a part at start-up, so that the member's one download holds
everything the association keeps about them without members importing those apps."""

from collections.abc import Callable
from typing import Any

_PARTS: dict[str, Callable[[Any], Any]] = {}


def export_part(name: str, part: Callable[[Any], Any]) -> None:
    """`part(member)` answers the JSON-ready data stored under `name` in the member's export."""
    _PARTS[name] = part


def export_parts(member) -> dict[str, Any]:
    return {name: part(member) for name, part in _PARTS.items()}
