"""Adds up the JUnit reports of one `make test` run (pytest, Vitest, Playwright): one line per
runner, then the total, in the plain form CI reads ('total: N passed, N failed, N skipped').
Above them, each runner's slowest files, so that a suite growing slow shows where; below, every
failed test with the first lines of its message (CI keeps only the tail of a log). Exits 1 when
a test failed."""

import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

KEYS = ("tests", "failures", "errors", "skipped")
SLOWEST = 5
MESSAGE_LINES = 6


def suites_of(root: ET.Element) -> list[ET.Element]:
    return [root] if root.tag == "testsuite" else root.findall("testsuite")


def counts(root: ET.Element) -> dict[str, int]:
    suites = suites_of(root)
    return {key: sum(int(suite.get(key, 0) or 0) for suite in suites) for key in KEYS}


def seconds_per_file(root: ET.Element) -> Counter:
    spent: Counter = Counter()
    for case in root.iter("testcase"):
        # pytest names the module in classname (dotted), Vitest and Playwright the file.
        where = case.get("file") or case.get("classname", "?").split("::")[0]
        spent[where] += float(case.get("time", 0) or 0)
    return spent


def failures(root: ET.Element) -> list[str]:
    found = []
    for case in root.iter("testcase"):
        for problem in [*case.findall("failure"), *case.findall("error")]:
            text = (problem.get("message") or problem.text or "").strip().splitlines()
            found.append(f"FAILED {case.get('classname', '?')}::{case.get('name', '?')}")
            found.extend(f"    {row}" for row in text[:MESSAGE_LINES])
    return found


def line(label: str, numbers: dict[str, int]) -> str:
    failed = numbers["failures"] + numbers["errors"]
    passed = numbers["tests"] - failed - numbers["skipped"]
    return f"{label}: {passed} passed, {failed} failed, {numbers['skipped']} skipped"


reports = {path.stem: ET.parse(path).getroot() for path in sorted(Path(sys.argv[1]).glob("*.xml"))}  # noqa: S314 - our own runners wrote these files
for name, root in reports.items():
    slow = ", ".join(f"{where} {spent:.0f}s" for where, spent in seconds_per_file(root).most_common(SLOWEST))
    print(f"{name} slowest: {slow}")
totals = dict.fromkeys(KEYS, 0)
for name, root in reports.items():
    numbers = counts(root)
    print(line(name, numbers))
    for key in KEYS:
        totals[key] += numbers[key]
print(line("total", totals))
failed = [row for root in reports.values() for row in failures(root)]
if failed:
    print("\n".join(failed))
    sys.exit(1)
