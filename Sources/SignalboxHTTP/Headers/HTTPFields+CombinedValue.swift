package import HTTPTypes

extension HTTPFields {
    /// The value of the fields named `name`, combined as `self[name]` combines them (`"; "`
    /// between cookies, `", "` otherwise), `nil` when there is none.
    ///
    /// For the headers read on every request (`Cookie`, `Accept`, `If-None-Match`): one field, the
    /// usual case, is its value as it is, without the generic joining `self[name]` runs (measured
    /// at about two thousand instructions a header).
    package func combinedValue(_ name: HTTPField.Name) -> String? {
        var combined: String?
        for field in self where field.name == name {
            if let earlier = combined {
                combined = earlier + (name == .cookie ? "; " : ", ") + field.value
            } else {
                combined = field.value
            }
        }
        return combined
    }
}
