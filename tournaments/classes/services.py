"""Writes of classes and pupils. Keyword-only arguments, validation before saving, one
transaction each."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Pupil, SchoolClass


@transaction.atomic
def class_create(*, teacher: User, name: str) -> SchoolClass:
    name = name.strip()
    if SchoolClass.objects.filter(teacher_id=teacher.pk, name__iexact=name).exists():
        raise ValidationError({"name": _("You already have a class with this name.")})
    school_class = SchoolClass(teacher_id=teacher.pk, name=name)
    school_class.full_clean()
    school_class.save()
    return school_class


@transaction.atomic
def pupil_add(
    *, school_class: SchoolClass, first_name: str, last_name: str = "", key: str = ""
) -> Pupil:
    """Add a pupil to the class. The same form sent twice (the same ``key``: a double
    tap, a retry on a slow network) adds the pupil once and returns it again."""
    return pupil_add_once(
        school_class=school_class, first_name=first_name, last_name=last_name, key=key
    )[0]


@transaction.atomic
def pupil_add_once(
    *, school_class: SchoolClass, first_name: str, last_name: str = "", key: str = ""
) -> tuple[Pupil, bool]:
    """:func:`pupil_add`, also saying whether the pupil is new (False: this form's pupil
    was added before)."""
    # One add at a time per class: a form sent twice at once finds the first one's pupil.
    SchoolClass.objects.select_for_update().filter(pk=school_class.pk).first()
    if key and (sent := school_class.pupils.filter(idempotency_key=key).first()):
        return sent, False
    first_name, last_name = first_name.strip(), last_name.strip()
    if school_class.pupils.filter(
        first_name__iexact=first_name, last_name__iexact=last_name
    ).exists():
        raise ValidationError({"first_name": _("This class already has a pupil with this name.")})
    pupil = Pupil(
        school_class=school_class,
        first_name=first_name,
        last_name=last_name,
        idempotency_key=key or None,
    )
    pupil.full_clean()
    pupil.save()
    return pupil, True
