"""The Director's typed grammar: one short line per thing that happens at the table (N 1S, play
E SK, claim S 4), read into table actions. Ruling cases and the ruling assistant both speak
it."""
