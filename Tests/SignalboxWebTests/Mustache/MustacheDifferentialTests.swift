import PropertyBased
import Signalbox
import SignalboxTesting
import SignalboxWeb
import Synchronization
import Testing

/// Random templates and view models (``RandomTemplate``) render the same bytes with the compiled
/// engine as with swift-mustache, whenever swift-mustache parses the template.
@Suite struct MustacheDifferentialTests {
    @Test func compiledTemplatesRenderExactlyAsSwiftMustache() async {
        let streams = Gen.int(in: 0...1_000_000).array(of: 0...300)
        let tally = Mutex((parsed: 0, compiled: 0))
        await propertyCheck(count: 1500, input: streams) { numbers in
            var random = RandomTemplate(numbers)
            let templates = random.templates()
            let model = random.model()
            guard
                let reference = try? MustacheRenderer(
                    templates: templates,
                    includeDefaults: false,
                    engine: .swiftMustache
                )
            else { return }
            let compiled: MustacheRenderer
            do {
                compiled = try MustacheRenderer(templates: templates, includeDefaults: false)
            } catch {
                Issue.record("swift-mustache parsed it once, not twice: \(error)")
                return
            }
            tally.withLock { $0.parsed += 1 }
            if compiled.interpretedTemplates["main"] == nil { tally.withLock { $0.compiled += 1 } }
            for name in ["main", "p1", "p2", "parent"] {
                let expected = try? reference.render(name, with: model)
                let actual = try? compiled.render(name, with: model)
                #expect(
                    actual == expected,
                    "\(name) of \(templates.sorted { $0.key < $1.key }) with \(model): compiled: \(compiled.interpretedTemplates[name] == nil)"
                )
                #expect((try? compiled.renderUTF8(name, with: model)) == expected.map { Array($0.utf8) }, "as bytes")
            }
        }
        // The property must not hold vacuously: most templates parse and most of those compile.
        let (parsed, compiled) = tally.withLock { $0 }
        #expect(parsed > 1000, "only \(parsed) of 1500 templates parsed")
        #expect(compiled * 2 > parsed, "only \(compiled) of \(parsed) templates compiled")
    }
}
