"""The play (Laws 41-67)."""
