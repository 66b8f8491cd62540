package import Signalbox

/// A renderer that renders a template with fragments of HTML already rendered as UTF-8 (a
/// screen's HTML where the layout writes `{{{content}}}`), copying their bytes instead of making
/// them strings: the library's renderers. Any other ``TemplateRenderer`` gets
/// ``StringFragmentRenderer``.
package protocol FragmentRendering: Sendable {
    /// Renders template `name` with `viewModel` into UTF-8 bytes, where each of `fragments` is a
    /// top-level field of `viewModel` unless `viewModel` has a field of that name.
    func renderUTF8(_ name: String, with viewModel: ViewModel, fragments: [String: [UInt8]]) throws -> [UInt8]
}

/// The fragments of a renderer without a path of its own: added to the view model as strings,
/// then ``TemplateRenderer/render(_:with:)``'s text as UTF-8.
struct StringFragmentRenderer: FragmentRendering {
    let base: any TemplateRenderer

    func renderUTF8(_ name: String, with viewModel: ViewModel, fragments: [String: [UInt8]]) throws -> [UInt8] {
        Array(try self.base.render(name, with: viewModel.merging(fragments: fragments)).utf8)
    }
}

extension TemplateRenderer {
    /// This renderer's path for pages with fragments: its own when it has one.
    var fragmentRendering: any FragmentRendering {
        (self as? any FragmentRendering) ?? StringFragmentRenderer(base: self)
    }
}
