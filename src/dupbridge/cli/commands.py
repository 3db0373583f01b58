"""``dupbridge``'s Typer app: boards, deals, scores, the law coverage and a demonstration
board, with the groups of commands of the other ``cli`` modules.

Heavy modules are imported inside the commands, and the Rich console is made on first use,
so a command pays for what it uses (``benchmarks/startup.py`` measures the start-up). A
command that writes something a program reads (a PBN deal) writes it raw, never through
Rich, which would wrap long lines at a narrow terminal.
"""

# No ``from __future__ import annotations``: Typer reads every command's annotations at
# start-up, and evaluating them from strings is a good part of ``--help``'s time.
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, ClassVar

import typer
import typer.main
from typer.core import TyperGroup

from dupbridge.cli.failure import error_line
from dupbridge.cli.failure import fail as _fail

if TYPE_CHECKING:
    from rich.console import Console

    # Typer vendors Click; TyperGroup's methods take and give its classes.
    from typer import _click as click


def _event_app() -> typer.Typer:
    # Importing these modules registers their commands into ``event_app``, in this order
    # (preparation, the session's commands, publishing, reports), which is --help's order.
    from dupbridge.cli import event_kinds, event_publish, event_reports  # noqa: F401
    from dupbridge.cli.event_preparation import event_app

    return event_app


def _db_app() -> typer.Typer:
    from dupbridge.cli.event_commands import db_app

    return db_app


class _LazyGroups(TyperGroup):
    """The top-level command, whose groups of club-session commands (``event``, ``db``)
    are imported when one of them is asked for, not on every start: a command pays for
    what it uses."""

    groups: ClassVar[dict[str, Callable[[], typer.Typer]]] = {"event": _event_app,
                                                              "db": _db_app}

    def list_commands(self, ctx: "click.Context") -> list[str]:
        listed = super().list_commands(ctx)
        return [*listed, *(name for name in self.groups if name not in listed)]

    def get_command(self, ctx: "click.Context", cmd_name: str) -> "click.Command | None":
        load = self.groups.get(cmd_name)
        if load is not None and cmd_name not in self.commands:
            self.add_command(typer.main.get_command(load()), cmd_name)
        return super().get_command(ctx, cmd_name)


# Plain help (no Rich markup): Typer's Rich help imports a Markdown parser, which alone
# costs more than the whole of the rest of ``--help`` (benchmarks/startup.py).
app = typer.Typer(help="The Laws of Duplicate Bridge, executable.", add_completion=False,
                  no_args_is_help=True, rich_markup_mode=None, cls=_LazyGroups)
laws_app = typer.Typer(help="The law index and what implements it.", no_args_is_help=True,
                       rich_markup_mode=None)
app.add_typer(laws_app, name="laws")
case_app = typer.Typer(help="Ruling cases as data (docs/ruling-cases.md).",
                       no_args_is_help=True, rich_markup_mode=None)
app.add_typer(case_app, name="case")


@cache
def _rich_console() -> "Console":
    from rich.console import Console

    return Console()


class _LazyConsole:
    """The command line's Rich console, created when a command first prints (for
    ``console.print``; a helper that takes a console gets ``_rich_console()``)."""

    def __getattr__(self, name: str) -> Any:
        return getattr(_rich_console(), name)


console: "Console" = _LazyConsole()  # type: ignore[assignment]


def _version(value: bool) -> None:
    if value:
        from dupbridge import __version__

        typer.echo(f"dupbridge {__version__}")
        raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[bool, typer.Option("--version", help="Print the version and exit.",
                                          callback=_version, is_eager=True)] = False,
) -> None:
    """The Laws of Duplicate Bridge, executable."""


@app.command()
def board(number: Annotated[int, typer.Argument(help="Board number, 1 or more")]) -> None:
    """Dealer and vulnerability of a board (Law 2)."""
    from dupbridge.core.board import Board

    try:
        item = Board(number)
    except ValueError as error:
        _fail(str(error))
    console.print(f"Board {number}: dealer {item.dealer.name.title()}, "
                  f"vulnerable: {item.vulnerability.value}")


