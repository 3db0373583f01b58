"""The machinery every law module shares: rulings as values, the dispatch of an action to its
law, the rectification protocol, the law index and coverage, and the Regulating-Authority
profiles."""
