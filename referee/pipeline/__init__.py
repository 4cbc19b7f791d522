"""From files to verdicts: reading bytes, cutting games, judging them, in one
process or many. Notation and games sit below this layer; reports and the CLI above."""
