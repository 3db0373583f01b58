"""PBN 2.1 (Portable Bridge Notation): tolerant import, strict export."""
