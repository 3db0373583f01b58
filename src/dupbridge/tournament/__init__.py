"""Tournaments, pure: events, sections, tables, movements, rounds, dealing, results and
their periods."""
