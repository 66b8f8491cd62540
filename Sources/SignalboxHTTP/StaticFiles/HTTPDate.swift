#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// HTTP dates (RFC 9110 §5.6.7): formats IMF-fixdate, parses all three historic formats.
enum HTTPDate {
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Sun, 06 Nov 1994 08:49:37 GMT` for seconds since 1970.
    static func format(_ seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let weekday = Self.weekdays[Int(parts.tm_wday)]
        let month = Self.months[Int(parts.tm_mon)]
        return "\(weekday), \(two(parts.tm_mday)) \(month) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }

    /// Seconds since 1970 for an IMF-fixdate, RFC 850 or asctime date; `nil` if it is none of them.
    static func parse(_ text: String) -> Int? {
        let tokens = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        var day: Int?
        var month: Int?
        var year: Int?
        var clock: (Int, Int, Int)?
        switch tokens.count {
        case 6 where tokens[5] == "GMT":  // Sun, 06 Nov 1994 08:49:37 GMT
            day = Int(tokens[1])
            month = Self.month(tokens[2])
            year = Int(tokens[3])
            clock = Self.clock(tokens[4])
        case 4 where tokens[3] == "GMT":  // Sunday, 06-Nov-94 08:49:37 GMT
            let date = tokens[1].split(separator: "-").map(String.init)
            guard date.count == 3, let shortYear = Int(date[2]) else { return nil }
            day = Int(date[0])
            month = Self.month(date[1])
            year = date[2].count == 2 ? (shortYear < 70 ? 2000 + shortYear : 1900 + shortYear) : shortYear
            clock = Self.clock(tokens[2])
        case 5:  // Sun Nov  6 08:49:37 1994
            month = Self.month(tokens[1])
            day = Int(tokens[2])
            clock = Self.clock(tokens[3])
            year = Int(tokens[4])
        default:
            return nil
        }
        guard let day, let month, let year, let clock, (1...31).contains(day), (1900...9999).contains(year) else {
            return nil
        }
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(clock.0)
        parts.tm_min = Int32(clock.1)
        parts.tm_sec = Int32(clock.2)
        return Int(timegm(&parts))
    }

    private static func month(_ name: String) -> Int? {
        Self.months.firstIndex(of: name)
    }

    private static func clock(_ text: String) -> (Int, Int, Int)? {
        let parts = text.split(separator: ":").compactMap { Int($0) }
        guard parts.count == 3, (0...23).contains(parts[0]), (0...59).contains(parts[1]), (0...60).contains(parts[2])
        else { return nil }
        return (parts[0], parts[1], parts[2])
    }
}
