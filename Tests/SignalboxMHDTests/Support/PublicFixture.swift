#if canImport(Glibc)
@_spi(RawHTTP) import SignalboxTesting
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A temporary `Public/` folder with a secret next to it and symbolic links in and out, removed
/// when released. Every test gets its own.
///
/// ```
/// <base>/secret.txt                  TOP SECRET (outside the root)
/// <base>/Public2/secret.txt          TOP SECRET (a sibling whose name starts like the root's)
/// <base>/outside/secret.txt          TOP SECRET
/// <base>/Public/…                    the root (see `init`)
/// ```
final class PublicFixture {
    static let secret = "TOP SECRET"
    /// 1994-11-06 08:49:37 UTC.
    static let notesModified = 784_111_777

    let base: String
    let root: String
    private var created: [String] = []

    init() throws {
        var template = Array("/tmp/signalbox-mhd-static-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw RawClient.Failure(description: "mkdtemp failed: errno \(errno)")
        }
        self.base = String(cString: made)
        self.root = self.base + "/Public"

        try self.writeFile("secret.txt", Self.secret)
        try self.directory("Public2")
        try self.writeFile("Public2/secret.txt", Self.secret)
        try self.directory("outside")
        try self.writeFile("outside/secret.txt", Self.secret)

        try self.directory("Public")
        try self.writeFile("Public/index.html", "<!doctype html><title>home</title>")
        try self.directory("Public/css")
        try self.writeFile("Public/css/app.css", "body { color: #333 }\n")
        try self.directory("Public/js")
        try self.writeFile("Public/js/app.js", "console.log('hi')\n")
        try self.writeFile("Public/data.json", #"{"ok":true}"#)
        try self.writeFile("Public/img.png", String(decoding: [0x89, 0x50, 0x4E, 0x47], as: UTF8.self))
        try self.writeFile("Public/notes.txt", "plain notes\n")
        try self.setModified("Public/notes.txt", seconds: Self.notesModified)
        try self.writeFile("Public/unknown.bin", "??")
        try self.writeFile("Public/empty.txt", "")
        try self.writeFile("Public/space name.txt", "spaced\n")
        try self.writeFile("Public/café.txt", "accent\n")
        try self.writeFile("Public/.env", "PASSWORD=\(Self.secret)")
        for backup in ["app.css~", "#app.css#", "app.css.bak", "app.css.swp", "app.css.orig", "config.js.rej"] {
            try self.writeFile("Public/css/\(backup)", "old \(Self.secret)")
        }
        try self.directory("Public/sub")
        try self.writeFile("Public/sub/index.html", "<p>sub index</p>")
        try self.makeLink("Public/link-inside", to: "css/app.css")
        try self.makeLink("Public/link-outside", to: "../secret.txt")
        try self.makeLink("Public/link-absolute", to: self.base + "/secret.txt")
        try self.makeLink("Public/dir-link-outside", to: "../outside")
        try self.makeLink("Public/prefix-trick", to: "../Public2/secret.txt")
    }

    deinit {
        for path in self.created.reversed() {
            if unlink(path) != 0 {
                rmdir(path)
            }
        }
        rmdir(self.base)
    }

    private func directory(_ relative: String) throws {
        let path = self.base + "/" + relative
        guard mkdir(path, 0o755) == 0 else { throw RawClient.Failure(description: "mkdir \(path): errno \(errno)") }
        self.created.append(path)
    }

    private func writeFile(_ relative: String, _ content: String) throws {
        let path = self.base + "/" + relative
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw RawClient.Failure(description: "open \(path): errno \(errno)") }
        defer { close(descriptor) }
        self.created.append(path)
        let bytes = Array(content.utf8)
        guard bytes.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
            throw RawClient.Failure(description: "write \(path): errno \(errno)")
        }
    }

    private func makeLink(_ relative: String, to destination: String) throws {
        let path = self.base + "/" + relative
        guard symlink(destination, path) == 0 else {
            throw RawClient.Failure(description: "symlink \(path): errno \(errno)")
        }
        self.created.append(path)
    }

    private func setModified(_ relative: String, seconds: Int) throws {
        let path = self.base + "/" + relative
        var times = [timeval(tv_sec: seconds, tv_usec: 0), timeval(tv_sec: seconds, tv_usec: 0)]
        guard utimes(path, &times) == 0 else { throw RawClient.Failure(description: "utimes \(path): errno \(errno)") }
    }
}
