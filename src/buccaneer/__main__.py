"""`python -m buccaneer`: the same as the `buccaneer` command."""

from buccaneer.cli import main

main()
