"""The 2007 -> 2017 clause mapping (dupbridge.lawbook.moves, data/moves.toml)."""

from __future__ import annotations

import pytest

from dupbridge.core.edition import Edition, LawRef
from dupbridge.lawbook.moves import (
    MoveKind,
    aligned,
    move_note,
    move_table,
    predecessor,
    successor,
)
from dupbridge.laws.machinery.index import law_index

OLD = Edition.LAWS_2007
NEW = Edition.LAWS_2017


def old(clause: str) -> LawRef:
    return LawRef(OLD, clause)


def new(clause: str) -> LawRef:
    return LawRef(NEW, clause)


def ids(edition: Edition) -> set[str]:
    return {item.ref.clause for item in law_index(edition).all_clauses()}


def short(pairs: list[tuple[LawRef | None, LawRef | None, str]]) -> list[tuple[str, str, str]]:
    return [
        (a.clause if a else "-", b.clause if b else "-", str(kind)) for a, b, kind in pairs
    ]


# --- the mappings named in the issue --------------------------------------------------------


def test_2007_law_23_became_2017_72c() -> None:
    assert successor(old("23")) == (new("72C"),)
    assert predecessor(new("72C")) == (old("23"),)


def test_2017_law_23_comparable_call_has_no_2007_ancestor() -> None:
    assert predecessor(new("23")) == ()
    assert predecessor(new("23A2")) == ()


def test_2007_17d_wrong_board_became_2017_15a() -> None:
    assert successor(old("17D")) == (new("15A"),)
    assert predecessor(new("15A")) == (old("17D"),)
    assert successor(old("17D3")) == (new("15A3"),)


def test_16c_and_16d_swapped_other_sources_2007_16c_is_2017_16d() -> None:
    # spec laws-1-16-72-93.md Law 16: 2007 C (other sources) / D (withdrawn) <-> 2017 C / D
    assert successor(old("16C")) == (new("16D"),)
    assert successor(old("16D")) == (new("16C"),)
    assert predecessor(new("16C")) == (old("16D"),)
    assert predecessor(new("16D")) == (old("16C"),)
    assert successor(old("16C2(d)")) == (new("16D2(d)"),)
    assert predecessor(new("16C3")) == ()


def test_end_of_auction_period_2007_17e_and_22b_became_2017_17d() -> None:
    assert predecessor(new("17D")) == (old("17E"), old("17E1"), old("22B"))
    assert successor(old("17E2")) == (new("17D3"),)


def test_unchanged_clause_keeps_its_id() -> None:
    assert successor(old("27B1(b)")) == (new("27B1(b)"),)
    assert predecessor(new("27B1(b)")) == (old("27B1(b)"),)


def test_clause_that_also_absorbs_a_moved_one_keeps_its_own_ancestor() -> None:
    assert predecessor(new("12C2(b)")) == (old("12C2(b)"), old("86A"))


def test_dropped_clause_has_no_successor() -> None:
    assert successor(old("15C")) == ()
    assert successor(old("26A2(a)")) == ()
    assert move_note(old("15C"), None) != ""


def test_wrong_edition_is_refused() -> None:
    with pytest.raises(ValueError):
        successor(new("23"))
    with pytest.raises(ValueError):
        predecessor(old("23"))


# --- the data is consistent with both indexes ------------------------------------------------


def test_every_id_in_moves_toml_exists_in_the_index_of_its_edition() -> None:
    table = move_table()
    old_ids, new_ids = ids(OLD), ids(NEW)
    assert set(table.moves) - old_ids == set()
    assert {t for move in table.moves.values() for t in move.new} - new_ids == set()
    assert set(table.dropped) - old_ids == set()
    assert set(table.new) - new_ids == set()


def test_every_2007_clause_has_a_successor_or_is_dropped() -> None:
    table = move_table()
    orphans = {c for c in ids(OLD) if not successor(old(c)) and c not in table.dropped}
    assert orphans == set()


def test_every_2017_clause_has_a_predecessor_or_is_new() -> None:
    table = move_table()
    orphans = {c for c in ids(NEW) if not predecessor(new(c)) and c not in table.new}
    assert orphans == set()


def test_new_clauses_have_no_predecessor_and_dropped_no_successor() -> None:
    table = move_table()
    assert [c for c in table.new if predecessor(new(c))] == []
    assert [c for c in table.dropped if successor(old(c))] == []


def test_mapping_sizes() -> None:
    table = move_table()
    assert (len(table.moves), len(table.new), len(table.dropped)) == (95, 82, 13)


# --- aligned() for laws diff -----------------------------------------------------------------


def test_aligned_law_23_moved_out_then_all_new() -> None:
    assert short(aligned(23)) == [
        ("23", "72C", "moved"),
        ("-", "23", "new"),
        ("-", "23A", "new"),
        ("-", "23A1", "new"),
        ("-", "23A2", "new"),
        ("-", "23A3", "new"),
        ("-", "23B", "new"),
        ("-", "23C", "new"),
    ]


def test_aligned_law_27_is_clause_for_clause_the_same() -> None:
    pairs = short(aligned(27))
    assert len(pairs) == 13
    assert all(a == b and kind == "same" for a, b, kind in pairs)
    assert pairs[6] == ("27B1(a)", "27B1(a)", "same")


def test_aligned_law_16_shows_the_swap_in_2017_order() -> None:
    pairs = short(aligned(16))
    assert len(pairs) == 28
    assert pairs[8:10] == [("16A3", "-", "dropped"), ("16A4", "-", "dropped")]
    assert pairs[16:20] == [
        ("16D", "16C", "renumbered"),
        ("16D1", "16C1", "renumbered"),
        ("16D2", "16C2", "renumbered"),
        ("-", "16C3", "new"),
    ]
    assert pairs[-1] == ("16C3", "16D3", "renumbered")


def test_aligned_law_17_wrong_board_moves_out_end_of_auction_moves_in() -> None:
    assert short(aligned(17)) == [
        ("17", "17", "same"),
        ("17A", "17A", "same"),
        ("17B", "17B", "same"),
        ("17C", "17C", "same"),
        ("17D", "15A", "moved"),
        ("17D1", "15A1", "moved"),
        ("17D2", "15A2", "moved"),
        ("17D2", "15A2(b)", "moved"),
        ("17D2(a)", "-", "dropped"),
        ("17D2(b)", "15A2(a)", "moved"),
        ("17D3", "15A3", "moved"),
        ("17D4", "15A4", "moved"),
        ("17E", "17D", "renumbered"),
        ("17E1", "17D", "renumbered"),
        ("22B", "17D", "moved"),
        ("22B1", "17D1", "moved"),
        ("22B2", "17D2", "moved"),
        ("17E2", "17D3", "renumbered"),
    ]


def test_aligned_kinds_are_move_kinds() -> None:
    kinds = {kind for law in range(1, 94) for _, _, kind in aligned(law)}
    assert kinds == set(MoveKind)
