"""Files written by others, at archive scale: every game replayed through the table engine,
published USEBIO sessions re-scored."""
