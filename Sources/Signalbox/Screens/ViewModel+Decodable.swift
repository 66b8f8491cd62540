extension ViewModel: Decodable {
    /// Reads the JSON value a view model stands for (what ``encode(to:)`` writes, what JSON
    /// clients get as `screen`): a whole number is `.int`, any other number `.double`.
    public init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: AnyName.self) {
            var fields = Fields()
            for key in object.allKeys { fields[key.stringValue] = try object.decode(ViewModel.self, forKey: key) }
            self = .object(fields)
        } else if var list = try? decoder.unkeyedContainer() {
            var items: [ViewModel] = []
            while !list.isAtEnd { items.append(try list.decode(ViewModel.self)) }
            self = .list(items)
        } else {
            let value = try decoder.singleValueContainer()
            if value.decodeNil() {
                self = .null
            } else if let bool = try? value.decode(Bool.self) {
                self = .bool(bool)
            } else if let int = try? value.decode(Int.self) {
                self = .int(int)
            } else if let double = try? value.decode(Double.self) {
                self = .double(double)
            } else {
                self = .string(try value.decode(String.self))
            }
        }
    }

    /// Any name of a JSON object.
    private struct AnyName: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
