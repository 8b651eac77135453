"""Adds up the JUnit reports of one `make test` run (pytest, Vitest, Playwright) into one line."""

import sys
import xml.etree.ElementTree as ET
from pathlib import Path

totals = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
for report in sorted(Path(sys.argv[1]).glob("*.xml")):
    root = ET.parse(report).getroot()  # noqa: S314 - our own runners wrote these files
    suites = [root] if root.tag == "testsuite" else root.findall("testsuite")
    for suite in suites:
        for key in totals:
            totals[key] += int(suite.get(key, 0) or 0)
failed = totals["failures"] + totals["errors"]
passed = totals["tests"] - failed - totals["skipped"]
print(f"total: {passed} passed, {failed} failed, {totals['skipped']} skipped")
