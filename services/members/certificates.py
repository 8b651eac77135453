"""CPD documents as PDFs, in the member's language (docs/members.md, CPD hours and certificates):
the certificate of attendance of one credit (name, event, date, hours, category, and a QR code
and link to its verification), and the yearly statement of hours per category. ReportLab, as the
card (cards.py); A4 portrait, the standard fonts."""

from decimal import Decimal
from io import BytesIO

from django.utils import translation
from django.utils.translation import gettext as _
from reportlab.lib.colors import white
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from services.core.cpd import CPD_CATEGORIES
from services.core.status_words import status_word
from services.notifications.selectors import association_in

from .cards import BOLD, BRAND, FONT, MUTED, _fit, _qr, printable
from .cpd import certificate_code, certificate_verify_url, hours_text
from .models import CpdCredit, Member

WIDTH, HEIGHT = A4
MARGIN = 20 * mm
BAND = 22 * mm
QR_SIZE = 36 * mm


def _band(canvas: Canvas, association: str) -> None:
    canvas.setFillColor(BRAND)
    canvas.rect(0, HEIGHT - BAND, WIDTH, BAND, stroke=0, fill=1)
    canvas.setFillColor(white)
    lines, size = _fit(printable(association), BOLD, 16, WIDTH - 2 * MARGIN, smallest=10)
    canvas.setFont(BOLD, size)
    top = HEIGHT - BAND / 2 + (len(lines) - 1) * size * 0.6 - size * 0.35
    for index, line in enumerate(lines):
        canvas.drawCentredString(WIDTH / 2, top - index * size * 1.15, line)


def _centred(canvas: Canvas, text: str, y: float, font: str, size: float, *, smallest: float) -> float:
    """`text` centred on at most two lines from `y` down; answers the y below it."""
    lines, size = _fit(printable(text), font, size, WIDTH - 2 * MARGIN, smallest=smallest)
    canvas.setFont(font, size)
    for line in lines:
        canvas.drawCentredString(WIDTH / 2, y, line)
        y -= size * 1.25
    return y


