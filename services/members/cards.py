"""The membership card as a PDF: the size of a bank card (ISO/IEC 7810 ID-1), with the
association's name, the member's name, number, type and the last day of their membership, and
a QR code of the card's verification address, also a link (docs/members.md, Membership card and
verification). Written with ReportLab (services/core/pdf.py), in the member's language."""

import unicodedata
from io import BytesIO

import segno
from django.utils import translation
from django.utils.translation import gettext as _
from reportlab.lib.colors import HexColor, white
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from services.core.status_words import status_word
from services.notifications.selectors import association_in

from .models import Member
from .verification import card_code, card_verify_url, membership_number

WIDTH, HEIGHT = 85.6 * mm, 53.98 * mm  # ID-1
MARGIN = 3.5 * mm
QR_SIZE = 24 * mm
BAND = 9 * mm  # the association's name, on the brand's colour
BRAND = HexColor("#1f4e79")
MUTED = HexColor("#4a4a4a")
FONT, BOLD = "Helvetica", "Helvetica-Bold"
# The standard fonts' encoding (every PDF reader has these fonts): Latin-1 and a few more, which
# covers English, French, Kinyarwanda and Kiswahili.
_ENCODING = "cp1252"


def printable(text: str) -> str:
    """`text` as the standard fonts can draw it: a letter they lack loses its accent ("ā": "a")
    rather than print as a box."""
    out = []
    for char in text:
        try:
            char.encode(_ENCODING)
        except UnicodeEncodeError:
            plain = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
            char = plain if plain and plain.isascii() else "?"
        out.append(char)
    return "".join(out)


def _fit(text: str, font: str, size: float, width: float, *, smallest: float) -> tuple[list[str], float]:
    """At most two lines of `text` within `width`, in the largest size from `size` down to
    `smallest` that fits; the second line cut short with an ellipsis if even that does not."""
    while True:
        lines = simpleSplit(text, font, size, width)
        if len(lines) <= 2 or size <= smallest:
            break
        size -= 0.5
    if len(lines) > 2:
        second = lines[1]
        while second and stringWidth(second + "…", font, size) > width:
            second = second[:-1]
        lines = [lines[0], second.rstrip() + "…"]
    return lines, size


def _qr(canvas: Canvas, text: str, x: float, y: float, size: float) -> None:
    """The QR code as squares (sharp at any print size): level M, never a Micro QR, as tickets'."""
    code = segno.make(text, micro=False, error="m", boost_error=False)
    rows = list(code.matrix_iter(border=0))
    module = size / len(rows)
    canvas.setFillColor("black")
    for r, row in enumerate(rows):
        top = y + size - (r + 1) * module
        c = 0
        while c < len(row):
            if not row[c]:
                c += 1
                continue
            start = c
            while c < len(row) and row[c]:
                c += 1
            canvas.rect(x + start * module, top, (c - start) * module, module, stroke=0, fill=1)


def _field(canvas: Canvas, label: str, value: str, x: float, y: float) -> None:
    canvas.setFillColor(MUTED)
    canvas.setFont(FONT, 5.5)
    canvas.drawString(x, y + 7.5, printable(label))
    canvas.setFillColor("black")
    canvas.setFont(BOLD, 8)
    canvas.drawString(x, y, printable(value))


def membership_card_pdf(member: Member) -> bytes:
    """The card of an approved member, in their language; its QR code and link verify it
    (members/verification.py). A member with no code yet (never approved) gets a card without
    them. Deterministic: the same member on the same data gives the same bytes."""
    code = card_code(member)
    url = card_verify_url(code) if code else ""
    with translation.override(member.language):
        association = association_in(member.language)["name"]
        title = _("Membership card")
        labels = (_("Membership number"), _("Membership type"), _("Valid until"))
        values = (
            membership_number(member),
            status_word("membership_type", member.membership_type),
            member.membership_end.isoformat() if member.membership_end else "",
        )
        scan = _("Scan to verify")

    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=(WIDTH, HEIGHT), invariant=True, pageCompression=1)
    canvas.setTitle(printable(f"{title}: {member.full_name}"))
    canvas.setAuthor(printable(association))

    # The association's name on its band.
    canvas.setFillColor(BRAND)
    canvas.rect(0, HEIGHT - BAND, WIDTH, BAND, stroke=0, fill=1)
    canvas.setFillColor(white)
    lines, size = _fit(printable(association), BOLD, 7.5, WIDTH - 2 * MARGIN, smallest=5.5)
    top = HEIGHT - BAND / 2 + (len(lines) - 1) * size * 0.6 - size * 0.35
    canvas.setFont(BOLD, size)
    for index, line in enumerate(lines):
        canvas.drawString(MARGIN, top - index * size * 1.15, line)

    text_width = WIDTH - 3 * MARGIN - QR_SIZE
    y = HEIGHT - BAND - MARGIN - 5
    canvas.setFillColor(BRAND)
    canvas.setFont(BOLD, 5.5)
    canvas.drawString(MARGIN, y, printable(title.upper()))
    lines, size = _fit(printable(member.full_name), BOLD, 11, text_width, smallest=7)
    canvas.setFillColor("black")
    canvas.setFont(BOLD, size)
    for line in lines:
        y -= size * 1.15
        canvas.drawString(MARGIN, y, line)
    y -= 6
    for label, value in zip(labels, values, strict=True):
        y -= 15
        _field(canvas, label, value, MARGIN, y)

    if url:
        qr_x, qr_y = WIDTH - MARGIN - QR_SIZE, MARGIN + 7
        _qr(canvas, url, qr_x, qr_y, QR_SIZE)
        canvas.linkURL(url, (qr_x, qr_y, qr_x + QR_SIZE, qr_y + QR_SIZE), relative=0)
        canvas.setFillColor(MUTED)
        canvas.setFont(FONT, 5)
        canvas.drawCentredString(qr_x + QR_SIZE / 2, qr_y + QR_SIZE + 2.5, printable(scan))
        # The address in full along the bottom, for a verifier without a camera; a link too.
        canvas.setFont(FONT, 4.5)
        canvas.drawString(MARGIN, MARGIN, url)
        url_width = canvas.stringWidth(url, FONT, 4.5)
        canvas.linkURL(url, (MARGIN, MARGIN - 1, MARGIN + url_width, MARGIN + 4.5), relative=0)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
