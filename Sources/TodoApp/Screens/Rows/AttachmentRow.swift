import Signalbox

/// A file attached to a todo, for the todo page's list: `size` as people read it ("12 KB").
struct AttachmentRow: Encodable {
    let id: Int
    let filename: String
    let contentType: String
    let size: String

    init(_ attachment: Attachment) {
        self.id = attachment.id
        self.filename = attachment.filename
        self.contentType = attachment.contentType
        self.size = FormFile.describeSize(attachment.size)
    }
}
