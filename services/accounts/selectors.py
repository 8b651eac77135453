from services.notifications.languages import language_code

from .models import StaffProfile


def staff_user_profile(user) -> dict:
    """The user as the dashboard stores it (SPEC §3 User); a user without a profile gets defaults."""
    try:
        profile = user.staff_profile
    except StaffProfile.DoesNotExist:
        profile = StaffProfile(user=user)
    return {
        "id": user.pk,
        "username": user.username,
        "email": user.email,
        "name": user.get_full_name(),
        "role": profile.role or StaffProfile.DEFAULT_ROLE,
        "phone": profile.phone,
        "preferred_language": profile.preferred_language,
        "date_of_birth": profile.date_of_birth.isoformat() if profile.date_of_birth else None,
        "occupation": profile.occupation,
        "organization": profile.organization,
        "experience_years": profile.experience_years,
        "preferred_communication_language": profile.preferred_communication_language,
        "skills": profile.skills,
        "areas_of_interest": list(profile.areas_of_interest or []),
        "certifications": profile.certifications,
    }


def staff_language(*, email: str) -> str:
    """The language of e-mails to this address: the preferred language of the active staff user
    who has it, else the default (English), as for the association's shared inbox."""
    preferred = (
        StaffProfile.objects.filter(user__email__iexact=email, user__is_active=True, user__is_staff=True)
        .exclude(preferred_language="")
        .values_list("preferred_language", flat=True)
        .first()
    )
    return language_code(preferred)
