import Signalbox

extension Attachment {
    /// `id`, `filename`, `contentType` and `size` ("12 KB") for the todo page's list.
    var viewModel: ViewModel {
        [
            "id": .int(self.id), "filename": .string(self.filename), "contentType": .string(self.contentType),
            "size": .string(FormFile.describeSize(self.size)),
        ]
    }
}
