// Placeholder until the web layer lands.
