"""The queries of a table's result save, written once in SQL.

A table saving a result is the one request a whole class sends at the same moment, and
its goal is to cost at most twice a bare one-row insert (bench/bench_entry.py). Measured
on SQLite, building a query in the ORM costs ten times running it: 0.35 ms against
0.02 ms for the table lookup, 0.7 ms for saving a result against 0.04 ms for the
INSERT. So the four reads and the one write of a save are written here as plain SQL;
everything else in the site uses the ORM.

The SQL is portable (SQLite and PostgreSQL, both tested in CI). Table and column names
come from the models' ``_meta``, rows become model instances with the database's own
converters applied (SQLite's dates and booleans), exactly as the ORM makes them, and the
insert prepares its values with each field's ``pre_save``/``get_db_prep_save`` as
``Model.save()`` does. A renamed field breaks these queries loudly in the tests.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from django.db import connection, transaction
from django.db.models import Field, Model

from scoring.movements import Entry as MovementEntry
from tournaments.models import Board, Pair, Result, Session, Table

M = TypeVar("M", bound=Model)


def _q(name: str) -> str:
    return connection.ops.quote_name(name)


def _table(model: type[Model]) -> str:
    return _q(model._meta.db_table)


def _column(model: type[Model], name: str) -> str:
    return _q(model._meta.get_field(name).column)


def _columns(model: type[Model], alias: str) -> str:
    """Every column of ``model``, in field order (what :func:`_instance` reads)."""
    return ", ".join(f"{alias}.{_q(field.column)}" for field in model._meta.concrete_fields)


@functools.cache
def _converted_fields(vendor: str, model: type[Model]) -> tuple[tuple[int, Any], ...]:
    """(position, column) of the fields whose values this database hands back in
    another type (SQLite: dates, datetimes, booleans); PostgreSQL has none here."""
    found = []
    for position, field in enumerate(model._meta.concrete_fields):
        column = field.get_col(model._meta.db_table)
        if connection.ops.get_db_converters(column) or field.get_db_converters(connection):
            found.append((position, column))
    return tuple(found)


def _instance(model: type[M], row: Sequence[Any], start: int = 0) -> M:
    """A model instance from ``row[start:]``, as the ORM would make it."""
    fields = model._meta.concrete_fields
    values = list(row[start : start + len(fields)])
    for position, column in _converted_fields(connection.vendor, model):
        for convert in [
            *connection.ops.get_db_converters(column),
            *column.get_db_converters(connection),
        ]:
            values[position] = convert(values[position], column, connection)
    return model.from_db(connection.alias, [field.attname for field in fields], values)


def _partial(model: type[M], **values: object) -> M:
    """An instance with only these fields loaded (the others load on first use, as
    with ``QuerySet.only``)."""
    names = [field.attname for field in model._meta.concrete_fields if field.attname in values]
    return model.from_db(connection.alias, names, [values[name] for name in names])


def _rows(sql: str, params: Sequence[object]) -> list[tuple[Any, ...]]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


# --------------------------------------------------------------------------- reads
# Each statement is built once per database vendor (the quoting of names is the
# vendor's), then only run.


@dataclass(frozen=True)
class TableAtWork:
    """A table found by its link, with its session, the number of pairs in the session
    (the movement is built from it) and the board the request is about, if any."""

    table: Table
    pair_count: int
    board: Board | None = None

    @property
    def session(self) -> Session:
        return self.table.session


@functools.cache
def _table_by_token_sql(vendor: str) -> str:
    board_set = _column(Board, "board_set")
    return (
        f"SELECT {_columns(Session, 's')},"
        f" t.{_column(Table, 'id')}, t.{_column(Table, 'number')},"
        f" (SELECT COUNT(*) FROM {_table(Pair)} p"
        f" WHERE p.{_column(Pair, 'session')} = s.{_column(Session, 'id')}),"
        f" {_columns(Board, 'b')}"
        f" FROM {_table(Table)} t"
        f" INNER JOIN {_table(Session)} s"
        f" ON s.{_column(Session, 'id')} = t.{_column(Table, 'session')}"
        f" LEFT OUTER JOIN {_table(Board)} b"
        f" ON b.{board_set} = s.{_column(Session, 'board_set')}"
        f" AND b.{_column(Board, 'number')} = %s"
        f" WHERE t.{_column(Table, 'token')} = %s"
    )


def table_by_token(token: str, *, board_number: int | None = None) -> TableAtWork | None:
    """The table with this link, its session, the session's pair count and (given its
    number) one board of the session's set: one query."""
    rows = _rows(_table_by_token_sql(connection.vendor), [board_number, token])
    if not rows:
        return None
    row = rows[0]
    session = _instance(Session, row)
    after = len(Session._meta.concrete_fields)
    table_id, table_number, pair_count = row[after : after + 3]
    table = _partial(Table, id=table_id, session_id=session.pk, number=table_number, token=token)
    table.session = session
    board = _instance(Board, row, after + 3) if row[after + 3] is not None else None
    return TableAtWork(table=table, pair_count=int(pair_count), board=board)


@functools.cache
def _results_at_table_sql(vendor: str, with_key: bool) -> str:
    return (
        f"SELECT {_columns(Result, 'r')} FROM {_table(Result)} r"
        f" WHERE r.{_column(Result, 'table')} = %s"
        f" AND ((r.{_column(Result, 'round')} = %s AND r.{_column(Result, 'board_number')} = %s)"
        + (f" OR r.{_column(Result, 'idempotency_key')} = %s" if with_key else "")
        + ")"
    )


