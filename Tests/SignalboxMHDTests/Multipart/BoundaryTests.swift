import Testing

@testable import SignalboxHTTP

@Suite("MultipartParser.boundary(fromContentType:)")
struct BoundaryTests {
    @Test(
        "finds the boundary",
        arguments: [
            ("multipart/form-data; boundary=XYZ", "XYZ"),
            (
                "multipart/form-data;boundary=----WebKitFormBoundary7MA4YWxkTrZu0gW",
                "----WebKitFormBoundary7MA4YWxkTrZu0gW"
            ),
            ("Multipart/Form-Data; BOUNDARY=abc", "abc"),
            ("multipart/form-data; boundary=\"quoted value\"", "quoted value"),
            ("multipart/form-data; charset=utf-8; boundary=xyz; other=\"a;b\"", "xyz"),
            ("  multipart/form-data \t;  boundary = xyz  ", "xyz"),
            ("multipart/form-data; boundary=\"'()+_,-./:=?\"", "'()+_,-./:=?"),
            ("multipart/form-data; boundary=" + String(repeating: "b", count: 70), String(repeating: "b", count: 70)),
        ]
    )
    func findsBoundary(_ contentType: String, _ boundary: String) {
        #expect(MultipartParser.boundary(fromContentType: contentType) == boundary)
    }

    @Test(
        "refuses bad content types and boundaries",
        arguments: [
            "multipart/mixed; boundary=xyz",
            "text/plain; boundary=xyz",
            "multipart/form-data-x; boundary=xyz",
            "multipart/form-data",
            "multipart/form-data;",
            "multipart/form-data; boundary=",
            "multipart/form-data; boundary=\"\"",
            "multipart/form-data; boundary=" + String(repeating: "b", count: 71),
            "multipart/form-data; boundary=\"abc",
            "multipart/form-data; boundary=a; boundary=b",
            "multipart/form-data; boundary=\"ends with space \"",
            "multipart/form-data; boundary=\"a\\\"b\"",
            "multipart/form-data; boundary=\"a\u{7F}b\"",
            "multipart/form-data; boundary=\"naïve\"",
            "multipart/form-data; boundary=a b",
            "multipart/form-data; boundary",
            "",
        ]
    )
    func refusesBadValues(_ contentType: String) {
        #expect(MultipartParser.boundary(fromContentType: contentType) == nil)
    }
}
