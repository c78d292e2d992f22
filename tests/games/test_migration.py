"""The four-deal game moved from ``tournaments`` to ``games`` without moving its data:
a database with games in it, migrated from the state before the move
(``tournaments.0012``) to the latest, shows the same games through ``games.models``,
in the same tables; and back again."""

from __future__ import annotations

import pytest
from django.contrib.admin.models import ADDITION, LogEntry
from django.contrib.auth.models import AbstractUser
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.state import StateApps

from games import selectors
from games.models import FourDealDeal, FourDealGame, FourDealTable
from scoring.cards import Seat

BEFORE = [("tournaments", "0012_board_set_analysis_updated_at")]
TABLES = ["tournaments_fourdealgame", "tournaments_fourdealtable", "tournaments_fourdealdeal"]


def migrate_to(targets: list[tuple[str, str]]) -> StateApps:
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def latest() -> list[tuple[str, str]]:
    nodes: list[tuple[str, str]] = MigrationExecutor(connection).loader.graph.leaf_nodes()
    return nodes


@pytest.mark.django_db(transaction=True)
def test_a_game_played_before_the_move_reads_the_same_through_the_games_app(
    alice: AbstractUser,
) -> None:
    apps = migrate_to(BEFORE)
    with pytest.raises(LookupError):
        apps.get_model("games", "FourDealGame")
    OldClass = apps.get_model("tournaments", "SchoolClass")
    OldGame = apps.get_model("tournaments", "FourDealGame")
    OldTable = apps.get_model("tournaments", "FourDealTable")
    OldDeal = apps.get_model("tournaments", "FourDealDeal")
    school_class = OldClass.objects.create(teacher_id=alice.pk, name="6B")
    game = OldGame.objects.create(school_class=school_class, seed="moved", cards="real")
    table = OldTable.objects.create(
        game=game, number=1, token="printed-last-week", north="Anna", players="four"
    )
    OldDeal.objects.create(
        table=table,
        sequence=1,
        dealer="N",
        north_hcp=15,
        east_hcp=5,
        south_hcp=10,
        west_hcp=10,
        contract="3NT",
        tricks_won=9,
    )
    # The admin's history of the game, as a database migrated before the move has it
    # (the tables of both are the same before and after; going back moved any content
    # type the games app had to tournaments).
    assert not ContentType.objects.filter(app_label="games")
    old_type, _ = ContentType.objects.get_or_create(app_label="tournaments", model="fourdealgame")
    LogEntry.objects.create(
        user_id=alice.pk,
        content_type_id=old_type.pk,
        object_id=str(game.pk),
        object_repr="6B",
        action_flag=ADDITION,
    )

    migrate_to(latest())
    ContentType.objects.clear_cache()

    assert set(TABLES) <= set(connection.introspection.table_names())
    assert not [name for name in connection.introspection.table_names() if "games_" in name]
    moved = FourDealGame.objects.get(pk=game.pk)
    assert (moved.school_class_id, moved.seed, moved.cards) == (school_class.pk, "moved", "real")
    assert list(school_class_games(school_class.pk)) == [game.pk]
    found = FourDealTable.objects.get(token="printed-last-week")
    assert (found.game_id, found.north) == (game.pk, "Anna")
    deal = FourDealDeal.objects.get(table=found)
    assert deal.points == {Seat.NORTH: 15, Seat.EAST: 5, Seat.SOUTH: 10, Seat.WEST: 10}
    # The moved game plays on: its table's state reads from the same rows.
    state = selectors.table_state(found)
    assert [row.sequence for row in state.rows] == [1]
    # The content type moved with the model: the admin's history still finds the game.
    entry = LogEntry.objects.get(object_id=str(game.pk))
    assert entry.content_type_id == old_type.pk
    assert entry.get_edited_object() == moved
    assert ContentType.objects.get_for_model(FourDealGame).pk == old_type.pk
    assert not ContentType.objects.filter(app_label="tournaments", model__startswith="fourdeal")

    # And back: the rows stay where they are, read through the old app's state again.
    apps = migrate_to(BEFORE)
    assert apps.get_model("tournaments", "FourDealTable").objects.get(pk=found.pk).north == "Anna"
    assert ContentType.objects.get(pk=old_type.pk).app_label == "tournaments"
    migrate_to(latest())
    FourDealGame.objects.all().delete()


def school_class_games(class_id: int) -> list[int]:
    return list(FourDealGame.objects.filter(school_class_id=class_id).values_list("pk", flat=True))
