// The currency types of an app built on SignalboxWeb, so `import SignalboxWeb` is enough for the
// common case: coordinators and screens (Signalbox), requests and responses (SignalboxHTTP,
// HTTPTypes) and loggers (Logging).
@_exported public import HTTPTypes
@_exported public import Logging
@_exported public import Signalbox
@_exported public import SignalboxHTTP
