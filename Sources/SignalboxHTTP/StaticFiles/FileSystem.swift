#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX file calls ``StaticFiles`` needs.
enum FileSystem {
    enum Kind {
        case regular
        case directory
        case other
        case missing
    }

    /// Size and modification time of an open file.
    struct Info {
        var size: Int
        var modifiedSeconds: Int
        var modifiedNanoseconds: Int
        var isRegular: Bool
    }

    static var lastError: Int32 { errno }

    /// The names of the entries of a directory (without `.` and `..`); `nil` if it cannot be read.
    static func entries(of directory: String) -> Set<String>? {
        guard let stream = opendir(directory) else { return nil }
        defer { closedir(stream) }
        var names: Set<String> = []
        while let entry = readdir(stream) {
            let name = Self.name(of: entry)
            if name != "." && name != ".." { names.insert(name) }
        }
        return names
    }

    /// An entry's name, read in place up to its NUL. Copying `entry.pointee` would read a whole
    /// `dirent` (280 bytes on Linux), but an entry is only as long as its name (`d_reclen`): for
    /// the last one in `readdir`'s buffer the copy can run past the buffer's end (a crash seen when
    /// a folder with many entries was listed).
    static func name(of entry: UnsafePointer<dirent>) -> String {
        String(cString: (UnsafeRawPointer(entry) + Self.nameOffset).assumingMemoryBound(to: CChar.self))
    }

    private static let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!

    /// The absolute path with every symbolic link, `.` and `..` resolved; `nil` if it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func kind(of path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// An open, read-only file descriptor, closed when the value is released.
    final class OpenFile {
        let descriptor: Int32
        let info: Info

        /// Opens `path` without following a final symbolic link.
        init?(path: String) {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
            guard descriptor >= 0 else { return nil }
            var status = stat()
            guard fstat(descriptor, &status) == 0 else {
                close(descriptor)
                return nil
            }
            self.descriptor = descriptor
            #if canImport(Darwin)
            let modified = status.st_mtimespec
            #else
            let modified = status.st_mtim
            #endif
            self.info = Info(
                size: Int(status.st_size),
                modifiedSeconds: Int(modified.tv_sec),
                modifiedNanoseconds: Int(modified.tv_nsec),
                isRegular: status.st_mode & S_IFMT == S_IFREG
            )
        }

        deinit {
            close(self.descriptor)
        }

        /// The whole content, or `nil` if reading fails or the file changed size meanwhile.
        func readAll() -> [UInt8]? {
            let size = self.info.size
            var failed = false
            let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
                var offset = 0
                while offset < size {
                    let count = read(self.descriptor, buffer.baseAddress! + offset, size - offset)
                    if count < 0, errno == EINTR { continue }
                    if count <= 0 { break }
                    offset += count
                }
                failed = offset != size
                initialized = offset
            }
            return failed ? nil : bytes
        }
    }
}