@app.command()
def deal(
    count: Annotated[int, typer.Option(help="How many boards")] = 1,
    seed: Annotated[str | None, typer.Option(help="Seed for a reproducible set")] = None,
    first: Annotated[int, typer.Option(help="Number of the first board")] = 1,
    format: Annotated[str, typer.Option(help="text or pbn")] = "text",
) -> None:
    """Deal boards at random (Law 6); with --seed the same set every time."""
    from dupbridge.core.board import Board
    from dupbridge.core.deal import Deal
    from dupbridge.formats.pbn.writer import dealt_board

    if count < 1 or first < 1:
        _fail("--count and --first must be 1 or more")
    if format not in ("text", "pbn"):
        _fail(f"--format is text or pbn, not {format!r}")
    import random

    rng = random.Random(seed) if seed is not None else None
    for number in range(first, first + count):
        item = Board(number, Deal.random(rng))
        assert item.deal is not None
        if format == "pbn":  # raw: a PBN line is never wrapped
            sys.stdout.write(dealt_board(item))
        else:
            sys.stdout.write(f"{number:>3} {item.dealer.letter} {item.vulnerability.value:<4} "
                             f"{item.deal.to_pbn()}\n")


@app.command()
def score(
    contract: Annotated[str, typer.Argument(help="Contract, as 4SX or 3NT")],
    tricks: Annotated[int, typer.Argument(help="Tricks taken by declarer, 0-13")],
    vul: Annotated[bool, typer.Option("--vul/--nv", help="Declarer vulnerable")] = False,
) -> None:
    """Score a contract for the declaring side (Law 77)."""
    from dupbridge.core.contract import Contract
    from dupbridge.core.errors import ParseError

    try:
        value = Contract.parse(contract).score(tricks=tricks, vulnerable=vul)
    except (ParseError, ValueError) as error:
        _fail(str(error))
    console.print(value)


@app.command()
def claim(
    source: Annotated[Path | None, typer.Argument(help="A PBN or LIN file")] = None,
    board: Annotated[int | None, typer.Option(help="The board of the file")] = None,
    trick: Annotated[int, typer.Option(help="The claim is made at the start of this trick")
                     ] = 1,
    hands: Annotated[str | None, typer.Option(help="Or a typed position: the cards left, "
                                                   "as a PBN deal")] = None,
    trump: Annotated[str | None, typer.Option(help="Denomination: S, H, D, C or NT")] = None,
    leader: Annotated[str | None, typer.Option(help="Seat on lead")] = None,
    declarer: Annotated[str | None, typer.Option(help="Declarer's seat")] = None,
    claimer: Annotated[str | None, typer.Option(help="Who claims (default declarer)")] = None,
    statement: Annotated[str, typer.Option(help="'draw trumps; cash clubs; finesse "
                                                "against DK with W; SA HK'")] = "",
    tricks: Annotated[int | None, typer.Option(help="Tricks claimed (default all)")] = None,
    answer: Annotated[list[str] | None, typer.Option(help="QUESTION=VALUE, repeatable")
                      ] = None,
    edition: Annotated[str, typer.Option(help="2007 or 2017")] = "2017",
    order: Annotated[str | None, typer.Option(help="none, top-down-each-hand, "
                                                   "top-down-lead (70E2)")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="A JSON result")] = False,
    report: Annotated[bool, typer.Option(help="Every claim of the file, reported")] = False,
    strict: Annotated[bool, typer.Option(help="A record that needs a repair to be read "
                                              "(an auction without the dealer's passes) "
                                              "is an error, not a warning")] = False,
    lang: Annotated[str, typer.Option("--lang", help="en, es, fr or pt")] = "en",
) -> None:
    """A claim adjudicated under Law 70 (V(P), the worst normal line, the Director's
    questions, the double-dummy value), or with --report every claim of a file."""
    from dupbridge.cli.claim import run_claim, run_claim_report

    if report:
        if source is None:
            _fail("--report needs a file")
        raise typer.Exit(run_claim_report(_rich_console(), source, as_json, strict))
    raise typer.Exit(run_claim(
        _rich_console(), source=source, board=board, trick=trick, hands=hands, trump=trump,
        leader=leader, declarer=declarer, claimer=claimer, statement=statement,
        tricks=tricks, answers=answer or [], edition=edition, order=order, as_json=as_json,
        language=lang, strict=strict))


