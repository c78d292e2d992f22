from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.cards import Seat, Side
from scoring.contracts import Contract
from scoring.errors import ErrorCode, ScoringError
from scoring.profiles import (
    FRENCH_DECISION_TABLE,
    PROFILES,
    SLIDING_SCALE,
    EbuProfile,
    LessonProfile,
    Profile,
    Score,
    ScoreUnit,
    TargetBand,
    TargetProfile,
    TargetTable,
    get_profile,
    is_target_profile,
    profile_for,
    target_table_problems,
)

EBU = EbuProfile()
EBU_SLAM = EbuProfile(slams=True)
ACBL = get_profile("acbl")


def made(points: int, target: int) -> Score:
    return Score(declarers=points, defenders=0, made=True, target=target)


def failed(points: int, target: int) -> Score:
    return Score(declarers=0, defenders=points, made=False, target=target)


# docs/rules.md §4.2's test vectors: contract, tricks → declarers / defenders.
EBU_VECTORS = [
    ("4S", 10, 420, 0),  # ♠ game
    ("1S", 10, 170, 0),  # ♠ part-score
    ("4S", 9, 0, 50),  # ♠ game, one short
    ("1NT", 7, 90, 0),
    ("1NT", 8, 120, 0),
    ("3NT", 9, 400, 0),
    ("3NT", 10, 430, 0),
    ("5C", 11, 400, 0),
    ("1C", 8, 90, 0),
    ("1H", 8, 110, 0),
    ("4H", 13, 510, 0),
    *[(part, 5, 0, 100) for part in ("1C", "1D", "1H", "1S", "1NT")],  # any part-score
    ("5D", 8, 0, 150),
    ("3NT", 0, 0, 450),
]


@pytest.mark.parametrize(("contract", "tricks", "declarers", "defenders"), EBU_VECTORS)
def test_ebu_vectors(contract: str, tricks: int, declarers: int, defenders: int) -> None:
    for profile in (EBU, EBU_SLAM):
        result = profile.score(contract, tricks)
        assert (result.declarers, result.defenders) == (declarers, defenders)
        assert result.made is (defenders == 0)


def test_ebu_slam_vector() -> None:
    # ♠ slam (variant), 12 tricks → 980.
    assert EBU_SLAM.score("6S", 12) == made(980, 12)
    assert EBU_SLAM.score("6NT", 13) == made(40 + 6 * 30 + 800, 12)
    assert EBU_SLAM.score("6C", 10) == failed(100, 12)


@pytest.mark.parametrize(
    ("contract", "tricks", "expected"),
    [
        # Calame's Method A examples: 50 + trick points (NT 10 + 30 a trick) + 250 for game.
        ("1C", 8, made(90, 7)),
        ("1H", 8, made(110, 7)),
        ("1NT", 8, made(120, 7)),
        ("1NT", 9, made(150, 7)),
        ("3NT", 9, made(400, 9)),
        ("4H", 10, made(420, 10)),
        ("5C", 11, made(400, 11)),
        ("1D", 5, failed(100, 7)),
    ],
)
def test_ebu_is_method_a(contract: str, tricks: int, expected: Score) -> None:
    assert EBU.score(contract, tricks) == expected


# docs/rules.md §4.4's test vectors (ACBL, Method B).
@pytest.mark.parametrize(
    ("contract", "tricks", "expected"),
    [
        ("1D", 8, made(70, 7)),
        ("1H", 8, made(85, 7)),
        *[(part, 5, failed(100, 7)) for part in ("1C", "1D", "1H", "1S", "1NT")],
        ("1NT", 8, made(90, 7)),
        ("1NT", 9, made(100, 7)),
        ("3NT", 9, made(400, 9)),
        ("4H", 10, made(405, 10)),
        ("5C", 11, made(400, 11)),
        # Not in the table, from the same rule: 10 a trick won, ±strain, no part-score bonus.
        ("1C", 7, made(60, 7)),
        ("1S", 13, made(135, 7)),
        ("4S", 9, failed(50, 10)),
        ("5D", 13, made(130 - 10 + 300, 11)),
    ],
)
def test_acbl_vectors(contract: str, tricks: int, expected: Score) -> None:
    assert ACBL.score(contract, tricks) == expected


