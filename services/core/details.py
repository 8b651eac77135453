"""The association's own details (contact, where to pay, membership fees) and the site's address:
what counts as unset or a placeholder. Plain Python: settings.py reads it before Django is set up,
and services/core/checks.py refuses to start on what it finds (docs/operations.md)."""

import re
from collections.abc import Mapping
from urllib.parse import urlsplit

# Every variable a payer, a member or an e-mail's reader sees; none has a production default.
REQUIRED = (
    "ASSOCIATION_EMAIL",
    "ASSOCIATION_PHONE",
    "ASSOCIATION_ADDRESS",
    "PAYMENT_MOBILE_MONEY_NUMBER",
    "PAYMENT_MOBILE_MONEY_NAME",
    "PAYMENT_BANK_NAME",
    "PAYMENT_BANK_ACCOUNT",
    "PAYMENT_BANK_ACCOUNT_NAME",
    "MEMBERSHIP_FEE_INDIVIDUAL",
    "MEMBERSHIP_FEE_INSTITUTIONAL",
)
FEES = {"Individual": "MEMBERSHIP_FEE_INDIVIDUAL", "Institutional": "MEMBERSHIP_FEE_INSTITUTIONAL"}

# What `make run` (DJANGO_DEBUG on) shows when a variable is unset: obviously not an account,
# and every screen and e-mail that shows them says "demo, not a real account".
DEMO = {
    "ASSOCIATION_EMAIL": "demo-association@example.org",
    "ASSOCIATION_PHONE": "+250 700 000 000",
    "ASSOCIATION_ADDRESS": "Demo address, Kigali",
    "PAYMENT_MOBILE_MONEY_NUMBER": "+250 700 000 000",
    "PAYMENT_MOBILE_MONEY_NAME": "Demo account holder",
    "PAYMENT_BANK_NAME": "Demo Bank",
    "PAYMENT_BANK_ACCOUNT": "DEMO-0000-0000",
    "PAYMENT_BANK_ACCOUNT_NAME": "Demo account holder",
    "MEMBERSHIP_FEE_INDIVIDUAL": "10000",
    "MEMBERSHIP_FEE_INSTITUTIONAL": "50000",
}

# Values that were shipped as defaults or examples once: never a real account or address.
_KNOWN = {
    "+250 788 000 000",
    "+250788000000",
    "00040-0000000-00",
    "kg 7 ave, kigali, rwanda",
    "https://portal.example.org",
    *(value.lower() for name, value in DEMO.items() if not name.startswith("MEMBERSHIP_FEE_")),
}
_MARKERS = re.compile(r"change-?me|placeholder|example\.(org|com|net)|\bdemo\b|\bxxx+\b", re.IGNORECASE)


def is_placeholder(value: str) -> bool:
    text = value.strip()
    return text.lower() in _KNOWN or bool(_MARKERS.search(text))


def fee(value: str) -> int | None:
    """'10000', '10,000' or '10 000' Rwf → 10000; anything else (a placeholder too) → None."""
    digits = re.sub(r"[ ,_]", "", value.strip())
    return int(digits) if digits.isdigit() else None


def problems(environ: Mapping[str, str]) -> list[tuple[str, str]]:
    """(variable, what is wrong) for each required detail and FRONTEND_URL, in the order above."""
    found = []
    for name in REQUIRED:
        value = environ.get(name, "").strip()
        if not value:
            found.append((name, "is not set"))
        elif name.startswith("MEMBERSHIP_FEE_"):
            if fee(value) is None:
                found.append((name, "is not a whole number of Rwf"))
        elif is_placeholder(value):
            found.append((name, "is still a placeholder"))
    url = environ.get("FRONTEND_URL", "").strip()
    if not url:
        found.append(("FRONTEND_URL", "is not set"))
    elif urlsplit(url).scheme not in {"http", "https"} or not urlsplit(url).hostname:
        found.append(("FRONTEND_URL", "is not an address like https://portal.example.rw"))
    elif is_placeholder(url):
        found.append(("FRONTEND_URL", "is still a placeholder"))
    return found


def details(environ: Mapping[str, str], *, debug: bool, demo_frontend_url: str = "") -> dict:
    """The settings built from the environment. With `debug`, an unset variable takes its demo
    value; without it, it stays empty (the system check refuses to start)."""

    def value(name: str) -> str:
        return environ.get(name, "").strip() or (DEMO[name] if debug else "")

    url = environ.get("FRONTEND_URL", "").strip().rstrip("/") or (demo_frontend_url if debug else "")
    association = {
        "name": environ.get("ASSOCIATION_NAME", "").strip()
        or "Rwanda National Sign Language Interpreters Association",
        "short_name": environ.get("ASSOCIATION_SHORT_NAME", "").strip() or "RNSLIA",
        "email": value("ASSOCIATION_EMAIL"),
        "phone": value("ASSOCIATION_PHONE"),
        "address": value("ASSOCIATION_ADDRESS"),
        "website": url,
    }
    payment = {
        "mobile_money_number": value("PAYMENT_MOBILE_MONEY_NUMBER"),
        "mobile_money_name": value("PAYMENT_MOBILE_MONEY_NAME"),
        "bank_name": value("PAYMENT_BANK_NAME"),
        "bank_account": value("PAYMENT_BANK_ACCOUNT"),
        "bank_account_name": value("PAYMENT_BANK_ACCOUNT_NAME"),
    }
    shown = [value(name) for name in REQUIRED if not name.startswith("MEMBERSHIP_FEE_")]
    return {
        "FRONTEND_URL": url,
        "ASSOCIATION": association,
        "PAYMENT_DETAILS": payment,
        "MEMBERSHIP_FEES": {kind: fee(value(name)) for kind, name in FEES.items()},
        # True when a payer would read a demo or placeholder value (only possible with DEBUG on).
        "DETAILS_DEMO": any(is_placeholder(text) for text in shown if text)
        or any(not environ.get(name, "").strip() for name in REQUIRED),
    }
