"""Reads of classes and pupils. Every object a teacher owns is fetched through one helper
per type, so access control lives in one place: another teacher's object is a 404, never
a 403 that confirms it exists."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.contrib.auth.models import User
from django.db.models import Count, Q, QuerySet
from django.shortcuts import get_object_or_404

from tournaments.models import BoardSet, Pupil, SchoolClass

if TYPE_CHECKING:
    from typing import TypedDict

    from django_stubs_ext import WithAnnotations

    class _BoardCounts(TypedDict):
        board_count: int
        analysed_count: int

    CountedBoardSet = WithAnnotations[BoardSet, _BoardCounts]


def classes_for_teacher(teacher: User) -> QuerySet[SchoolClass]:
    return SchoolClass.objects.filter(teacher_id=teacher.pk).annotate(
        active_pupils=Count("pupils", filter=Q(pupils__active=True))
    )


def get_class_for_teacher(teacher: User, class_id: int) -> SchoolClass:
    return get_object_or_404(SchoolClass, pk=class_id, teacher_id=teacher.pk)


def get_pupil_for_teacher(teacher: User, class_id: int, pupil_id: int) -> Pupil:
    return get_object_or_404(
        Pupil.objects.select_related("school_class"),
        pk=pupil_id,
        school_class_id=class_id,
        school_class__teacher_id=teacher.pk,
    )
