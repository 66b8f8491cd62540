#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output without stdio's buffer: `print` is block-buffered when standard output is a
/// pipe, so a line a script waits for ("Listening on …") would sit in the buffer; and
/// `fflush(stdout)` does not compile in Swift 6 (`stdout` is a shared mutable global).
public enum StandardOutput {
    /// Writes `line` and a newline to file descriptor 1 at once.
    public static func writeLine(_ line: String) {
        self.writeLine(line, toFileDescriptor: 1)
    }

    /// Writes `line` and a newline to `descriptor` (2: standard error) at once.
    static func writeLine(_ line: String, toFileDescriptor descriptor: Int32) {
        var bytes = Array((line + "\n").utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            if written <= 0 { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
