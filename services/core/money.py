"""Amounts of money as people read them (SPEC: thousands separators, then Rwf), in e-mails and in
the answers that show an amount; the separators follow the active language (numbers.py)."""

from decimal import Decimal

from .numbers import number_text

CURRENCY = "Rwf"


def amount_text(amount: Decimal | int) -> str:
    """5000 → '5,000 Rwf', with the separators of the active language: '5 000 Rwf' in French,
    '5.000 Rwf' in Kinyarwanda. Cents only when there are some: 2500.5 → '2,500.50 Rwf'."""
    amount = Decimal(amount)
    whole = amount == amount.to_integral_value()
    return f"{number_text(amount, decimals=0 if whole else 2)} {CURRENCY}"
