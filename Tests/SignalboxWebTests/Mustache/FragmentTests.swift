import Signalbox
import SignalboxWeb
import Testing

/// A page's content goes into `layout` as a fragment (UTF-8 that is never made a `String`): it
/// must render exactly as the same HTML given as a string field of the root would.
@Suite struct FragmentTests {
    static let fragment = "<p class=\"x\">Tom & Jerry's é\u{301}</p>"

    @Test(arguments: [
        "[{{{content}}}]",
        "[{{content}}]",
        "[{{&content}}]",
        "[{{.content}}]",
        "{{#content}}yes{{/content}}{{^content}}no{{/content}}",
        "{{#items}}({{{content}}}){{/items}}",
        "{{#inner}}<{{{content}}}>{{/inner}}",
        "{{#inner}}{{.content}}|{{/inner}}",
        "[{{content.x}}]",
        "{{#items}}{{.}}{{/items}}{{{content}}}",
    ])
    func aFragmentRendersAsTheSameStringFieldWould(template: String) throws {
        let model: ViewModel = ["items": [1, 2], "inner": ["content": "inner's"]]
        var withString = model
        withString = withString.merging(["content": .string(Self.fragment)])
        for engine in [MustacheRenderer.Engine.compiled, .swiftMustache] {
            let renderer = try MustacheRenderer(templates: ["t": template], includeDefaults: false, engine: engine)
            let expected = try renderer.render("t", with: withString)
            let actual = try renderer.renderUTF8("t", with: model, fragments: ["content": Array(Self.fragment.utf8)])
            #expect(actual == Array(expected.utf8), "\(engine): \(template)")
        }
    }

    @Test(arguments: [MustacheRenderer.Engine.compiled, .swiftMustache])
    func aFieldOfTheRootWinsOverAFragmentOfTheSameName(engine: MustacheRenderer.Engine) throws {
        let renderer = try MustacheRenderer(templates: ["t": "{{{content}}}"], includeDefaults: false, engine: engine)
        let bytes = try renderer.renderUTF8(
            "t",
            with: ["content": "field"],
            fragments: ["content": Array("fragment".utf8)]
        )
        #expect(String(decoding: bytes, as: UTF8.self) == "field")
    }
}
