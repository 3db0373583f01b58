"""Shared helpers: a fixed deal, tables by dealer, and calls written as ``N:1S E:P``."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from dupbridge import Board, Deal, Edition, Seat, Table

# No timing thresholds in tests: Hypothesis's per-example deadline fails at random on a
# loaded machine (speed is measured by benchmarks/).
settings.register_profile("dupbridge", deadline=None)
settings.load_profile("dupbridge")

DEAL = Deal.from_pbn(
    "N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ"
)
BOARD_OF_DEALER = {Seat.NORTH: 1, Seat.EAST: 2, Seat.SOUTH: 3, Seat.WEST: 4}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``long`` run only with DUPBRIDGE_LONG=1."""
    if os.environ.get("DUPBRIDGE_LONG") == "1":
        return
    skip = pytest.mark.skip(reason="a long test: run it with DUPBRIDGE_LONG=1")
    for item in items:
        if "long" in item.keywords:
            item.add_marker(skip)


def table_for(edition: Edition, dealer: str = "N") -> Table:
    """A table on the fixed deal, on a board whose dealer (Law 2) is ``dealer``."""
    return Table(Board(BOARD_OF_DEALER[Seat.parse(dealer)], DEAL), edition=edition)


def act(table: Table, script: str) -> None:
    """Make the calls of ``script``, each written ``SEAT:CALL``."""
    for token in script.split():
        seat, call = token.split(":")
        table.call(seat, call)


def auction_text(table: Table) -> str:
    return str(table.state.current_auction)


@pytest.fixture(params=list(Edition), ids=lambda e: e.value)
def edition(request: pytest.FixtureRequest) -> Edition:
    """Both editions, where the Laws agree."""
    return request.param  # type: ignore[no-any-return]


# The store tests run on SQLite and on PostgreSQL (tests/postgres.py starts a throw-away
# server; they skip only where PostgreSQL cannot be installed at all).


@pytest.fixture(scope="session")
def postgres_admin_url() -> Iterator[str]:
    import pg_server as postgres

    postgres.install()
    if postgres.binaries() is None:
        pytest.skip("PostgreSQL is not installed and could not be installed here "
                    "(tools/install-postgres needs root and apt-get)")
    with postgres.server() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database of each kind the store supports."""
    if request.param == "sqlite":
        return str(tmp_path / "club.db")
    import pg_server as postgres

    admin = request.getfixturevalue("postgres_admin_url")
    name = "t_" + "".join(c if c.isalnum() else "_" for c in request.node.name)[-50:].lower()
    return postgres.new_database(admin, name)
