from django.contrib.auth import get_user_model

PASSWORD = "Correct-Horse-42"


def make_user(username="staffer", *, staff=True, active=True, email=None, password=PASSWORD):
    user = get_user_model().objects.create_user(
        username=username,
        email=email or f"{username}@example.org",
        password=password,
        is_staff=staff,
        is_active=active,
        first_name="Grace",
        last_name="Mukamana",
    )
    return user
