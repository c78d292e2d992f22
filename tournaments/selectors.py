"""Reads. Every object a teacher owns is fetched through one helper per type, so access
control lives in one place: another teacher's object is a 404, never a 403 that
confirms it exists."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Count, Q, QuerySet
from django.shortcuts import get_object_or_404

from tournaments.models import SchoolClass

User = AbstractBaseUser | AnonymousUser


def classes_for_teacher(teacher: User) -> QuerySet[SchoolClass]:
    return SchoolClass.objects.filter(teacher_id=teacher.pk).annotate(
        active_pupils=Count("pupils", filter=Q(pupils__active=True))
    )


def get_class_for_teacher(teacher: User, class_id: int) -> SchoolClass:
    return get_object_or_404(SchoolClass, pk=class_id, teacher_id=teacher.pk)
