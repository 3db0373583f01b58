"""Language: the engine's messages in the reader's language (gettext catalogues, the
federations' glossary) and the words a Director types in it."""
