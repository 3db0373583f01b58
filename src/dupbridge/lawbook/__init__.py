"""The law reference (docs/architecture.md, pillar 4): both editions indexed with titles in English,
Spanish, French and Portuguese; official texts imported at run time from the law books
a user has (the project ships none); rulings and engine messages rendered in the
reader's language."""
