"""`python -m razz_fast` runs the razz-fast command line."""

from razz_fast.cli import main

raise SystemExit(main())
