"""core.csv: cells a spreadsheet would run are defused, and the file is UTF-8 with a byte-order mark
under the name given, never cached."""

import csv
import io

import pytest

from services.core.csv import csv_cell, csv_response


@pytest.mark.parametrize(
    ("typed", "written"),
    [
        ('=HYPERLINK("http://evil.example","click")', '\'=HYPERLINK("http://evil.example","click")'),
        ("+250788123456", "'+250788123456"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1:A9)", "'@SUM(A1:A9)"),
        ("\t=1+1", "'\t=1+1"),
        ("\r=1+1", "'\r=1+1"),
        ("Aline Uwase", "Aline Uwase"),
        ("a=b", "a=b"),  # only a leading sign runs
        (" =1+1", " =1+1"),
        ("", ""),
        (None, ""),
        (42, "42"),
        (-5, "'-5"),
    ],
)
def test_a_cell_a_spreadsheet_would_run_starts_with_an_apostrophe(typed, written):
    assert csv_cell(typed) == written


@pytest.mark.django_db  # every download is recorded in the audit trail
def test_the_response_is_utf8_with_a_bom_named_and_not_cached():
    response = csv_response(
        ["Name", "Città"],
        [[csv_cell("Théogène"), csv_cell("=cmd|' /C calc'!A0")], ["Umutoni, Solange", 'say "hi"']],
        filename="registrations-7.csv",
    )
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="registrations-7.csv"'
    assert response["Cache-Control"] == "no-store"
    body = response.content
    assert body.startswith(b"\xef\xbb\xbf")  # the byte-order mark, in UTF-8
    text = body.decode("utf-8-sig")
    assert list(csv.reader(io.StringIO(text))) == [
        ["Name", "Città"],
        ["Théogène", "'=cmd|' /C calc'!A0"],
        ["Umutoni, Solange", 'say "hi"'],
    ]
    assert text.endswith("\r\n")


@pytest.mark.django_db  # every download is recorded in the audit trail
def test_a_file_with_no_rows_is_its_header():
    response = csv_response(["A", "B"], iter(()), filename="members.csv")
    assert response.content.decode("utf-8") == "\ufeffA,B\r\n"
