"""Writes. Keyword-only arguments, validation before saving, one transaction each."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Pupil, SchoolClass


@transaction.atomic
def class_create(*, teacher: AbstractBaseUser, name: str) -> SchoolClass:
    name = name.strip()
    if SchoolClass.objects.filter(teacher_id=teacher.pk, name__iexact=name).exists():
        raise ValidationError({"name": _("You already have a class with this name.")})
    school_class = SchoolClass(teacher_id=teacher.pk, name=name)
    school_class.full_clean()
    school_class.save()
    return school_class


@transaction.atomic
def pupil_add(*, school_class: SchoolClass, first_name: str, last_name: str = "") -> Pupil:
    first_name, last_name = first_name.strip(), last_name.strip()
    if school_class.pupils.filter(
        first_name__iexact=first_name, last_name__iexact=last_name
    ).exists():
        raise ValidationError({"first_name": _("This class already has a pupil with this name.")})
    pupil = Pupil(school_class=school_class, first_name=first_name, last_name=last_name)
    pupil.full_clean()
    pupil.save()
    return pupil
