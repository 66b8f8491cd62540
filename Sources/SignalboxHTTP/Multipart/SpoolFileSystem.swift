#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The file system calls ``MultipartSpooler`` makes.
enum SpoolFileSystem {
    /// Creates a new, empty file for writing in `directory`, named from 128 random bits, readable only by its owner.
    ///
    /// - Returns: The open file descriptor and the file's path.
    static func createFile(in directory: String) throws(MultipartSpoolError) -> (descriptor: Int32, path: String) {
        var generator = SystemRandomNumberGenerator()
        var attempts = 0
        while true {
            attempts += 1
            let random = Self.hex(generator.next()) + Self.hex(generator.next())
            let path = (directory.hasSuffix("/") ? directory : directory + "/") + random + ".upload"
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if descriptor >= 0 {
                return (descriptor, path)
            }
            let code = errno
            // EEXIST would take a 128-bit collision, or a file planted by someone who can guess the future.
            guard (code == EINTR || code == EEXIST) && attempts < 8 else {
                throw .io("cannot create a temporary file: \(Self.describe(code))")
            }
        }
    }

    /// Writes all of `bytes` to `descriptor`.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws(MultipartSpoolError) {
        guard let base = bytes.baseAddress else {
            return
        }
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, base + offset, bytes.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                throw .io("cannot write a temporary file: \(Self.describe(written < 0 ? errno : EIO))")
            }
        }
    }

    /// Closes a file that was written, reporting errors the system reports only now.
    static func closeWritten(_ descriptor: Int32) throws(MultipartSpoolError) {
        if close(descriptor) != 0 && errno != EINTR {
            throw .io("cannot write a temporary file: \(Self.describe(errno))")
        }
    }

    /// Closes a file that is given up on.
    static func closeQuietly(_ descriptor: Int32) {
        _ = close(descriptor)
    }

    /// Removes a file if it is still there.
    static func remove(_ path: String) {
        _ = unlink(path)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private static func describe(_ code: Int32) -> String {
        "\(String(cString: strerror(code))) (errno \(code))"
    }
}
