"""`python -m monuments_tui` runs the command-line entry point."""

from monuments_tui.cli.main import main

raise SystemExit(main())
