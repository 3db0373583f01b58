"""``python -m dupbridge``: the ``dupbridge`` command."""

from dupbridge.cli.main import main

main()
