"""Double-dummy analysis and claim adjudication: an adapter over DDS through endplay,
imported lazily."""
