// libFuzzer target for `FormCodec` (application/x-www-form-urlencoded): arbitrary bytes as a body,
// decoded with the default limits and with tight ones.
// Invariants checked (a violation traps, which libFuzzer reports as a crash):
//   - a decoded form respects the limits (fields, bytes per name and value);
//   - encoding a decoded form and decoding it again gives the same form;
//   - a refused body is refused with the error its shape calls for (a body over `maxBytes` is
//     always `tooLarge`).
import Signalbox
import SignalboxWeb

let defaultCodec = FormCodec()
let tightCodec = FormCodec(limits: .init(maxBytes: 256, maxFields: 8, maxFieldBytes: 32))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Array(UnsafeBufferPointer(start: data, count: size))
    for codec in [defaultCodec, tightCodec] {
        let limits = codec.limits
        do {
            let form = try codec.decode(body)
            precondition(size <= limits.maxBytes, "bodies over maxBytes are refused")
            precondition(form.fields.count <= limits.maxFields, "at most maxFields fields")
            for (name, value) in form.fields {
                precondition(name.utf8.count <= limits.maxFieldBytes, "names within maxFieldBytes")
                precondition(value.utf8.count <= limits.maxFieldBytes, "values within maxFieldBytes")
            }
            let encoded = FormCodec.encode(form)
            // Re-encoding may grow the body (escapes); compare with the default limits' sizes.
            let again = try FormCodec(limits: .init(maxBytes: .max, maxFields: .max, maxFieldBytes: .max))
                .decode(Array(encoded.utf8))
            // Empty pairs are skipped when decoding; a field with an empty name and value encodes
            // as "=" and so survives: compare field by field.
            precondition(again.fields.count == form.fields.count, "round trip keeps every field")
            for (left, right) in zip(again.fields, form.fields) {
                precondition(left.name == right.name && left.value == right.value, "round trip keeps the text")
            }
        } catch {
            if size > limits.maxBytes {
                precondition(error == .tooLarge(limit: limits.maxBytes), "oversize bodies are tooLarge")
            }
        }
    }
    return 0
}
