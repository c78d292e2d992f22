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
SQLite must be 3.35 or newer (INSERT ... RETURNING): a system check says so at start-up.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from django.core.exceptions import ImproperlyConfigured
from django.db import DEFAULT_DB_ALIAS, connection, connections, transaction
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Field, Model

from scoring.movements import PairId
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


def _db() -> BaseDatabaseWrapper:
    """This thread's connection itself (``connection`` is a proxy that looks it up on
    each attribute, which adds up over the columns of a row)."""
    return connections[DEFAULT_DB_ALIAS]


@functools.cache
def _attnames(model: type[Model]) -> list[str]:
    return [field.attname for field in model._meta.concrete_fields]


def _instance(model: type[M], row: Sequence[Any], start: int = 0, db: Any = None) -> M:
    """A model instance from ``row[start:]``, as the ORM would make it."""
    db = db or _db()
    values = list(row[start : start + len(model._meta.concrete_fields)])
    for position, column in _converted_fields(db.vendor, model):
        value = values[position]
        for convert in [*db.ops.get_db_converters(column), *column.get_db_converters(db)]:
            value = convert(value, column, db)
        values[position] = value
    return model.from_db(db.alias, _attnames(model), values)


def _partial(model: type[M], db: Any = None, **values: object) -> M:
    """An instance with only these fields loaded (the others load on first use, as
    with ``QuerySet.only``)."""
    names = [name for name in _attnames(model) if name in values]
    return model.from_db((db or _db()).alias, names, [values[name] for name in names])


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
    (the movement is built from it), the board the request is about, if any, and when
    asked the results on that board so far (a traveller's rows, before this save)."""

    table: Table
    pair_count: int
    board: Board | None = None
    board_results: tuple[Result, ...] = ()

    @property
    def session(self) -> Session:
        return self.table.session


def _traveller_columns() -> str:
    """A result's columns, then its table's number and its pairs' numbers and lines."""
    return (
        f"{_columns(Result, 'r')}, rt.{_column(Table, 'number')},"
        f" np.{_column(Pair, 'number')}, np.{_column(Pair, 'line')},"
        f" ep.{_column(Pair, 'number')}, ep.{_column(Pair, 'line')}"
    )


def _traveller_joins(join: str) -> str:
    pair_id = _column(Pair, "id")
    return (
        f" {join} {_table(Table)} rt ON rt.{_column(Table, 'id')} = r.{_column(Result, 'table')}"
        f" {join} {_table(Pair)} np ON np.{pair_id} = r.{_column(Result, 'ns_pair')}"
        f" {join} {_table(Pair)} ep ON ep.{pair_id} = r.{_column(Result, 'ew_pair')}"
    )


def _traveller_row(session: Session, row: Sequence[Any], start: int, db: Any) -> Result:
    result = _instance(Result, row, start, db)
    after = start + len(Result._meta.concrete_fields)
    table_number, ns_number, ns_line, ew_number, ew_line = row[after : after + 5]
    result.session = session
    result.table = _partial(
        Table, db, id=result.table_id, session_id=session.pk, number=table_number
    )
    result.ns_pair = _partial(
        Pair, db, id=result.ns_pair_id, session_id=session.pk, number=ns_number, line=ns_line
    )
    result.ew_pair = _partial(
        Pair, db, id=result.ew_pair_id, session_id=session.pk, number=ew_number, line=ew_line
    )
    return result


@functools.cache
def _table_by_token_sql(vendor: str, with_results: bool) -> str:
    session_id = f"s.{_column(Session, 'id')}"
    sql = (
        f"SELECT {_columns(Session, 's')},"
        f" t.{_column(Table, 'id')}, t.{_column(Table, 'number')},"
        f" (SELECT COUNT(*) FROM {_table(Pair)} p"
        f" WHERE p.{_column(Pair, 'session')} = {session_id}),"
        f" {_columns(Board, 'b')}"
        + (f", {_traveller_columns()}" if with_results else "")
        + f" FROM {_table(Table)} t"
        f" INNER JOIN {_table(Session)} s ON {session_id} = t.{_column(Table, 'session')}"
        f" LEFT OUTER JOIN {_table(Board)} b"
        f" ON b.{_column(Board, 'board_set')} = s.{_column(Session, 'board_set')}"
        f" AND b.{_column(Board, 'number')} = %s"
    )
    if with_results:
        sql += (
            f" LEFT OUTER JOIN {_table(Result)} r ON r.{_column(Result, 'session')} = {session_id}"
            f" AND r.{_column(Result, 'board_number')} = %s" + _traveller_joins("LEFT OUTER JOIN")
        )
    sql += f" WHERE t.{_column(Table, 'token')} = %s"
    if with_results:
        sql += f" ORDER BY r.{_column(Result, 'round')}, rt.{_column(Table, 'number')}"
    return sql


def table_by_token(
    token: str, *, board_number: int | None = None, with_results: bool = False
) -> TableAtWork | None:
    """The table with this link, its session, the session's pair count and (given its
    number) one board of the session's set, and with ``with_results`` the results on
    that board so far: one query."""
    params: list[object] = [board_number]
    if with_results:
        params.append(board_number)
    rows = _rows(_table_by_token_sql(connection.vendor, with_results), [*params, token])
    if not rows:
        return None
    row, db = rows[0], _db()
    session = _instance(Session, row, 0, db)
    after = len(Session._meta.concrete_fields)
    table_id, table_number, pair_count = row[after : after + 3]
    table = _partial(
        Table, db, id=table_id, session_id=session.pk, number=table_number, token=token
    )
    table.session = session
    board_at = after + 3
    board = _instance(Board, row, board_at, db) if row[board_at] is not None else None
    results_at = board_at + len(Board._meta.concrete_fields)
    found: tuple[Result, ...] = ()
    if with_results and row[results_at] is not None:
        found = tuple(_traveller_row(session, each, results_at, db) for each in rows)
    return TableAtWork(table=table, pair_count=int(pair_count), board=board, board_results=found)


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
    return (
        f"SELECT {_traveller_columns()} FROM {_table(Result)} r"
        + _traveller_joins("INNER JOIN")
        + f" WHERE r.{_column(Result, 'session')} = %s"
        f" AND r.{_column(Result, 'board_number')} = %s"
        + (f" AND r.{_column(Result, 'agreed')} = %s" if agreed_only else "")
        + f" ORDER BY r.{_column(Result, 'round')}, rt.{_column(Table, 'number')}"
    )


def board_results(
    session: Session, board_number: int, *, agreed_only: bool = False
) -> list[Result]:
    """Every result on a board of a session, by round and table, each with its table and
    pairs' numbers loaded (what a traveller shows)."""
    params: list[object] = [session.pk, board_number]
    if agreed_only:
        params.append(True)
    sql = _board_results_sql(connection.vendor, agreed_only)
    db = _db()
    return [_traveller_row(session, row, 0, db) for row in _rows(sql, params)]


# --------------------------------------------------------------------------- write


@functools.cache
def _insert_result_sql(vendor: str) -> tuple[str, tuple[Field[Any, Any], ...]]:
    """INSERT a result whose session is taken only while it runs in the result's round,
    and whose two pairs are found by their names, in the same statement (a session
    that has moved on, or a pair that has stopped playing, is not found: its column
    stays NULL, which the table refuses)."""
    pk = Result._meta.pk
    assert pk is not None
    fields = tuple(field for field in Result._meta.concrete_fields if field is not pk)
    find_pair = (
        f"(SELECT p.{_column(Pair, 'id')} FROM {_table(Pair)} p"
        f" WHERE p.{_column(Pair, 'session')} = %s AND p.{_column(Pair, 'line')} = %s"
        f" AND p.{_column(Pair, 'number')} = %s"
        f" AND (p.{_column(Pair, 'withdrawn_from_round')} IS NULL"
        f" OR p.{_column(Pair, 'withdrawn_from_round')} > %s))"
    )
    find_session = (
        f"(SELECT s.{_column(Session, 'id')} FROM {_table(Session)} s"
        f" WHERE s.{_column(Session, 'id')} = %s AND s.{_column(Session, 'state')} = %s"
        f" AND s.{_column(Session, 'current_round')} = %s)"
    )
    values = [
        find_pair
        if field.name in PAIR_FIELDS
        else find_session
        if field.name == "session"
        else "%s"
        for field in fields
    ]
    sql = (
        f"INSERT INTO {_table(Result)} ({', '.join(_q(field.column) for field in fields)})"
        f" VALUES ({', '.join(values)})"
    )
    # SQLite 3.35+ (checked at start-up: tournaments/checks.py) and PostgreSQL.
    if not connection.features.can_return_columns_from_insert:
        raise ImproperlyConfigured("The database cannot return the id of a new row.")
    pairs = ", ".join(_column(Result, name) for name in PAIR_FIELDS)
    return f"{sql} RETURNING {_q(pk.column)}, {pairs}", fields


PAIR_FIELDS = {"ns_pair": "ns", "ew_pair": "ew"}


def insert_result(result: Result, *, ns: PairId, ew: PairId) -> None:
    """INSERT a new result as ``result.save()`` would (defaults, auto_now fields, the new
    primary key; no signals, none are used), finding its N–S and E–W pairs by their
    names in the movement within the same statement. The values are prepared first, so
    the write lock is held for the one statement alone; it is its own transaction (a
    savepoint inside a caller's, so a refused row leaves that transaction usable).

    IntegrityError (Django's own, as from ``save()``) when the table already has this
    board or this form, when the session is no longer running in this round, or when a
    pair is not playing in it."""
    assert result.pk is None
    db = _db()
    sql, fields = _insert_result_sql(db.vendor)
    names = {"ns": ns, "ew": ew}
    values: list[object] = []
    for field in fields:
        if field.name == "session":
            values += [result.session_id, Session.State.RUNNING.value, result.round]
        elif field.name in PAIR_FIELDS:
            pair = names[PAIR_FIELDS[field.name]]
            line = pair.direction.value if pair.direction else ""
            values += [result.session_id, line, pair.number, result.round]
        else:
            value = field.pre_save(result, add=True)
            values.append(field.get_db_prep_save(value, connection=db))
    with (
        transaction.atomic() if db.in_atomic_block else contextlib.nullcontext(),
        db.cursor() as cursor,
    ):
        cursor.execute(sql, values)
        new_pk, ns_pk, ew_pk = cursor.fetchone()
    result.pk = new_pk
    result._state.adding = False
    result._state.db = db.alias
    for field, pair, pk in (("ns_pair", ns, ns_pk), ("ew_pair", ew, ew_pk)):
        line = pair.direction.value if pair.direction else ""
        found = _partial(
            Pair, db, id=pk, session_id=result.session_id, number=pair.number, line=line
        )
        setattr(result, field, found)
