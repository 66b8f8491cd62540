import Foundation

/// An uploaded file: a form field of a `multipart/form-data` form whose input is
/// `<input type="file">`. A form type holds one as `var photo: FormFile` (required),
/// `FormFile?` (optional) or `[FormFile]` (an input with `multiple`).
///
/// The server writes the upload to a temporary file as it arrives and removes it when the
/// request is over: read it (``contents()``) or move it where it belongs in `submit`.
///
/// ```swift
/// struct Attach: FormValidatable {
///     var file: FormFile
///     static func rules(_ rules: inout FormRules<Self>) {
///         rules.field(\.file, .maxSize(5 << 20), .contentType(["image/png", "image/jpeg"]))
///     }
/// }
/// ```
public struct FormFile: Sendable, Hashable, Codable {
    /// The name of the user's file, for display only: path components and control characters
    /// are removed, and it is never used as a path.
    public var filename: String
    /// The media type the browser sent (`application/octet-stream` when it sent none). The
    /// client chose it: check the bytes when it matters.
    public var contentType: String
    /// The size in bytes.
    public var size: Int
    /// The temporary file holding the bytes, removed after the request.
    public var path: String

    public init(filename: String, contentType: String, size: Int, path: String) {
        self.filename = filename
        self.contentType = contentType
        self.size = size
        self.path = path
    }

    /// The file's bytes, read whole.
    public func contents() throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: self.path)))
    }
}

extension FormFile: FormLeafValue {
    static var formKind: FormSchema.Kind { .file }
    /// Text sent for a file field means no file came (a form without
    /// `enctype="multipart/form-data"`, say).
    static func parse(_ text: String, options: FormDecoder) -> Result<FormFile, FormFieldError> {
        .failure(FormFieldError("Choose a file."))
    }
    static var placeholder: FormFile { FormFile(filename: "", contentType: "", size: 0, path: "") }
    static func probe(index: Int, bit: Int) -> FormFile {
        FormFile(filename: "\u{1}field-\(index)", contentType: "", size: index, path: "")
    }
}

extension FormRule where Value == FormFile {
    /// At most `bytes` bytes: "Choose a file of at most 5 MB."
    public static func maxSize(_ bytes: Int) -> FormRule {
        let message = "Choose a file of at most \(FormFile.describeSize(bytes))."
        return FormRule(constraint: .fileSize(max: bytes)) { $0.size <= bytes ? nil : message }
    }

    /// One of these media types (`image/png`, or `image/*` for any image), as the browser sent
    /// it; also the input's `accept`.
    public static func contentType(_ types: [String]) -> FormRule {
        let message = "Choose a file of type \(types.joined(separator: ", "))."
        return FormRule(constraint: .accept(types)) { file in
            let type = file.contentType.lowercased()
            let fits = types.contains { wanted in
                let wanted = wanted.lowercased()
                return wanted.hasSuffix("/*") ? type.hasPrefix(wanted.dropLast()) : type == wanted
            }
            return fits ? nil : message
        }
    }
}

extension FormFile {
    /// A size in words for people: `5242880` → "5 MB", `1536` → "1.5 KB", `12` → "12 bytes".
    public static func describeSize(_ bytes: Int) -> String {
        let units = ["bytes", "KB", "MB", "GB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        let rounded = (value * 10).rounded() / 10
        let text = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        return "\(text) \(units[unit])"
    }
}
