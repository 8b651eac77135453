"""core.money and core.numbers: amounts and numbers with the separators each language's readers
use, Kinyarwanda's own ('5.000 Rwf') included, whatever language is active around the call."""

from decimal import Decimal

import pytest
from django.utils import translation

from services.core.money import CURRENCY, amount_text
from services.core.numbers import number_text


@pytest.mark.parametrize(
    ("language", "amount", "written"),
    [
        ("en", 5000, "5,000 Rwf"),
        ("en", Decimal("1250000"), "1,250,000 Rwf"),
        ("en", 750, "750 Rwf"),
        ("en", 0, "0 Rwf"),
        ("en", Decimal("2500.5"), "2,500.50 Rwf"),
        ("en", Decimal("5000.00"), "5,000 Rwf"),  # a DecimalField's whole amount: no cents
        ("rw", 5000, "5.000 Rwf"),
        ("rw", Decimal("1250000"), "1.250.000 Rwf"),
        ("rw", Decimal("2500.5"), "2.500,50 Rwf"),
        ("rw", 750, "750 Rwf"),
        ("fr", 5000, "5\u202f000 Rwf"),
        ("fr", Decimal("2500.5"), "2\u202f500,50 Rwf"),
        ("sw", 10000, "10,000 Rwf"),
    ],
)
def test_an_amount_in_each_language(language, amount, written):
    with translation.override(language):
        assert amount_text(amount) == written


def test_the_currency_follows_the_number():
    assert CURRENCY == "Rwf"
    with translation.override("rw"):
        assert amount_text(15000).endswith(" Rwf")


@pytest.mark.parametrize(
    ("language", "with_decimals", "whole"),
    [
        ("en", "1,234,567.5", "1,234,567"),
        ("sw", "1,234,567.5", "1,234,567"),
        ("fr", "1\u202f234\u202f567,5", "1\u202f234\u202f567"),
        ("rw", "1.234.567,5", "1.234.567"),
    ],
)
def test_a_number_in_each_language(language, with_decimals, whole):
    with translation.override(language):
        assert number_text(Decimal("1234567.5")) == with_decimals
        assert number_text(1234567, decimals=0) == whole


def test_the_language_of_the_call_decides_not_the_request():
    with translation.override("en"):
        english = number_text(20000)
        with translation.override("rw"):
            kinyarwanda = number_text(20000)
    assert (english, kinyarwanda) == ("20,000", "20.000")