def test_worked_example_scores() -> None:
    # S declares a spade game: 10 tricks → N–S 420; a part-score → 170;
    # 9 tricks in the game → E–W 50, N–S 0.
    game = EBU.score("4S", 10)
    assert (game.ns_points(Seat.SOUTH), game.ew_points(Seat.SOUTH)) == (420, 0)
    assert EBU.score("1S", 10).ns_points(Seat.SOUTH) == 170
    one_short = EBU.score("4S", 9)
    assert (one_short.ns_points(Seat.SOUTH), one_short.ew_points(Seat.SOUTH)) == (0, 50)
    assert one_short.ns_net(Seat.SOUTH) == -50


@pytest.mark.parametrize(
    ("declarer", "ns_net"),
    [(Seat.NORTH, 420), (Seat.SOUTH, 420), (Seat.EAST, -420), (Seat.WEST, -420)],
)
def test_net_score_is_from_north_souths_side(declarer: Seat, ns_net: int) -> None:
    assert EBU.score("4S", 10).ns_net(declarer) == ns_net
    assert EBU.score("4S", 9).ns_net(declarer) == (-50 if ns_net > 0 else 50)


def test_points_for_a_side() -> None:
    score = EBU.score("3NT", 7)
    assert score.points_for(Side.EW, declarer=Seat.NORTH) == 100
    assert score.points_for(Side.NS, declarer=Seat.NORTH) == 0


@pytest.mark.parametrize(
    ("profile", "contract", "tricks", "expected"),
    [
        ("lesson", "1NT", 7, made(90, 7)),
        ("lesson", "1NT", 10, made(210, 7)),
        ("lesson", "1C", 8, made(130, 7)),  # 50 + 40 a trick, whatever the strain
        ("lesson", "1S", 13, made(330, 7)),
        ("lesson", "1H", 4, failed(150, 7)),
        ("lesson-nt", "1NT", 9, made(170, 7)),
        ("lesson-nt", "1NT", 6, failed(50, 7)),
    ],
)
def test_lesson_scoring(profile: str, contract: str, tricks: int, expected: Score) -> None:
    assert get_profile(profile).score(contract, tricks) == expected


@pytest.mark.parametrize(
    ("profile", "contract", "message"),
    [
        (
            "lesson",
            "4S",
            "'4S' is a game, and the lesson scoring has no games: the target is always "
            "7 tricks; choose a part-score (1C 1D 1H 1S 1NT)",
        ),
        (
            "lesson-nt",
            "3NT",
            "'3NT' is a game, and the lesson scoring has no games: the target is always "
            "7 tricks; choose 1NT",
        ),
        (
            "lesson-nt",
            "1S",
            "'1S' has trumps, and this lesson is played in no trumps only; choose 1NT",
        ),
    ],
)
def test_lessons_refuse_games_and_trumps(profile: str, contract: str, message: str) -> None:
    with pytest.raises(ScoringError) as info:
        get_profile(profile).score(contract, 7)
    assert str(info.value) == message
    assert info.value.code is ErrorCode.CONTRACT_NOT_IN_PROFILE


def test_lesson_contracts() -> None:
    assert [str(c) for c in LessonProfile().contracts()] == ["1C", "1D", "1H", "1S", "1NT"]
    assert [str(c) for c in LessonProfile(nt_only=True).contracts()] == ["1NT"]


@pytest.mark.parametrize(
    ("contract", "tricks", "expected"),
    [
        ("1NT", 7, Score(declarers=7, defenders=6, made=True, target=7)),
        ("1NT", 3, Score(declarers=3, defenders=10, made=False, target=7)),
        ("4S", 9, Score(declarers=9, defenders=4, made=False, target=10)),
        ("5D", 13, Score(declarers=13, defenders=0, made=True, target=11)),
        ("3NT", 0, Score(declarers=0, defenders=13, made=False, target=9)),
    ],
)
def test_tricks_only(contract: str, tricks: int, expected: Score) -> None:
    assert get_profile("tricks").score(contract, tricks) == expected


