"""The ``dupbridge`` command: parsing arguments and printing only."""
