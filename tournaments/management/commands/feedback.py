"""Teaching feedback for a PBN file with results:
``python manage.py feedback lesson.pbn --language nb --output lesson.txt``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import translation

from scoring.profiles import PROFILES
from tournaments.feedback.pbn import PbnFeedbackError, pbn_feedback, report_text


class Command(BaseCommand):
    help = (
        "Write what the cards allowed for every result of a PBN file with results (the "
        "site's “PBN with results” download, or a lesson scored elsewhere), and the boards "
        "most often missed. Boards without double-dummy figures are analysed first. A "
        "file without results gets each board's best contract and why."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path, help="The .pbn file to read.")
        parser.add_argument(
            "--language",
            choices=[code for code, _name in settings.LANGUAGES],
            default="en",
            help="The language of the feedback (default: en).",
        )
        parser.add_argument(
            "--profile",
            choices=sorted(PROFILES),
            help="The scoring the results were played under (default: the file's "
            "MinibridgeScoring tag, else ebu).",
        )
        parser.add_argument("--output", type=Path, help="Write to this file, not the screen.")

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        output: Path | None = options["output"]
        if output is not None and not output.parent.is_dir():
            raise CommandError(f"The folder {output.parent} does not exist.")
        try:
            data = path.read_bytes()
        except OSError as error:
            raise CommandError(f"Cannot read {path}: {error.strerror}.") from None
        try:
            report = pbn_feedback(data, profile=options["profile"])
        except PbnFeedbackError as error:
            raise CommandError(str(error)) from None
        with translation.override(options["language"]):
            text = report_text(report, name=path.name)
        if output is None:
            self.stdout.write(text, ending="")
        else:
            output.write_text(text, encoding="utf-8")
            self.stdout.write(f"Wrote the feedback on {len(report.boards)} boards to {output}.")
        for note in report.notes:
            self.stderr.write(f"Note: {note}.")