# docs/rules.md §4.7: combined HCP → target tricks.
SLIDING = {
    21: 7,
    22: 7,
    23: 8,
    24: 8,
    25: 9,
    27: 9,
    28: 10,
    30: 10,
    31: 11,
    33: 11,
    34: 12,
    37: 12,
    38: 13,
    40: 13,
}
FRENCH = {
    21: 7,
    22: 7,
    23: 8,
    24: 8,
    25: 9,
    26: 9,
    27: 10,
    29: 10,
    30: 11,
    32: 11,
    33: 12,
    36: 12,
    37: 13,
    40: 13,
}


@pytest.mark.parametrize(("hcp", "target"), SLIDING.items())
def test_sliding_scale(hcp: int, target: int) -> None:
    assert SLIDING_SCALE.target_for(hcp) == target
    profile = get_profile("target")
    assert profile.score("1S", target, hcp=hcp) == Score(
        declarers=1, defenders=0, made=True, target=target
    )
    assert profile.score("1S", target - 1, hcp=hcp) == Score(
        declarers=0, defenders=1, made=False, target=target
    )


@pytest.mark.parametrize(("hcp", "target"), FRENCH.items())
def test_french_decision_table(hcp: int, target: int) -> None:
    assert FRENCH_DECISION_TABLE.target_for(hcp) == target
    assert get_profile("target-french").score("3NT", target, hcp=hcp).made


def test_target_ignores_the_contract_level() -> None:
    # 26 combined HCP: target 9 on the sliding scale, whether "1S" or "4S" was named.
    assert get_profile("target").score("1S", 9, hcp=26).made
    assert get_profile("target").score("4S", 9, hcp=26).made


def test_target_needs_the_declaring_sides_points() -> None:
    with pytest.raises(ScoringError, match="needs the declaring side's combined HCP") as info:
        get_profile("target").score("1S", 9)
    assert info.value.code is ErrorCode.HCP_REQUIRED
    with pytest.raises(ScoringError, match="cannot hold 20 HCP; it holds from 21 to 40") as info:
        get_profile("target").score("1S", 9, hcp=20)
    assert info.value.code is ErrorCode.HCP_OUT_OF_RANGE


def test_a_custom_target_table() -> None:
    table = TargetTable.from_bands("ours", [(21, 24, 7), (25, 30, 9), (31, 40, 11)])
    assert table.targets() == {h: 7 if h <= 24 else 9 if h <= 30 else 11 for h in range(21, 41)}
    profile = TargetProfile(table)
    assert profile.name == "target-custom"
    assert profile.label == "Target tricks (ours)"
    assert profile.score("1H", 10, hcp=31) == Score(declarers=0, defenders=1, made=False, target=11)


@pytest.mark.parametrize(
    ("bands", "code", "message"),
    [
        (
            [(21, 30, 7), (30, 40, 8)],
            ErrorCode.TARGET_TABLE_OVERLAP,
            "30 HCP has two targets (21–30 HCP → 7 tricks; 30–40 HCP → 8 tricks); "
            "give each count exactly one",
        ),
        (
            [(21, 24, 7), (27, 40, 8)],
            ErrorCode.TARGET_TABLE_GAP,
            "No target for 25, 26 HCP; every count from 21 to 40 needs one",
        ),
        ([], ErrorCode.TARGET_TABLE_GAP, "No target for 21, 22, 23"),
        (
            [(21, 41, 7)],
            ErrorCode.TARGET_TABLE_RANGE,
            "The band 21–41 HCP is not possible; bands run from low to high between 20 and 40 HCP",
        ),
        ([(19, 40, 7)], ErrorCode.TARGET_TABLE_RANGE, "The band 19–40 HCP is not possible"),
        ([(30, 21, 7)], ErrorCode.TARGET_TABLE_RANGE, "The band 30–21 HCP is not possible"),
        (
            [(21, 40, 6)],
            ErrorCode.TARGET_TABLE_TRICKS,
            "A target of 6 tricks for 21–40 HCP is not allowed; a target is from 7 to 13 tricks",
        ),
        ([(21, 30, 7), (31, 40, 14)], ErrorCode.TARGET_TABLE_TRICKS, "A target of 14 tricks"),
    ],
)
def test_a_target_table_gives_every_count_exactly_one_target(
    bands: list[tuple[int, int, int]], code: ErrorCode, message: str
) -> None:
    with pytest.raises(ScoringError) as info:
        TargetTable.from_bands("ours", bands)
    assert str(info.value).startswith(message)
    assert info.value.code is code


