"""Dealing-machine files: the boards a club takes to a Duplimate or similar machine.

One module per format, each shaped like ``json``: ``loads(data, *, source=)``,
``load(path)``, ``dumps(boards)``, ``dump(boards, path)``, and ``to_records`` /
``from_records`` for ``formats.record.BoardRecord``. They all read and write
``DealtBoard``: a number, a complete deal, a dealer and a vulnerability.

- ``bri``, ``dge``, ``dup``, ``dlm``: the Duplimate family (spec §4.12);
- ``ber``, ``bhg``, ``cds``, ``rzd``, ``bigdeal_csv``: other machines and Big Deal's CSV,
  layouts inferred from real files (each module says what is known and what is not).

Formats without board numbers (BRI, DGE, BER, RZD) number from ``first_board`` (1 by
default) and are written only from consecutively numbered boards."""

from __future__ import annotations

from dupbridge.formats.dealing._common import DealtBoard, from_records, to_records

__all__ = ["DealtBoard", "from_records", "to_records"]
