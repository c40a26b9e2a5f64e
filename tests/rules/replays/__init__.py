"""Golden replays (issue 17): one folder per game; ``python -m tests.rules.replays`` records
them (see ``__main__``), tests/rules/test_golden_replays.py replays them."""
