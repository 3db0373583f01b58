"""Publication: a scored session as a static site, as files other programs read, hand records,
and the files dealing machines read."""
