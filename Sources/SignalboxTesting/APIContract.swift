import Foundation
public import HTTPTypes
public import SignalboxWeb

/// Checks answers against an app's ``/SignalboxWeb/OpenAPIDocument``: the status is documented for the
/// operation, and a JSON body matches the documented schema.
///
/// ```swift
/// let contract = APIContract(OpenAPIDocument(app: app))
/// let response = try await client.get("/authenticated/todos", json: true)
/// #expect(contract.problems(.get, "/authenticated/todos", response) == [])
/// ```
///
/// ``TestClient`` checks every answer of an in-process ``/SignalboxWeb/WebApp`` this way. A path deeper than
/// the patterns (a stack chains them: `/todos/todo/1/todo/2`) is checked against the longest
/// pattern it continues; any other path no pattern matches may only answer a documented error.
public struct APIContract: Sendable {
    let document: ViewModel
    private var validator: SchemaValidator { SchemaValidator(document: self.document) }
    private let templates: [(path: String, segments: [Substring])]

    /// A contract for `document`.
    public init(_ document: OpenAPIDocument) {
        self.document = document.json
        let paths = document.json["paths"]?.objectFields ?? [:]
        self.templates = paths.keys.sorted().map { ($0, $0.split(separator: "/")) }
    }

    /// What is wrong with `response` as the answer to `method` on `target` (a request target,
    /// mount path included); empty when it matches the document.
    public func problems(_ method: HTTPRequest.Method, _ target: String, _ response: TestResponse) -> [String] {
        self.problems(
            method: method,
            target: target,
            status: response.status.code,
            contentType: response.contentType,
            body: response.response.body
        )
    }

    /// What is wrong with an answer; empty when it matches the document.
    public func problems(
        method: HTTPRequest.Method,
        target: String,
        status: Int,
        contentType: String?,
        body: [UInt8]
    ) -> [String] {
        var path = String(target.prefix { $0 != "?" })
        let server = self.document["servers"]?.listItems?.first?["url"]?.stringValue ?? "/"
        if server != "/" {
            guard path == server || path.hasPrefix(server + "/") else { return [] }
            path = path == server ? "/" : String(path.dropFirst(server.count))
        }
        // Developer pages are not part of the contract.
        if path == "/_dev" || path.hasPrefix("/_dev/") { return [] }
        let verb = method == .head ? "get" : method.rawValue.lowercased()
        let isNavigation = path.hasPrefix("/_nav/")
        // A stack deeper than the patterns chains them: its page answers like its first link's.
        guard let template = self.template(matching: path) ?? (isNavigation ? nil : self.template(prefixing: path)),
            let operation = self.document["paths"]?[template]?[verb]
        else {
            // Unknown pages, actions and methods answer errors, which must be documented ones.
            // (A GET of a path that is not canonical may redirect to the one that is.)
            if status == 303, verb == "get" { return [] }
            guard status >= 400 else { return ["\(method.rawValue) \(path): no documented path answers \(status)"] }
            return self.checkError(status: status, contentType: contentType, body: body)
        }
        let where_ = "\(method.rawValue) \(template)"
        guard let documented = operation["responses"]?[String(status)] else {
            return ["\(where_): status \(status) is not documented"]
        }
        let response = documented["$ref"]?.stringValue.flatMap(self.validator.target(of:)) ?? documented
        guard let contentType, !body.isEmpty else { return [] }
        let mediaType = String(contentType.prefix { $0 != ";" }).trimmingCharacters(in: .whitespaces)
        guard let content = response["content"]?.objectFields else {
            return ["\(where_) \(status): a \(mediaType) body where the document has none"]
        }
        // `*/*`: any type, for a file a page offers (`?download=`) only.
        let isDownload = target.contains("?download=") || target.contains("&download=")
        guard let media = content[mediaType] ?? (isDownload ? content["*/*"] : nil) else {
            return ["\(where_) \(status): content type \(mediaType) is not documented"]
        }
        guard mediaType == "application/json", let schema = media["schema"] else { return [] }
        return self.checkJSON(body, against: schema, at: "\(where_) \(status)")
    }

    private func checkError(status: Int, contentType: String?, body: [UInt8]) -> [String] {
        guard self.document["components"]?["schemas"]?["Error\(status)"] != nil else {
            return ["status \(status) is not a documented error status"]
        }
        guard contentType?.hasPrefix("application/json") == true else { return [] }
        return self.checkJSON(
            body,
            against: ["$ref": .string("#/components/schemas/Error\(status)")],
            at: "error \(status)"
        )
    }

    private func checkJSON(_ body: [UInt8], against schema: ViewModel, at place: String) -> [String] {
        let value: ViewModel
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: Data(body)).value
        } catch {
            return ["\(place): the body is not JSON: \(error)"]
        }
        var problems: [String] = []
        self.validator.check(value, against: schema, at: "$", into: &problems)
        return problems.map { "\(place): \($0)" }
    }

    /// The longest page template that `path` continues (`/todos/todo/{todo}` for
    /// `/todos/todo/1/todo/2`).
    private func template(prefixing path: String) -> String? {
        let segments = path.split(separator: "/")
        var best: (template: String, length: Int)?
        for (template, parts) in self.templates where !parts.isEmpty && parts.count < segments.count {
            guard !template.hasPrefix("/_"), zip(parts, segments).allSatisfy({ $0.hasPrefix("{") || $0 == $1 }) else {
                continue
            }
            if parts.count > (best?.length ?? 0) { best = (template, parts.count) }
        }
        return best?.template
    }

    /// The template matching `path` with the most literal segments.
    private func template(matching path: String) -> String? {
        let segments = path.split(separator: "/")
        var best: (template: String, literals: Int)?
        for (template, parts) in self.templates where parts.count == segments.count {
            var literals = 0
            var matches = true
            for (part, segment) in zip(parts, segments) {
                if part.hasPrefix("{") { continue }
                guard part == segment else {
                    matches = false
                    break
                }
                literals += 1
            }
            if matches, literals > (best?.literals ?? -1) { best = (template, literals) }
        }
        return best?.template
    }
}

/// A JSON document read into a ``ViewModel`` (booleans, integers and doubles kept apart).
private struct JSONValue: Decodable {
    let value: ViewModel

    init(from decoder: any Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            var items: [ViewModel] = []
            while !list.isAtEnd { items.append(try list.decode(JSONValue.self).value) }
            self.value = .list(items)
            return
        }
        if let object = try? decoder.container(keyedBy: AnyKey.self) {
            var fields = ViewModel.Fields()
            for key in object.allKeys { fields[key.stringValue] = try object.decode(JSONValue.self, forKey: key).value }
            self.value = .object(fields)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self.value = .null
        } else if let bool = try? single.decode(Bool.self) {
            self.value = .bool(bool)
        } else if let int = try? single.decode(Int.self) {
            self.value = .int(int)
        } else if let double = try? single.decode(Double.self) {
            self.value = .double(double)
        } else {
            self.value = .string(try single.decode(String.self))
        }
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

extension ViewModel {
    var objectFields: ViewModel.Fields? {
        guard case .object(let fields) = self else { return nil }
        return fields
    }

    var listItems: [ViewModel]? {
        guard case .list(let items) = self else { return nil }
        return items
    }

    var stringValue: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }
}