@app.command()
def replay(
    files: Annotated[list[Path], typer.Argument(help="PBN and LIN files or folders")],
    edition: Annotated[str, typer.Option(help="2007 or 2017")] = "2017",
    jobs: Annotated[int | None, typer.Option(help="Worker processes (default: every core)")
                    ] = None,
    details: Annotated[int, typer.Option(help="List this many games whose replay does "
                                              "not end as the file says")] = 20,
) -> None:
    """Replay every game through the table engine: games replayed, rulings made, endings
    that differ from the file's result."""
    from dupbridge.cli.replay import run_replay

    raise typer.Exit(run_replay(_rich_console(), files, edition, jobs, details))


@laws_app.command("coverage")
def laws_coverage(
    edition: Annotated[str, typer.Option(help="2007 or 2017")] = "2017",
    tests: Annotated[Path | None, typer.Option(help="Folder of the tests; default: the "
                     "checkout's tests/ folder, wherever you run it from")] = None,
    law: Annotated[int | None, typer.Option(help="Only this law, 1-93")] = None,
    missing: Annotated[bool, typer.Option(help="Only clauses marked 'not yet'")] = False,
) -> None:
    """Every clause of an edition: implementing function, tests, or why there is none."""
    from rich.table import Table as RichTable

    from dupbridge.core.edition import Edition
    from dupbridge.core.errors import ParseError
    from dupbridge.laws import load_rules
    from dupbridge.laws.machinery.coverage import CoverageStatus, coverage, find_tests, tests_folder

    try:
        chosen = Edition.parse(edition)
    except ParseError as error:
        _fail(error.reason)
    if law is not None and not 1 <= law <= 93:
        _fail(f"--law: the Laws are numbered 1 to 93, not {law}")
    folder = tests_folder(tests)
    if tests is not None and folder is None:
        _fail(f"--tests: {tests}: no such folder")
    if folder is None:
        typer.echo("note: the tests are not available (no tests/ folder beside this "
                   "installation; pass --tests): the tests column is empty", err=True)
    load_rules()
    import dupbridge.table.table  # noqa: F401  (the engine's own @law functions)
    from dupbridge.tournament import load_rules as load_tournament_rules

    load_tournament_rules()  # Laws 2-8, 15, 79-93: the tournament layer's clauses

    rows = coverage(chosen, find_tests(folder) if folder is not None else {})
    out = RichTable(title=f"Laws {chosen.value}: coverage", show_lines=False)
    for column in ("clause", "title", "status", "implemented by", "tests"):
        out.add_column(column, overflow="fold")
    counts: dict[CoverageStatus, int] = {}
    for row in rows:
        counts[row.status] = counts.get(row.status, 0) + 1
        if law is not None and row.ref.law != law:
            continue
        if missing and row.status is not CoverageStatus.NOT_YET:
            continue
        asks = ["Director: " + ", ".join(row.questions)] if row.questions else []
        out.add_row(row.ref.clause, row.title, row.status.value,
                    "\n".join([*(f.removeprefix("dupbridge.") for f in row.functions), *asks])
                    or row.reason,
                    "\n".join(t.split("::")[-1] for t in row.tests))
    console.print(out)
    console.print(", ".join(f"{status.value}: {counts.get(status, 0)}"
                            for status in CoverageStatus))


