"""The machinery every law module shares: rulings as values, the rectification protocol, the
law index and coverage, and the Regulating-Authority profiles. (Which law an action falls
under is ``laws.dispatch``, above the chapters: it knows them all, and none knows it.)"""
