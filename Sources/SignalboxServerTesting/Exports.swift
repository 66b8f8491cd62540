// Tests that start the embedded server see SignalboxTesting (the clients) and the server itself.
@_exported public import SignalboxMHD
@_exported public import SignalboxTesting
