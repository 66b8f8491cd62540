// Placeholder until the demo lands.
