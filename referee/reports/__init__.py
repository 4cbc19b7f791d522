"""Reports: replay results rendered as text for people and JSON for programs."""
