public import Signalbox
public import SignalboxHTTP

extension FormData {
    /// The fields and files of a `multipart/form-data` body read by a server.
    public init(_ multipart: MultipartForm) {
        self.init(
            multipart.fields.map { (name: $0.name, value: $0.value) },
            files: multipart.files.map { entry in
                (
                    name: entry.name,
                    file: FormFile(
                        filename: entry.file.filename,
                        contentType: entry.file.contentType,
                        size: entry.file.size,
                        path: entry.file.path
                    )
                )
            }
        )
    }
}