@laws_app.command("import")
def laws_import(
    path: Annotated[Path, typer.Argument(help="The law book, a text file")],
    lang: Annotated[str, typer.Option("--lang", help="es, pt or fr")] = "es",
    edition: Annotated[str, typer.Option(help="2007 or 2017")] = "2007",
    authority: Annotated[str | None, typer.Option(help="aeb, fvb, ffb...")] = None,
) -> None:
    """Import a law book into the data directory; report the clauses it could not place."""
    from dupbridge.core.edition import Edition
    from dupbridge.core.errors import ParseError
    from dupbridge.lawbook.gaps import lacking
    from dupbridge.lawbook.importer import import_lawbook
    from dupbridge.lawbook.installed import save_book

    try:
        books = import_lawbook(path, language=lang, edition=Edition.parse(edition),
                               authority=authority)
    except (ParseError, OSError) as error:
        _fail(str(error) if isinstance(error, ParseError) else _os_error(error, path))
    for book in books:
        saved = save_book(book)
        report = book.report
        console.print(f"{book.source}: {book.edition.value} {book.language} "
                      f"{book.authority or ''} {book.kind} -> {saved}", highlight=False)
        console.print(f"  clauses found {report.found}, placed {report.placed}, "
                      f"ratio {report.placed_ratio:.1%}; cross-references "
                      f"{report.references_resolved}/{report.references_found} resolved",
                      highlight=False)
        for line, words in report.unplaced:
            console.print(f"  unplaced, line {line}: {words}", highlight=False, markup=False)
        gaps = lacking(book)
        if gaps:
            console.print(f"  not in this book: {len(gaps)} clauses of the index: "
                          f"{', '.join(gaps[:40])}{' ...' if len(gaps) > 40 else ''}",
                          highlight=False, markup=False)


@laws_app.command("show")
def laws_show(
    clause: Annotated[str, typer.Argument(help="Clause id, as 27B1 or 27B1(a)")],
    edition: Annotated[str, typer.Option(help="2007 or 2017")] = "2017",
    lang: Annotated[str, typer.Option("--lang", help="en, es, fr or pt")] = "en",
    authority: Annotated[str | None, typer.Option(help="Only this authority's book (aeb, "
                         "fvb, ffb...); default: the general book holding the clause, "
                         "the others as notes")] = None,
) -> None:
    """A clause: our title in the language, and the imported text with its notes and
    cross-references when a book of that edition and language holds it."""
    from dupbridge.cli.lawbook import print_clause
    from dupbridge.core.edition import Edition, LawRef
    from dupbridge.core.errors import ParseError

    try:
        print_clause(_rich_console(), LawRef(Edition.parse(edition), clause), lang, authority)
    except ValueError as error:  # ParseError too: a malformed id or edition
        _fail(str(error) if not isinstance(error, ParseError) else error.reason)


@laws_app.command("search")
def laws_search(
    query: Annotated[str, typer.Argument(help="Words to find, accents and case ignored")],
    lang: Annotated[list[str] | None, typer.Option("--lang", help="Title languages "
                    "to search besides the installed books' (repeatable)")] = None,
    edition: Annotated[str | None, typer.Option(help="2007 or 2017; default both")] = None,
) -> None:
    """Clauses whose imported text or title holds every word of the query."""
    from dupbridge.cli.lawbook import print_search
    from dupbridge.core.edition import Edition
    from dupbridge.core.errors import ParseError

    try:
        editions = (Edition.parse(edition),) if edition else tuple(Edition)
        found = print_search(_rich_console(), query, tuple(lang or ("en",)), editions)
    except ValueError as error:
        _fail(str(error) if not isinstance(error, ParseError) else error.reason)
    if not found:
        raise typer.Exit(1)


@laws_app.command("diff")
def laws_diff(
    law: Annotated[int, typer.Argument(help="Law number, 1-93")],
    from_edition: Annotated[str, typer.Option("--from", help="2007 or 2017")] = "2007",
    to_edition: Annotated[str, typer.Option("--to", help="2007 or 2017")] = "2017",
    lang: Annotated[str, typer.Option("--lang", help="en, es, fr or pt")] = "en",
) -> None:
    """How a law changed between the editions, clause by clause (moved clauses included)."""
    from dupbridge.cli.lawbook import print_diff
    from dupbridge.core.edition import Edition
    from dupbridge.core.errors import ParseError

    if not 1 <= law <= 93:
        _fail(f"the Laws are numbered 1 to 93, not {law}")
    try:
        print_diff(_rich_console(), law, Edition.parse(from_edition),
                   Edition.parse(to_edition), lang)
    except ValueError as error:
        _fail(str(error) if not isinstance(error, ParseError) else error.reason)