def results_at_table(
    table: Table, *, round_: int, board_number: int, idempotency_key: str = ""
) -> list[Result]:
    """This table's result for the board in this round, and any result sent with this
    form's key (a double tap, a retry): at most two rows, one query."""
    params: list[object] = [table.pk, round_, board_number]
    if idempotency_key:
        params.append(idempotency_key)
    sql = _results_at_table_sql(connection.vendor, bool(idempotency_key))
    return [_instance(Result, row) for row in _rows(sql, params)]


@functools.cache
def _entry_pairs_sql(vendor: str, count: int) -> str:
    match = " OR ".join(
        [f"(p.{_column(Pair, 'line')} = %s AND p.{_column(Pair, 'number')} = %s)"] * count
    )
    return (
        f"SELECT {_columns(Pair, 'p')} FROM {_table(Pair)} p"
        f" WHERE p.{_column(Pair, 'session')} = %s AND ({match})"
    )


def entry_pairs(session: Session, entry: MovementEntry) -> list[Pair]:
    """The (at most two) pairs of a movement entry, without their pupils."""
    wanted = [ident for ident in (entry.ns_pair, entry.ew_pair) if ident is not None]
    if not wanted:
        return []
    params: list[object] = [session.pk]
    for ident in wanted:
        params += [ident.direction.value if ident.direction else "", ident.number]
    sql = _entry_pairs_sql(connection.vendor, len(wanted))
    return [_instance(Pair, row) for row in _rows(sql, params)]


@functools.cache
def _board_sql(vendor: str) -> str:
    return (
        f"SELECT {_columns(Board, 'b')} FROM {_table(Board)} b"
        f" WHERE b.{_column(Board, 'board_set')} = %s AND b.{_column(Board, 'number')} = %s"
    )


def board(board_set_id: int | None, number: int) -> Board:
    """A board of a set (Board.DoesNotExist if the set has no such board)."""
    for row in _rows(_board_sql(connection.vendor), [board_set_id, number]):
        return _instance(Board, row)
    raise Board.DoesNotExist(f"No board {number} in board set {board_set_id}")


@functools.cache
def _board_results_sql(vendor: str, agreed_only: bool) -> str:
    pair_id, table_id = _column(Pair, "id"), _column(Table, "id")
    return (
        f"SELECT {_columns(Result, 'r')}, t.{_column(Table, 'number')},"
        f" np.{_column(Pair, 'number')}, np.{_column(Pair, 'line')},"
        f" ep.{_column(Pair, 'number')}, ep.{_column(Pair, 'line')}"
        f" FROM {_table(Result)} r"
        f" INNER JOIN {_table(Table)} t ON t.{table_id} = r.{_column(Result, 'table')}"
        f" INNER JOIN {_table(Pair)} np ON np.{pair_id} = r.{_column(Result, 'ns_pair')}"
        f" INNER JOIN {_table(Pair)} ep ON ep.{pair_id} = r.{_column(Result, 'ew_pair')}"
        f" WHERE r.{_column(Result, 'session')} = %s AND r.{_column(Result, 'board_number')} = %s"
        + (f" AND r.{_column(Result, 'agreed')} = %s" if agreed_only else "")
        + f" ORDER BY r.{_column(Result, 'round')}, t.{_column(Table, 'number')}"
    )


def board_results(
    session: Session, board_number: int, *, agreed_only: bool = False
) -> list[Result]:
    """Every result on a board of a session, by round and table, each with its table and
    pairs' numbers loaded (what a traveller shows)."""
    params: list[object] = [session.pk, board_number]
    if agreed_only:
        params.append(True)
    after = len(Result._meta.concrete_fields)
    found = []
    for row in _rows(_board_results_sql(connection.vendor, agreed_only), params):
        result = _instance(Result, row)
        table_number, ns_number, ns_line, ew_number, ew_line = row[after:]
        result.session = session
        result.table = _partial(
            Table, id=result.table_id, session_id=session.pk, number=table_number
        )
        result.ns_pair = _partial(
            Pair, id=result.ns_pair_id, session_id=session.pk, number=ns_number, line=ns_line
        )
        result.ew_pair = _partial(
            Pair, id=result.ew_pair_id, session_id=session.pk, number=ew_number, line=ew_line
        )
        found.append(result)
    return found


# --------------------------------------------------------------------------- write


@functools.cache
def _insert_sql(vendor: str, model: type[Model]) -> tuple[str, tuple[Field[Any, Any], ...]]:
    pk = model._meta.pk
    assert pk is not None
    fields = tuple(field for field in model._meta.concrete_fields if field is not pk)
    sql = (
        f"INSERT INTO {_table(model)} ({', '.join(_q(field.column) for field in fields)})"
        f" VALUES ({', '.join(['%s'] * len(fields))})"
    )
    if connection.features.can_return_columns_from_insert:
        sql += f" RETURNING {_q(pk.column)}"
    return sql, fields


def insert(instance: Model) -> None:
    """INSERT a new row for ``instance`` as ``instance.save()`` would (defaults,
    auto_now fields, the new primary key; no signals, none are used), in one short
    transaction (a savepoint inside a caller's): the values are prepared before it
    begins, so the write lock is held only for the statement. An IntegrityError is
    Django's own, as from ``save()``."""
    assert instance.pk is None
    sql, fields = _insert_sql(connection.vendor, type(instance))
    values = [
        field.get_db_prep_save(field.pre_save(instance, add=True), connection=connection)
        for field in fields
    ]
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(sql, values)
        if connection.features.can_return_columns_from_insert:
            new_pk = cursor.fetchone()[0]
        else:  # pragma: no cover - SQLite before 3.35
            new_pk = cursor.lastrowid
    instance.pk = new_pk
    instance._state.adding = False
    instance._state.db = connection.alias