def test_the_registry() -> None:
    assert list(PROFILES) == [
        "ebu",
        "ebu-slam",
        "acbl",
        "lesson",
        "lesson-nt",
        "tricks",
        "target",
        "target-french",
    ]
    for name, profile in PROFILES.items():
        assert profile.name == name
        assert get_profile(name) is profile
    assert get_profile() is PROFILES["ebu"]
    assert get_profile(" EBU ") is PROFILES["ebu"]
    assert get_profile(EBU_SLAM) is EBU_SLAM
    assert PROFILES["ebu-slam"] == EBU_SLAM
    assert PROFILES["tricks"].unit is ScoreUnit.TRICKS
    assert PROFILES["target"].unit is ScoreUnit.DEALS
    assert PROFILES["acbl"].unit is ScoreUnit.POINTS
    with pytest.raises(TypeError):
        PROFILES["mine"] = EBU  # type: ignore[index]


def test_an_unknown_profile() -> None:
    with pytest.raises(ScoringError) as info:
        get_profile("rubber")
    assert str(info.value) == (
        "'rubber' is not a scoring profile; choose one of ebu, ebu-slam, acbl, lesson, "
        "lesson-nt, tricks, target, target-french"
    )
    assert info.value.code is ErrorCode.PROFILE_UNKNOWN


@pytest.mark.parametrize("name", [n for n in PROFILES if n != "ebu-slam"])
def test_slams_are_off_except_in_the_slam_variant(name: str) -> None:
    with pytest.raises(ScoringError, match="the slam variant is off") as info:
        get_profile(name).score("6S", 12, hcp=33)
    assert info.value.code is ErrorCode.CONTRACT_SLAM_OFF
    with pytest.raises(ScoringError, match="the slam variant is off"):
        get_profile(name).score(Contract.parse("6S", slams=True), 12, hcp=33)


@pytest.mark.parametrize("tricks", [-1, 14, 100])
@pytest.mark.parametrize("name", list(PROFILES))
def test_tricks_outside_0_to_13(name: str, tricks: int) -> None:
    with pytest.raises(ScoringError) as info:
        get_profile(name).score("1NT", tricks, hcp=25)
    assert (
        str(info.value) == f"Declarer cannot win {tricks} tricks; the number must be from 0 to 13"
    )
    assert info.value.code is ErrorCode.TRICKS_OUT_OF_RANGE


# Hypothesis properties over the profiles that score points for contracts.
POINT_PROFILES = [PROFILES[name] for name in ("ebu", "ebu-slam", "acbl", "lesson", "lesson-nt")]


@st.composite
def contracts_in(draw: st.DrawFn, profiles: list[Profile]) -> tuple[Profile, Contract]:
    profile = draw(st.sampled_from(profiles))
    return profile, draw(st.sampled_from(profile.contracts()))


tricks = st.integers(min_value=0, max_value=13)


@given(contracts_in(POINT_PROFILES), tricks)
def test_made_gives_defenders_nothing_failed_gives_declarers_nothing(
    chosen: tuple[Profile, Contract], won: int
) -> None:
    profile, contract = chosen
    score = profile.score(contract, won)
    assert score.made is (won >= contract.target)
    if score.made:
        assert score.defenders == 0
        assert score.declarers > 0
    else:
        assert score.declarers == 0
        assert score.defenders == 50 * (contract.target - won)


@given(
    contracts_in(list(PROFILES.values())),
    st.integers(min_value=0, max_value=12),
    st.integers(21, 40),
)
def test_more_tricks_never_score_less(chosen: tuple[Profile, Contract], won: int, hcp: int) -> None:
    profile, contract = chosen
    fewer = profile.score(contract, won, hcp=hcp)
    more = profile.score(contract, won + 1, hcp=hcp)
    assert more.declarers >= fewer.declarers
    assert more.defenders <= fewer.defenders