@app.command()
def demo(
    seed: Annotated[int | None, typer.Option(help="Seed for a reproducible board")] = None,
    edition: Annotated[str, typer.Option(help="2007 or 2017")] = "2017",
) -> None:
    """Play one board with random legal actions and one irregularity of Laws 36-39."""
    import random

    from dupbridge.cli.demo import play_demo
    from dupbridge.core.edition import Edition
    from dupbridge.core.errors import ParseError

    try:
        Edition.parse(edition)
    except ParseError as error:
        _fail(f"--edition: {error.reason}")
    play_demo(_rich_console(), random.Random(seed), edition)


@app.command()
def serve(
    db: Annotated[str, typer.Option("--db", help="Database URL (sqlite:///file.db or "
                                    "postgresql://...)")] = "sqlite:///dupbridge.db",
    host: Annotated[str, typer.Option(help="Address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on")] = 8000,
    workers: Annotated[int, typer.Option(help="Worker processes")] = 1,
    demo: Annotated[bool, typer.Option(help="Create the demonstration event first")] = False,
    forwarded_allow_ips: Annotated[str, typer.Option(
        "--forwarded-allow-ips", help="Proxies whose X-Forwarded-For/-Proto are believed "
        "(addresses or networks, comma-separated; '*' any)")] = "127.0.0.1",
    certfile: Annotated[str | None, typer.Option(
        "--certfile", help="TLS certificate (PEM): serve HTTPS")] = None,
    keyfile: Annotated[str | None, typer.Option(
        "--keyfile", help="TLS private key (PEM) of --certfile")] = None,
) -> None:
    """Serve the web app: Director's console, table devices and public results. The
    Director's password is read from DUPBRIDGE_DIRECTOR_PASSWORD, or made up and printed.
    The secret signing sessions and device codes is kept in the database (made on the
    first start) unless DUPBRIDGE_SECRET sets it."""
    import os
    import secrets

    from dupbridge.web.server import ServeOptions, prepare
    from dupbridge.web.server import serve as run_server

    if workers < 1:
        _fail("--workers: at least 1")
    if (certfile is None) != (keyfile is None):
        _fail("--certfile and --keyfile go together")
    password = os.environ.get("DUPBRIDGE_DIRECTOR_PASSWORD") or secrets.token_urlsafe(9)
    options = ServeOptions(db, host, port, workers, password, forwarded_allow_ips,
                           certfile, keyfile)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    base = f"{'https' if certfile else 'http'}://{shown}:{port}"
    try:
        lines = prepare(options, demo=demo)
    except ValueError as error:  # a database URL that cannot be opened, say
        _fail(f"--db: {error}")
    typer.echo(f"dupbridge is serving {base}/  (Ctrl-C stops it)")
    typer.echo(f"Director's console: {base}/director  password: {password}")
    for line in lines:
        typer.echo(line.replace("{base}", base))
    run_server(options)


@case_app.command("run")
def case_run(
    paths: Annotated[list[Path], typer.Argument(help="Case files (.toml) or directories")],
) -> None:
    """Run ruling cases: one line per case (PASS, FAIL or ERROR), then what differed."""
    from dupbridge.cli.cases import run_cases

    code = run_cases(_rich_console(), paths)
    if code:
        raise typer.Exit(code)


@app.command()
def convert(
    source: Annotated[Path, typer.Argument(help="File to read")],
    target: Annotated[Path, typer.Argument(help="File to write")],
    from_format: Annotated[str | None, typer.Option("--from", help="Format of the input "
                           "(pbn, lin, usebio, rbn, bri, dge, dup, dlm, ber, bhg, cds, rzd, "
                           "csv); default: from its extension")] = None,
    to_format: Annotated[str | None, typer.Option("--to", help="Format of the output; "
                         "default: from its extension")] = None,
) -> None:
    """Convert boards between file formats (a progress bar on large files)."""
    from dupbridge.cli.convert import convert_file

    code = convert_file(_rich_console(), source, target, from_format, to_format)
    if code:
        raise typer.Exit(code)