def certificate_pdf(credit: CpdCredit, member: Member) -> bytes:
    """The certificate of attendance of a credit; its QR code and link verify it
    (cpd.certificate_verified). Deterministic: the same credit gives the same bytes."""
    code = certificate_code(credit)
    url = certificate_verify_url(code) if code else ""
    with translation.override(member.language):
        association = association_in(member.language)["name"]
        title = _("Certificate of attendance")
        certifies = _("This certifies that")
        attended = _("attended") if credit.source == CpdCredit.Source.EVENT else _("completed")
        labels = (_("Date"), _("CPD hours"), _("CPD category"))
        values = (
            credit.date.isoformat(),
            hours_text(credit.hours),
            status_word("cpd_category", credit.category),
        )
        scan = _("Scan to verify this certificate")

    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=A4, invariant=True, pageCompression=1)
    canvas.setTitle(printable(f"{title}: {member.full_name}"))
    canvas.setAuthor(printable(association))
    _band(canvas, association)

    y = HEIGHT - BAND - 30 * mm
    canvas.setFillColor(BRAND)
    y = _centred(canvas, title.upper(), y, BOLD, 22, smallest=14) - 10 * mm
    canvas.setFillColor(MUTED)
    y = _centred(canvas, certifies, y, FONT, 13, smallest=10) - 3 * mm
    canvas.setFillColor("black")
    y = _centred(canvas, member.full_name, y, BOLD, 24, smallest=14) - 3 * mm
    canvas.setFillColor(MUTED)
    y = _centred(canvas, attended, y, FONT, 13, smallest=10) - 3 * mm
    canvas.setFillColor("black")
    y = _centred(canvas, credit.title, y, BOLD, 17, smallest=11) - 12 * mm

    column = (WIDTH - 2 * MARGIN) / 3
    for index, (label, value) in enumerate(zip(labels, values, strict=True)):
        x = MARGIN + column * index + column / 2
        canvas.setFillColor(MUTED)
        canvas.setFont(FONT, 10)
        canvas.drawCentredString(x, y, printable(label))
        canvas.setFillColor("black")
        lines, size = _fit(printable(value), BOLD, 14, column - 4 * mm, smallest=9)
        canvas.setFont(BOLD, size)
        for number, line in enumerate(lines):
            canvas.drawCentredString(x, y - 7 * mm - number * size * 1.2, line)

    if url:
        qr_x, qr_y = (WIDTH - QR_SIZE) / 2, MARGIN + 16 * mm
        _qr(canvas, url, qr_x, qr_y, QR_SIZE)
        canvas.linkURL(url, (qr_x, qr_y, qr_x + QR_SIZE, qr_y + QR_SIZE), relative=0)
        canvas.setFillColor(MUTED)
        canvas.setFont(FONT, 9)
        canvas.drawCentredString(WIDTH / 2, qr_y + QR_SIZE + 3 * mm, printable(scan))
        canvas.setFont(FONT, 8)
        canvas.drawCentredString(WIDTH / 2, MARGIN + 8 * mm, url)
        url_width = canvas.stringWidth(url, FONT, 8)
        left = (WIDTH - url_width) / 2
        canvas.linkURL(url, (left, MARGIN + 7 * mm, left + url_width, MARGIN + 11 * mm), relative=0)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def statement_pdf(member: Member, year: int, credits: list[dict]) -> bytes:
    """The yearly statement: the member, the year, hours per category and in all, and each credit
    (date, activity, category, hours), over as many pages as it takes."""
    with translation.override(member.language):
        association = association_in(member.language)["name"]
        title = _("CPD statement %(year)d") % {"year": year}
        number_label = _("Membership number")
        by_category_heading = _("Hours per category")
        total_label = _("Total")
        credits_heading = _("Activities")
        columns = (_("Date"), _("Activity"), _("CPD category"), _("CPD hours"))
        none = _("No CPD hours were credited this year.")
        words = {category: status_word("cpd_category", category) for category in CPD_CATEGORIES}

    totals = dict.fromkeys(CPD_CATEGORIES, Decimal(0))
    for credit in credits:
        totals[credit["category"]] += credit["hours"]

    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=A4, invariant=True, pageCompression=1)
    canvas.setTitle(printable(f"{title}: {member.full_name}"))
    canvas.setAuthor(printable(association))
    _band(canvas, association)
    y = HEIGHT - BAND - 15 * mm
    canvas.setFillColor(BRAND)
    canvas.setFont(BOLD, 18)
    canvas.drawString(MARGIN, y, printable(title))
    y -= 9 * mm
    canvas.setFillColor("black")
    canvas.setFont(BOLD, 13)
    canvas.drawString(MARGIN, y, printable(member.full_name))
    if member.membership_number:
        y -= 6 * mm
        canvas.setFont(FONT, 10)
        canvas.drawString(MARGIN, y, printable(f"{number_label}: {member.membership_number}"))

    y -= 12 * mm
    canvas.setFont(BOLD, 12)
    canvas.drawString(MARGIN, y, printable(by_category_heading))
    canvas.setFont(FONT, 11)
    for category in CPD_CATEGORIES:
        y -= 6.5 * mm
        canvas.drawString(MARGIN, y, printable(words[category]))
        canvas.drawRightString(WIDTH - MARGIN, y, hours_text(totals[category]))
    y -= 3 * mm
    canvas.line(MARGIN, y, WIDTH - MARGIN, y)
    y -= 6 * mm
    canvas.setFont(BOLD, 11)
    canvas.drawString(MARGIN, y, printable(total_label))
    canvas.drawRightString(WIDTH - MARGIN, y, hours_text(sum(totals.values())))

    y -= 14 * mm
    canvas.setFont(BOLD, 12)
    canvas.drawString(MARGIN, y, printable(credits_heading))
    x = (MARGIN, MARGIN + 25 * mm, MARGIN + 105 * mm)
    if not credits:
        y -= 7 * mm
        canvas.setFont(FONT, 10)
        canvas.drawString(MARGIN, y, printable(none))

    def header(y: float) -> float:
        canvas.setFont(BOLD, 9)
        canvas.setFillColor(MUTED)
        for left, label in zip(x, columns[:3], strict=True):
            canvas.drawString(left, y, printable(label))
        canvas.drawRightString(WIDTH - MARGIN, y, printable(columns[3]))
        canvas.setFillColor("black")
        return y

    if credits:
        y = header(y - 8 * mm)
    for credit in credits:
        y -= 6 * mm
        if y < MARGIN:
            canvas.showPage()
            y = header(HEIGHT - MARGIN) - 6 * mm
        canvas.setFont(FONT, 9)
        canvas.drawString(x[0], y, credit["date"].isoformat())
        activity, _size = _fit(printable(credit["title"]), FONT, 9, 78 * mm, smallest=9)
        canvas.drawString(x[1], y, activity[0] + ("…" if len(activity) > 1 else ""))
        category, _size = _fit(printable(words[credit["category"]]), FONT, 9, 45 * mm, smallest=7)
        canvas.setFont(FONT, _size)
        canvas.drawString(x[2], y, category[0])
        canvas.setFont(FONT, 9)
        canvas.drawRightString(WIDTH - MARGIN, y, hours_text(credit["hours"]))
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
