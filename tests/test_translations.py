"""Every user-facing string has a Norwegian translation, and the compiled catalogue that
the site loads is the one the .po file describes."""

from __future__ import annotations

import gettext
import os
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest
from django.utils import translation

BASE_DIR = Path(__file__).resolve().parents[1]
PO = BASE_DIR / "locale" / "nb" / "LC_MESSAGES" / "django.po"
MO = PO.with_suffix(".mo")


def _need(tool: str) -> None:
    if shutil.which(tool) is None:
        pytest.fail(f"{tool} is missing: install Debian's gettext (make test does it).")


def test_every_string_is_translated() -> None:
    po = polib.pofile(str(PO))
    assert not po.metadata_is_fuzzy
    untranslated = [entry.msgid for entry in po.untranslated_entries()]
    fuzzy = [entry.msgid for entry in po.fuzzy_entries()]
    assert untranslated == []
    assert fuzzy == []


def test_the_compiled_catalogue_matches_the_po_file(tmp_path: Path) -> None:
    _need("msgfmt")
    fresh = tmp_path / "django.mo"
    subprocess.run(["msgfmt", "--check", "-o", str(fresh), str(PO)], check=True)
    with MO.open("rb") as committed, fresh.open("rb") as compiled:
        assert (
            gettext.GNUTranslations(committed)._catalog  # type: ignore[attr-defined]
            == gettext.GNUTranslations(compiled)._catalog  # type: ignore[attr-defined]
        ), "Run `make messages` and commit locale/."


def test_no_marked_string_is_missing_from_the_catalogue(tmp_path: Path) -> None:
    """Run makemessages on a copy of the code and compare the message ids."""
    _need("xgettext")
    for name in [
        "manage.py",
        "minibridge",
        "tournaments",
        "games",
        "events",
        "scoring",
        "templates",
        "locale",
    ]:
        source = BASE_DIR / name
        if source.is_dir():
            shutil.copytree(source, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(source, tmp_path / name)
    subprocess.run(
        [
            sys.executable,
            "manage.py",
            "makemessages",
            "-l",
            "nb",
            "--no-location",
            "--no-obsolete",
            "--verbosity",
            "0",
        ],
        cwd=tmp_path,
        check=True,
        env={**os.environ, "DEBUG": "true"},
    )
    fresh = {entry.msgid for entry in polib.pofile(str(tmp_path / PO.relative_to(BASE_DIR)))}
    committed = {entry.msgid for entry in polib.pofile(str(PO))}
    assert fresh - committed == set(), "Run `make messages`, translate, and commit."


def test_the_site_speaks_norwegian() -> None:
    with translation.override("nb"):
        assert translation.gettext("Log in") == "Logg inn"
        assert translation.ngettext("%(counter)s pupil", "%(counter)s pupils", 3) == (
            "%(counter)s elever"
        )
