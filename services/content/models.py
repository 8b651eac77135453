from django.db import models


class ContactMessage(models.Model):
    """A message a visitor sent through the contact form; kept so that none is lost."""

    NAME_MAX = 150
    MESSAGE_MAX = 5000

    name = models.CharField(max_length=NAME_MAX)
    email = models.EmailField(max_length=254)
    message = models.TextField(max_length=MESSAGE_MAX)
    language = models.CharField(max_length=10, default="en")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return f"{self.name} <{self.email}>"