@app.command()
def handrecord(
    source: Annotated[Path, typer.Argument(help="Boards to analyse (any format dupbridge "
                                                "reads)")],
    out: Annotated[Path, typer.Option("--out", help="FILE.pbn (tags DoubleDummyTricks, "
                                      "OptimumScore, ParContract, OptimumResultTable) or "
                                      "FILE.html (printable)")],
    budget: Annotated[float, typer.Option(help="Seconds per deal before it is reported "
                                          "as not solved")] = 60.0,
    processes: Annotated[int | None, typer.Option(help="Worker processes (default: one "
                                                  "per core)")] = None,
    scheduler: Annotated[str | None, typer.Option(help="Dask scheduler ADDRESS: solve on "
                                                  "that cluster")] = None,
    cache: Annotated[Path | None, typer.Option(help="Cache file (default: "
                                               "dd-cache.sqlite3 in the data directory)")
                     ] = None,
    no_cache: Annotated[bool, typer.Option("--no-cache", help="Keep no results")] = False,
    lang: Annotated[str, typer.Option(help="Language of the page and messages: en, es, fr, "
                                      "pt")] = "en",
) -> None:
    """Double-dummy table and par of every board, as PBN tags or a printable HTML hand
    record (a progress bar while solving; results cached, so a second run is instant)."""
    from dupbridge.cli.hand_record import run_handrecord

    code = run_handrecord(_rich_console(), source, out, budget=budget, processes=processes,
                          scheduler=scheduler, cache=cache, no_cache=no_cache, language=lang)
    if code:
        raise typer.Exit(code)


@app.command()
def rule(
    lang: Annotated[str | None, typer.Option("--lang", help="en, es, fr or pt (default: "
                                             "the locale's language)")] = None,
    edition: Annotated[str | None, typer.Option(help="2007, 2017 or a profile (aeb-2007...)")]
    = None,
    board: Annotated[int | None, typer.Option(help="Board number (dealer and vulnerability "
                                              "by Law 2)")] = None,
    deal: Annotated[str | None, typer.Option(help="The hands as a PBN deal string ('-' for "
                                             "an unknown hand)")] = None,
    source: Annotated[Path | None, typer.Option("--from", help="Board file (PBN, LIN...) "
                                                "holding --board")] = None,
    federation: Annotated[str | None, typer.Option(help="Glossary words: aeb, fvb, ffb, "
                                                   "fpb, wbf")] = None,
    save: Annotated[Path | None, typer.Option(help="Save the ruling session as JSON")] = None,
    load: Annotated[Path | None, typer.Option(help="Go on with a saved ruling session")]
    = None,
) -> None:
    """Interactive ruling assistant: the board and its hands, the irregularity, the
    Director's questions and the options explained (Law 10C), the ruling with its clauses,
    and what is in force after it; a revoke can be ruled from the facts ('revoke')."""
    from dupbridge.cli.rule import SessionError, director_language, run_rule, setup_from_options

    try:
        # --load without --lang speaks the language the ruling was saved in.
        language = None if lang is None and load is not None else director_language(lang)
        setup = setup_from_options(edition, board, deal, source)
        run_rule(_rich_console(), language=language, federation=federation, setup=setup,
                 load=load, save=save)
    except (ValueError, SessionError, OSError) as error:
        _fail(str(error))


def _os_error(error: OSError, path: Path) -> str:
    """``path: No such file or directory``: what and where, without Python's error number."""
    return f"{error.filename or path}: {error.strerror or error}"


def run() -> None:
    """The ``dupbridge`` command, once ``dupbridge.cli.main`` has found it is more than the
    top-level help. A user's mistake that reaches here (a file that cannot be read or
    decoded, a malformed value) is one line on standard error and exit code 2, never a
    traceback."""
    from dupbridge.core.errors import ParseError

    try:
        app()
    except ParseError as error:
        sys.exit(error_line(str(error)))
    except UnicodeDecodeError as error:
        sys.exit(error_line(f"not a text file in a known encoding ({error.reason} at byte "
                            f"{error.start})"))
    except OSError as error:
        sys.exit(error_line(f"{error.filename or ''}: {error.strerror or error}"))
