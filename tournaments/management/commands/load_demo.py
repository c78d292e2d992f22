"""Load the demo data from ``seeds/demo.json``. Safe to run again: nothing is duplicated."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction

from tournaments.boards import services as board_services
from tournaments.classes.demo import demo_session
from tournaments.models import BoardSet, Pupil, SchoolClass


class Command(BaseCommand):
    help = "Create the demo teacher and class from seeds/ (idempotent)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--file", type=Path, default=Path(settings.BASE_DIR) / "seeds" / "demo.json"
        )

    @transaction.atomic
    def handle(self, *args: Any, **options: Any) -> None:
        data = json.loads(options["file"].read_text(encoding="utf-8"))
        teacher_data = data["teacher"]
        teacher, created = get_user_model().objects.get_or_create(
            username=teacher_data["username"],
            defaults={"first_name": teacher_data.get("first_name", "")},
        )
        if created:
            # The password is set only when the account is new, so a teacher who changed
            # the demo password keeps theirs.
            teacher.set_password(teacher_data["password"])
            teacher.save()
        for class_data in data["classes"]:
            school_class, _ = SchoolClass.objects.get_or_create(
                teacher=teacher, name=class_data["name"]
            )
            for first_name, last_name in class_data["pupils"]:
                Pupil.objects.get_or_create(
                    school_class=school_class, first_name=first_name, last_name=last_name
                )
        for set_data in data.get("board_sets", []):
            if not BoardSet.objects.filter(teacher=teacher, name=set_data["name"]).exists():
                # Dealt from a fixed seed, so every demo install has the same boards;
                # the worker analyses them in the background.
                board_services.board_set_deal(teacher=teacher, **set_data)
        demo = data.get("finished_session")
        if demo:
            # A lesson already played, so standings and curve sheets show something.
            demo_session(
                teacher=teacher,
                school_class=SchoolClass.objects.get(teacher=teacher, name=demo["class"]),
                board_set=BoardSet.objects.get(teacher=teacher, name=demo["board_set"]),
            )
        self.stdout.write(
            self.style.SUCCESS(
                "Demo data ready. Log in as "
                f"{teacher_data['username']} / {teacher_data['password']}"
                + ("" if created else " (unless you changed that password)")
            )
        )
