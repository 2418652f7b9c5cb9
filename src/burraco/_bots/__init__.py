"""The players engine room (private)."""
