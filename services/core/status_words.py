"""The words for statuses and kinds as people read them on the server, in the active language: in
server messages ("This registration is already Approved."), e-mails and CSV exports. The frontend
has its own (frontend/src/locales/*/registrations-admin.json and members-admin.json) for the screens.

The stored values are English words (SPEC), and the English words shown are those values. The
statuses carry a context: the same English word agrees with a different noun in other languages
("Approuvée" for a registration, "Approuvé" for a member in French)."""

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy, pgettext_lazy

WORDS: dict[str, dict[str, Promise]] = {
    "registration": {
        "Pending": pgettext_lazy("registration status", "Pending"),
        "Approved": pgettext_lazy("registration status", "Approved"),
        "Rejected": pgettext_lazy("registration status", "Rejected"),
        "Expired": pgettext_lazy("registration status", "Expired"),
        "Cancelled": pgettext_lazy("registration status", "Cancelled"),
    },
    "member": {
        "Pending": pgettext_lazy("member status", "Pending"),
        "Approved": pgettext_lazy("member status", "Approved"),
        "Rejected": pgettext_lazy("member status", "Rejected"),
    },
    "event": {
        "Draft": pgettext_lazy("event status", "Draft"),
        "Published": pgettext_lazy("event status", "Published"),
        "Completed": pgettext_lazy("event status", "Completed"),
        "Cancelled": pgettext_lazy("event status", "Cancelled"),
    },
    # A member's standing in their membership year (services/members/standing.py).
    "standing": {
        "Active": pgettext_lazy("membership standing", "Active"),
        "Expiring": pgettext_lazy("membership standing", "Expiring"),
        "Grace": pgettext_lazy("membership standing", "Grace"),
        "Lapsed": pgettext_lazy("membership standing", "Lapsed"),
    },
    # A label of its own, never glued into a sentence: "as a Individual" read wrong in every language.
    "membership_type": {
        "Individual": gettext_lazy("Individual"),
        "Institutional": gettext_lazy("Institutional"),
    },
    # CPD categories (services/core/cpd.py): certificates, statements and the CPD report.
    "cpd_category": {
        "Interpreting practice": gettext_lazy("Interpreting practice"),
        "Language": pgettext_lazy("CPD category", "Language"),
        "Ethics and professional practice": gettext_lazy("Ethics and professional practice"),
        "Deaf community and culture": gettext_lazy("Deaf community and culture"),
        "Other": pgettext_lazy("CPD category", "Other"),
    },
}


def status_word(kind: str, value: str) -> str:
    """The word for `value` (a stored status or type, say "Approved") of `kind` ("registration",
    "member", "event", "standing" or "membership_type") in the active language; a value it does not know is
    returned as it is."""
    word = WORDS[kind].get(value)
    return str(word) if word is not None else value
