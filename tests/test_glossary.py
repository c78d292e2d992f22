"""The Norwegian catalogue keeps the glossary's rules (/work/shared/GLOSSARY.md), over
every entry: no trumps is "grand" in running text ("NT" only in a written contract),
one word per term, buttons that read as the verbs they are, and every placeholder of
the English in the Norwegian."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest

PO = Path(__file__).resolve().parents[1] / "locale" / "nb" / "LC_MESSAGES" / "django.po"
CATALOGUE = polib.pofile(str(PO))
ENTRIES = [entry for entry in CATALOGUE if not entry.obsolete]

#: A placeholder as Python's % or str.format fills it in, and the escaped percent.
PLACEHOLDER = re.compile(r"%\(\w+\)s|%%|\{\w+\}")


def translations(entry: polib.POEntry) -> list[str]:
    return list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]


def entry(msgid: str, context: str | None = None) -> polib.POEntry:
    found = CATALOGUE.find(msgid, msgctxt=context) if context else CATALOGUE.find(msgid)
    assert found is not None, msgid
    return found


def test_the_catalogue_is_whole() -> None:
    # A guard over an empty or misread file would pass whatever it holds.
    assert len(ENTRIES) > 1000


def test_no_trumps_is_grand_in_running_text() -> None:
    """'NT' only as part of a written contract ("1NT", "3NT"), or as the contract's
    own strain (msgctxt "no trumps"); in a sentence Norwegian says "grand"."""
    found = [
        (entry.msgid, text)
        for entry in ENTRIES
        if entry.msgctxt != "no trumps"
        for text in translations(entry)
        if re.search(r"(?<![0-9])NT\b", text)
    ]
    assert found == []
    assert entry("NT", "no trumps in a sentence").msgstr == "grand"
    assert entry("No trumps").msgstr == "Grand"
    assert entry("game in NT").msgstr == "utgang i grand"


@pytest.mark.parametrize(
    ("msgid", "norwegian"),
    [
        ("Correct", "Endre"),
        ("Correct it", "Endre det"),
        ("Correct the result of table %(table)s", "Endre resultatet fra bord %(table)s"),
        ("Correct the result of board %(board)s", "Endre resultatet i spill %(board)s"),
    ],
)
def test_the_correct_buttons_say_endre(msgid: str, norwegian: str) -> None:
    assert entry(msgid).msgstr == norwegian


def test_no_button_or_sentence_says_a_bare_rett() -> None:
    """'Rett' alone reads as "right" (or a dish), not as the verb "correct"."""
    found = [
        text
        for entry in ENTRIES
        for text in translations(entry)
        if re.search(r"(^|[:.] )[Rr]ett\b(?! opp)", text)
    ]
    assert found == []


#: Words the catalogue once used for a term, and the glossary's word.
NOT_THE_GLOSSARYS_WORD = {
    r"\brenonce\b": "renons",
    r"\bet giv\b": "en giv",
    r"\bgivet\b": "given",
    r"\bpoengberegning": "tellemåte (scoring)",
    r"blindemann-analyse": "med åpne kort (double dummy)",
    r"\bscore\b": "resultat / poeng",
    r"\bHånd-lapper\b": "kortlapper (curtain cards)",
    r"\bUtganger vunnet\b": "utganger som gikk hjem (games made)",
}


@pytest.mark.parametrize(("pattern", "word"), NOT_THE_GLOSSARYS_WORD.items())
def test_one_norwegian_word_per_term(pattern: str, word: str) -> None:
    found = [
        text
        for entry in ENTRIES
        for text in translations(entry)
        if re.search(pattern, PLACEHOLDER.sub("", text), flags=re.IGNORECASE)
    ]
    assert found == [], f"use {word}"


def test_every_placeholder_of_the_english_is_in_the_norwegian() -> None:
    """Each msgstr has the msgid's placeholders (a plural's forms those of the plural;
    the singular may say "one" instead of its count), and no other."""
    wrong = []
    for entry in ENTRIES:
        singular = set(PLACEHOLDER.findall(entry.msgid))
        if not entry.msgid_plural:
            if set(PLACEHOLDER.findall(entry.msgstr)) != singular:
                wrong.append(entry.msgid)
            continue
        plural = set(PLACEHOLDER.findall(entry.msgid_plural))
        for index, text in entry.msgstr_plural.items():
            found = set(PLACEHOLDER.findall(text))
            counts = {"%(count)s", "%(counter)s"}
            if not found <= plural | singular or (plural - found) - (
                counts if index == 0 else set()
            ):
                wrong.append(f"{entry.msgid} [{index}]")
    assert wrong == []


def test_every_percent_placeholder_is_flagged_python_format() -> None:
    """Without the flag msgfmt does not check the placeholders, and a lone % in a
    translation would break the page."""
    unflagged = [
        entry.msgid
        for entry in ENTRIES
        if re.search(r"%\(\w+\)s", entry.msgid + (entry.msgid_plural or ""))
        and "python-format" not in entry.flags
    ]
    assert unflagged == []
