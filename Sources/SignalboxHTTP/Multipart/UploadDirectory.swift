import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where this process spools uploads: `<TMPDIR>/signalbox-uploads-<pid>`, made once (mode
/// 0700). Making it removes the folders of processes that are gone (killed with `kill -9`, say,
/// before they could remove their temporary files).
public enum UploadDirectory {
    private static let made = Mutex<String?>(nil)

    /// The folder's path, made on first use.
    ///
    /// - Throws: ``MultipartSpoolError/io(_:)`` when it cannot be made.
    public static func path() throws(MultipartSpoolError) -> String {
        try Self.made.withLock { (made: inout String?) throws(MultipartSpoolError) -> String in
            if let made { return made }
            let base = Self.temporaryBase()
            Self.removeAbandoned(in: base)
            let path = "\(base)/signalbox-uploads-\(getpid())"
            if mkdir(path, 0o700) != 0 && errno != EEXIST {
                throw .io("cannot make the upload folder \(path): \(String(cString: strerror(errno)))")
            }
            made = path
            return path
        }
    }

    private static func temporaryBase() -> String {
        if let value = getenv("TMPDIR"), let text = String(validatingCString: value), text.hasPrefix("/") {
            return text.hasSuffix("/") && text.count > 1 ? String(text.dropLast()) : text
        }
        return "/tmp"
    }

    /// Removes `signalbox-uploads-<pid>` folders whose process no longer runs.
    private static func removeAbandoned(in base: String) {
        let prefix = "signalbox-uploads-"
        for name in FileSystem.entries(of: base) ?? [] {
            guard name.hasPrefix(prefix), let pid = pid_t(name.dropFirst(prefix.count)), pid != getpid() else {
                continue
            }
            guard kill(pid, 0) != 0, errno == ESRCH else { continue }
            Self.removeFolder("\(base)/\(name)")
        }
    }

    /// Removes a folder of plain files (what a spooler leaves).
    private static func removeFolder(_ path: String) {
        for name in FileSystem.entries(of: path) ?? [] { unlink("\(path)/\(name)") }
        rmdir(path)
    }
}
