from ninja import Schema

# Inputs default to "" so that a missing field gets the screen's own message from the service.


class LoginIn(Schema):
    username: str = ""
    password: str = ""


class UserOut(Schema):
    id: int
    username: str
    email: str
    name: str
    role: str
    phone: str
    preferred_language: str
    date_of_birth: str | None
    occupation: str
    organization: str
    experience_years: int
    preferred_communication_language: str
    skills: str
    areas_of_interest: list[str]
    certifications: str


class LoginOut(Schema):
    access: str
    refresh: str
    user: UserOut


class RefreshIn(Schema):
    refresh: str = ""


class TokenPairOut(Schema):
    access: str
    refresh: str


class EmailIn(Schema):
    email: str = ""


class ResetPasswordIn(Schema):
    new_password: str = ""


class ResetTokenIn(Schema):
    token: str = ""


class ResetPasswordWithTokenIn(Schema):
    token: str = ""
    new_password: str = ""


class ChangePasswordIn(Schema):
    current_password: str = ""
    new_password: str = ""


class ChangePasswordOut(Schema):
    message: str
    access: str
    refresh: str


class ValidOut(Schema):
    valid: bool
