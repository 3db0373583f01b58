"""Use cases over ports (stores, clock, shuffler): a ruling session, an event's life cycle;
what a CLI command or a web page does, once."""
