from ninja import Schema


class ContactIn(Schema):
    # Missing fields arrive as "" so that the service answers SPEC's 'Please fill out all fields.'
    name: str = ""
    email: str = ""
    message: str = ""
