public import HTTPTypes

/// An error from ``MultipartSpooler``.
public enum MultipartSpoolError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A file is larger than the limit, in bytes.
    case fileTooLarge(limit: Int)
    /// The whole body is larger than the limit, in bytes.
    case bodyTooLarge(limit: Int)
    /// The form has more files than the limit.
    case tooManyFiles(limit: Int)
    /// The form has more text fields than the limit.
    case tooManyFields(limit: Int)
    /// A text field's value is larger than the limit, in bytes.
    case fieldTooLarge(limit: Int)
    /// A text field's value is not acceptable; the associated text says why.
    case invalidField(String)
    /// The body is not valid `multipart/form-data`.
    case malformed(MultipartError)
    /// A temporary file could not be created or written; the associated text says why.
    case io(String)
    /// The spooler was used after ``MultipartSpooler/discard()``.
    case discarded

    /// A sentence describing the error.
    public var description: String {
        switch self {
        case .fileTooLarge(let limit):
            "A file is larger than \(describeByteCount(limit))"
        case .bodyTooLarge(let limit):
            "The form data is larger than \(describeByteCount(limit))"
        case .tooManyFiles(let limit):
            "The form has more than \(limit) \(limit == 1 ? "file" : "files")"
        case .tooManyFields(let limit):
            "The form has more than \(limit) \(limit == 1 ? "field" : "fields")"
        case .fieldTooLarge(let limit):
            "A form field is larger than \(describeByteCount(limit))"
        case .invalidField(let reason):
            "Invalid form field: \(reason)"
        case .malformed(let error):
            error.description
        case .io(let reason):
            "Could not store an uploaded file: \(reason)"
        case .discarded:
            "The uploaded form data was already discarded"
        }
    }
}

/// Describes a byte count for people, such as "10 MiB (10485760 bytes)".
private func describeByteCount(_ count: Int) -> String {
    let mebibyte = 1024 * 1024
    if count >= mebibyte && count % mebibyte == 0 {
        return "\(count / mebibyte) MiB (\(count) bytes)"
    }
    if count >= 1024 && count % 1024 == 0 {
        return "\(count / 1024) KiB (\(count) bytes)"
    }
    return count == 1 ? "1 byte" : "\(count) bytes"
}

extension MultipartSpoolError {
    /// The status a server answers the error with: 413 for a limit, 400 for a malformed body,
    /// 500 when the upload could not be written.
    public var status: HTTPResponse.Status {
        switch self {
        case .fileTooLarge, .bodyTooLarge, .tooManyFiles, .tooManyFields, .fieldTooLarge: .contentTooLarge
        case .invalidField, .malformed: .badRequest
        case .io, .discarded: .internalServerError
        }
    }
}
