"""The auction (Laws 17-40)."""
