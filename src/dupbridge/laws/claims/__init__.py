"""Claims and concessions (Laws 68-71): at the table, the statement, normal lines and the
adjudication value V(P)."""
