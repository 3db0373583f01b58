"""The ruling session: one board at one table as the Director rules on it, kept as a document
(document), driven one action at a time (flow) from the terminal (dialogue) or the web, and
said in the Director's language (texts)."""
