"""The general laws on irregularities (Laws 9-16): procedure after an irregularity, the
Director's discretionary powers (12C1 at the table), cards and boards, information."""