@given(contracts_in(list(PROFILES.values())), tricks, st.sampled_from(list(Seat)))
def test_net_scores_of_the_two_sides_mirror(
    chosen: tuple[Profile, Contract], won: int, declarer: Seat
) -> None:
    profile, contract = chosen
    score = profile.score(contract, won, hcp=30)
    assert score.ns_net(declarer) == -score.ns_net(declarer.next)
    assert score.ns_net(declarer) == score.ns_net(declarer.partner)


@pytest.mark.parametrize("tricks", ["10", 10.0, True, None])
def test_tricks_must_be_a_whole_number(tricks: object) -> None:
    with pytest.raises(
        ScoringError, match="is not a number of tricks; give a whole number from 0 to 13"
    ):
        EBU.score("4S", tricks)  # type: ignore[arg-type]


# A teacher's own target table travels as text (the session stores it, PBN names it).


@given(
    cuts=st.lists(st.integers(min_value=21, max_value=39), unique=True, max_size=6),
    start=st.sampled_from([20, 21]),
    first=st.integers(min_value=7, max_value=13),
)
def test_a_target_table_comes_back_from_its_key(cuts: list[int], start: int, first: int) -> None:
    edges = [start, *sorted(cuts), 40]
    bands = [
        (low if index == 0 else low + 1, high, min(13, first + index))
        for index, (low, high) in enumerate(itertools.pairwise(edges))
    ]
    profile = TargetProfile(TargetTable.from_bands("ours", bands))
    again = get_profile(profile.key)
    assert isinstance(again, TargetProfile)
    assert again.table.targets() == profile.table.targets()
    assert again.key == profile.key


@given(
    cuts=st.lists(st.integers(min_value=21, max_value=39), unique=True, max_size=6),
    first=st.integers(min_value=7, max_value=13),
    name=st.sampled_from(["target", "target-french", "ebu", "lesson"]),
)
def test_the_profile_a_scorings_settings_choose_is_the_one_its_key_names(
    cuts: list[int], first: int, name: str
) -> None:
    edges = [21, *sorted(cuts), 40]
    bands = [
        (low if index == 0 else low + 1, high, min(13, first + index))
        for index, (low, high) in enumerate(itertools.pairwise(edges))
    ]
    profile = profile_for(name, bands)
    assert get_profile(profile.key) == profile
    if name.startswith("target"):
        assert isinstance(profile, TargetProfile)
        assert profile.table.targets() == TargetTable.from_bands("", bands).targets()
    else:
        assert profile == PROFILES[name]  # the table waits for a target scoring
    assert profile_for(name) == PROFILES[name]


@pytest.mark.parametrize(
    ("table", "key"),
    [(SLIDING_SCALE, "target"), (FRENCH_DECISION_TABLE, "target-french")],
)
def test_a_published_tables_key_is_its_name_whatever_it_is_called(
    table: TargetTable, key: str
) -> None:
    assert TargetProfile(TargetTable.parse(table.spec)).key == key
    assert is_target_profile(key)
    assert not is_target_profile("ebu")
    assert get_profile("ebu").key == "ebu"


@pytest.mark.parametrize("spec", ["", "21-40", "21-40:x", "21-40:7;", "twenty-one"])
def test_a_target_key_that_is_not_a_table_is_refused(spec: str) -> None:
    with pytest.raises(ScoringError) as info:
        get_profile("target:" + spec)
    assert info.value.code is ErrorCode.PROFILE_UNKNOWN


def test_every_problem_of_a_target_table_is_listed() -> None:
    problems = target_table_problems(
        TargetBand(*band) for band in [(21, 24, 7), (23, 26, 8), (19, 20, 9), (30, 40, 14)]
    )
    assert [(p.code, p.params) for p in problems] == [
        (ErrorCode.TARGET_TABLE_OVERLAP, {"hcp": 23, "low": 23, "high": 24, "tricks": (7, 8)}),
        (ErrorCode.TARGET_TABLE_RANGE, {"low": 19, "high": 20}),
        (ErrorCode.TARGET_TABLE_TRICKS, {"low": 30, "high": 40, "tricks": 14}),
        (ErrorCode.TARGET_TABLE_GAP, {"missing": [27, 28, 29]}),
    ]
    assert target_table_problems(SLIDING_SCALE.bands) == []
