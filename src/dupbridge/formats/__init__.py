"""File formats (docs/architecture.md, ``formats/``): PBN 2.1, LIN, USEBIO 1.2 and dealing-machine
files. Each format module is shaped like ``json``: ``load`` / ``loads`` / ``dump`` /
``dumps``; a malformed file raises ``ParseError`` with file, line and column, or, with
``strict=False``, returns the good boards and the errors.

Formats meet in ``BoardRecord`` (``formats.record``), which ``dupbridge convert`` uses to
go from one format to another."""
