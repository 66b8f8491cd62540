import Foundation

/// The text of `<input type="date">` (`2026-03-31`) and `<input type="datetime-local">`
/// (`2026-03-31T14:05`, seconds optional), read as a moment in a time zone.
enum FormDates {
    /// The moment `text` names in `timeZone`, or `nil` when it is not such a date (or names a
    /// day that does not exist, such as February 30).
    static func date(from text: String, in timeZone: TimeZone) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 10 || bytes.count == 16 || bytes.count == 19 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            year >= 1, (1...12).contains(month), day >= 1
        else { return nil }
        var components = DateComponents(year: year, month: month, day: day, hour: 0, minute: 0, second: 0)
        if bytes.count >= 16 {
            guard bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "), bytes[13] == UInt8(ascii: ":"),
                let hour = number(11..<13), let minute = number(14..<16), hour < 24, minute < 60
            else { return nil }
            components.hour = hour
            components.minute = minute
        }
        if bytes.count == 19 {
            guard bytes[16] == UInt8(ascii: ":"), let second = number(17..<19), second < 60 else { return nil }
            components.second = second
        }
        let calendar = Self.calendar(timeZone)
        guard let date = calendar.date(from: components) else { return nil }
        // The calendar rolls February 30 over to March 2: refuse a day the month does not have.
        guard calendar.component(.day, from: date) == day, calendar.component(.month, from: date) == month else {
            return nil
        }
        return date
    }

    /// `date` as `YYYY-MM-DD` in `timeZone` (what `<input type="date">` shows).
    static func dayText(_ date: Date, in timeZone: TimeZone) -> String {
        let parts = Self.calendar(timeZone).dateComponents([.year, .month, .day], from: date)
        return Self.pad(parts.year ?? 0, 4) + "-" + Self.pad(parts.month ?? 0, 2) + "-" + Self.pad(parts.day ?? 0, 2)
    }

    /// `date` as `YYYY-MM-DDTHH:MM` in `timeZone` (what `<input type="datetime-local">` shows).
    static func minuteText(_ date: Date, in timeZone: TimeZone) -> String {
        let parts = Self.calendar(timeZone).dateComponents([.hour, .minute], from: date)
        return Self.dayText(date, in: timeZone) + "T" + Self.pad(parts.hour ?? 0, 2) + ":"
            + Self.pad(parts.minute ?? 0, 2)
    }

    private static func calendar(_ timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
