/// Why the compiler declined a template (set delimiters, transforms, lambdas, dynamic or indented
/// partials, recursion): the template is then rendered by swift-mustache.
struct CompileError: Error, Sendable, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
