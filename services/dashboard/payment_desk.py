"""The payment desk (docs/registrations.md, The payment desk): event payments and membership
renewals waiting for staff, in one list. It lives above registrations and members, which never
import each other: one UNION ALL, ordered, counted and sliced in the database (two queries a page,
whatever the rows)."""

from django.db.models import CharField, DateTimeField, DecimalField, IntegerField, Q, Value
from django.db.models.functions import Cast
from django.utils.translation import gettext as _

from services.core.errors import ValidationFailed
from services.core.paging import Page, paginate
from services.members.models import Renewal
from services.registrations.models import Registration

KINDS = ("registration", "renewal")
STATUSES = ("Pending", "Confirmed")
# Staff search the desk by the reference on a payment message, or a payer's name.
SEARCH_MAX = 150
# Named apart from every model field (an annotation may not shadow one).
COLUMNS = (
    "desk_kind",
    "desk_row_id",
    "desk_reference",
    "desk_amount",
    "desk_name",
    "desk_email",
    "desk_about",
    "desk_about_id",
    "desk_status",
    "desk_transaction_id",
    "desk_payment_method",
    "desk_created",
)


def _columns(**values):
    """The same columns, in the same order, for each side of the UNION."""
    text = CharField()
    return {
        "desk_kind": Value(values["kind"], output_field=text),
        "desk_row_id": Cast("pk", IntegerField()),
        "desk_reference": Cast(values["reference"], text),
        "desk_amount": Cast(values["amount"], DecimalField(max_digits=12, decimal_places=2)),
        "desk_name": Cast(values["name"], text),
        "desk_email": Cast(values["email"], text),
        "desk_about": Cast(values["about"], text),
        "desk_about_id": Cast(values["about_id"], IntegerField()),
        "desk_status": Value(values["status"], output_field=text),
        "desk_transaction_id": Cast("transaction_id", text),
        "desk_payment_method": Cast("payment_method", text),
        "desk_created": Cast(values["created"], DateTimeField()),
    }


def _clean(status: str | None, kind: str | None, search: str | None) -> tuple[str, str | None, str]:
    status = status or "Pending"
    if status not in STATUSES:
        message = _("Choose Pending or Confirmed.")
        raise ValidationFailed(message, fields={"status": message})
    if kind not in (None, "", *KINDS):
        message = _("Choose registration or renewal.")
        raise ValidationFailed(message, fields={"kind": message})
    term = (search or "").strip()
    if len(term) > SEARCH_MAX:
        message = _("Ensure this value has at most %(limit)d characters.") % {"limit": SEARCH_MAX}
        raise ValidationFailed(message, fields={"search": message})
    return status, kind or None, term


def payment_desk(
    *, status: str | None, kind: str | None, search: str | None, page: int | None, page_size: int | None
) -> Page:
    """Paid event seats and renewals, Pending (waiting for their payment) or Confirmed, newest
    first; `search`: a reference (any capitals) or part of a name or e-mail."""
    status, kind, term = _clean(status, kind, search)
    pending = status == "Pending"
    registrations = Registration.objects.filter(
        event__price__gt=0,
        payment_reference__isnull=False,
        registration_status=Registration.Status.PENDING if pending else Registration.Status.APPROVED,
    )
    renewals = Renewal.objects.filter(
        status=Renewal.Status.PENDING if status == "Pending" else Renewal.Status.CONFIRMED
    )
    if term:
        registrations = registrations.filter(
            Q(payment_reference__iexact=term) | Q(full_name__icontains=term) | Q(email__icontains=term)
        )
        renewals = renewals.filter(
            Q(reference__iexact=term)
            | Q(member__full_name__icontains=term)
            | Q(member__email__icontains=term)
        )
    registrations = (
        registrations.annotate(
            **_columns(
                kind="registration",
                reference="payment_reference",
                amount="event__price",
                name="full_name",
                email="email",
                about="event__title",
                about_id="event_id",
                status=status,
                created="registration_date",
            )
        )
        .values(*COLUMNS)
        .order_by()
    )  # no Meta ordering inside the UNION
    renewals = (
        renewals.annotate(
            **_columns(
                kind="renewal",
                reference="reference",
                amount="fee",
                name="member__full_name",
                email="member__email",
                about="membership_type",
                about_id="member_id",
                status=status,
                created="created_at",
            )
        )
        .values(*COLUMNS)
        .order_by()
    )
    if kind == "registration":
        rows = registrations
    elif kind == "renewal":
        rows = renewals
    else:
        rows = registrations.union(renewals, all=True)
    return paginate(
        rows.order_by("-desk_created", "desk_kind", "-desk_row_id"), page=page, page_size=page_size
    )
