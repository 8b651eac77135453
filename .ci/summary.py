"""Adds up the JUnit reports of one `make test` run (pytest, Vitest, Playwright): one line per
runner, then the total, in the plain form CI reads ('total: N passed, N failed, N skipped')."""

import sys
import xml.etree.ElementTree as ET
from pathlib import Path

KEYS = ("tests", "failures", "errors", "skipped")


def counts(report: Path) -> dict[str, int]:
    root = ET.parse(report).getroot()  # noqa: S314 - our own runners wrote these files
    suites = [root] if root.tag == "testsuite" else root.findall("testsuite")
    return {key: sum(int(suite.get(key, 0) or 0) for suite in suites) for key in KEYS}


def line(label: str, numbers: dict[str, int]) -> str:
    failed = numbers["failures"] + numbers["errors"]
    passed = numbers["tests"] - failed - numbers["skipped"]
    return f"{label}: {passed} passed, {failed} failed, {numbers['skipped']} skipped"


totals = dict.fromkeys(KEYS, 0)
for report in sorted(Path(sys.argv[1]).glob("*.xml")):
    numbers = counts(report)
    print(line(report.stem, numbers))
    for key in KEYS:
        totals[key] += numbers[key]
print(line("total", totals))
