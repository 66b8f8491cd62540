// A test file that imports SignalboxTesting sees what it tests: the web layer and its currency
// types (Signalbox, SignalboxHTTP, HTTPTypes, Logging, re-exported by SignalboxWeb).
@_exported public import SignalboxWeb
