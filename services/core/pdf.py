"""PDF documents, written with ReportLab (the one PDF library of the product: demo documents now,
membership cards and certificates later). Pages are A4; text uses the standard Helvetica, which
every reader has and which covers the Latin letters of our four languages."""

from io import BytesIO

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

MARGIN = 20 * mm


def text_pdf(title: str, lines: list[str] = (), *, author: str = "") -> bytes:
    """A one-page document: a title and a few lines of text. Deterministic (no creation date, no
    random id), so the same text gives the same bytes and a stored file's size is predictable."""
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=A4, invariant=True, pageCompression=0)
    canvas.setTitle(title)
    if author:
        canvas.setAuthor(author)
    _, height = A4
    y = height - MARGIN - 18
    canvas.setFont("Helvetica-Bold", 18)
    canvas.drawString(MARGIN, y, title)
    canvas.setFont("Helvetica", 12)
    for line in lines:
        y -= 18
        canvas.drawString(MARGIN, y, line)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
