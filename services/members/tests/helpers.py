from services.members.models import Member

APPLICATION = {
    "full_name": "Jean Bosco Niyonsenga",
    "email": "jean.bosco@example.org",
    "phone": "0788 222 333",
    "date_of_birth": "1990-05-17",
    "gender": "Non-binary",
    "nationality": "Rwandan",
    "address": "KN 5 Rd, Kigali",
    "occupation": "Interpreter",
    "organization": "RNUD",
    "experience_years": 6,
    "membership_type": "Individual",
    "preferred_communication_language": "Rwandan Sign Language",
    "reason_for_joining": "To grow with colleagues.",
    "skills": "Conference interpreting",
    "areas_of_interest": ["Training", "Advocacy"],
    "certifications": "",
    "payment_method": "Mobile Money",
    "agree_to_terms": True,
}


def apply(client, payload=None, **extra):
    return client.post(
        "/api/users/register/",
        data=APPLICATION if payload is None else payload,
        content_type="application/json",
        **extra,
    )


def make_member(i: int, **fields) -> Member:
    values = {
        "full_name": f"Member {i}",
        "email": f"m{i}@example.org",
        "phone": f"+25078{i:07d}",
        "date_of_birth": "1985-01-01",
        "gender": "Female",
        "nationality": "Rwandan",
        "address": "Kigali",
        "membership_type": "Individual",
        "payment_method": "Mobile Money",
        "agree_to_terms": True,
        **fields,
    }
    return Member.objects.create(**values)
