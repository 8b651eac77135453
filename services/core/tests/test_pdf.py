from io import BytesIO

from pypdf import PdfReader

from services.core.pdf import text_pdf


def test_a_reader_finds_the_title_and_every_line():
    pdf = text_pdf("Annual (2025) report", ["Line one", "Umwaka w'ishyirahamwe, été"], author="Demo")
    reader = PdfReader(BytesIO(pdf))
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    assert "Annual (2025) report" in text
    assert "Line one" in text
    assert "Umwaka w'ishyirahamwe, été" in text
    assert reader.metadata.title == "Annual (2025) report"


def test_the_same_text_gives_the_same_bytes():
    assert text_pdf("Report", ["a"]) == text_pdf("Report", ["a"])
    assert text_pdf("Report", ["a"]) != text_pdf("Report", ["b"])
