"""The club night: an event from its creation to its ranking. Commands write the journal
(commands, floor, rulings, disputed_claims); state rebuilds it; views read it; journal is
its codec and ports the store and clock it runs over."""
