"""The rules engine room (private)."""
