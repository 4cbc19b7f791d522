"""`referee play`: a game judged entry by entry as it is played, its log kept on disk."""
