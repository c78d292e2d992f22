"""The classroom's data. Models hold data; rules live in ``scoring``, writes in services."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _


class SchoolClass(models.Model):
    """A teacher's class of pupils (e.g. "6B" or "Bridge club, Tuesdays")."""

    teacher = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="school_classes",
        verbose_name=_("teacher"),
    )
    name = models.CharField(_("name"), max_length=80)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("class")
        verbose_name_plural = _("classes")
        ordering = [Lower("name")]
        constraints = [
            models.UniqueConstraint("teacher", Lower("name"), name="unique_class_name_per_teacher"),
        ]

    def __str__(self) -> str:
        return self.name


class Pupil(models.Model):
    """A pupil in a class. Only a first name and a surname or initial are kept."""

    school_class = models.ForeignKey(
        SchoolClass, on_delete=models.CASCADE, related_name="pupils", verbose_name=_("class")
    )
    first_name = models.CharField(_("first name"), max_length=60)
    last_name = models.CharField(_("surname or initial"), max_length=60, blank=True)
    active = models.BooleanField(_("active"), default=True)

    class Meta:
        verbose_name = _("pupil")
        verbose_name_plural = _("pupils")
        ordering = [Lower("first_name"), Lower("last_name")]
        constraints = [
            models.UniqueConstraint(
                "school_class",
                Lower("first_name"),
                Lower("last_name"),
                name="unique_pupil_name_in_class",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()
