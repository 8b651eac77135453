"""Phone numbers in one international form, so that the same number typed two ways is one."""

import phonenumbers

DEFAULT_REGION = "RW"  # a number typed without +country is Rwandan


def normalise_phone(raw: str) -> str | None:
    """The number in E.164 form (+250788123456), or None when it cannot be a phone number."""
    try:
        number = phonenumbers.parse(raw, DEFAULT_REGION)
    except phonenumbers.NumberParseException:
        return None
    if not phonenumbers.is_possible_number(number):
        return None
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)
