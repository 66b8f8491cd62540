/// Something a ``MultipartParser`` found in the bytes it was fed.
///
/// For each part the parser reports one ``partHead(_:)``, zero or more ``partBody(_:)`` and one ``partEnd``, and
/// after the last part one ``end``.
public enum MultipartEvent {
    /// A part starts; its headers have been read.
    case partHead(MultipartPartHead)
    /// Some bytes of the current part's content, in order.
    ///
    /// The buffer is never empty and is valid only during the call to the event handler: copy what you keep.
    case partBody(UnsafeRawBufferPointer)
    /// The current part's content is complete.
    case partEnd
    /// The closing delimiter was read: the multipart body is complete, and anything after it is ignored.
    case end
}
