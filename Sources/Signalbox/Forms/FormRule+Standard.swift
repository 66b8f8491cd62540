import Foundation

extension FormRule where Value == String {
    /// At least `min` and at most `max` characters: "Use at most 200 characters."
    public static func length(min: Int? = nil, max: Int? = nil) -> FormRule {
        let message =
            switch (min, max) {
            case (let min?, let max?): "Use \(min) to \(max) characters."
            case (let min?, nil): "Use at least \(min) characters."
            case (nil, let max?): "Use at most \(max) characters."
            case (nil, nil): ""
            }
        return FormRule(constraint: .length(min: min, max: max)) { text in
            let count = text.count
            return count < (min ?? 0) || count > (max ?? .max) ? message : nil
        }
    }

    /// The whole text matches the regular expression `pattern` (also given to the browser as
    /// the input's `pattern`): `.pattern("[a-z0-9_]+", message: "Use a–z, 0–9 and _ only.")`.
    public static func pattern(_ pattern: String, message: String) -> FormRule {
        FormRule(constraint: .pattern(pattern)) { text in
            guard let regex = try? Regex(pattern) else { return message }
            return (try? regex.wholeMatch(in: text)) != nil ? nil : message
        }
    }

    /// An email address: one `@` with text before it and a domain with a dot after it, no
    /// spaces, at most 254 characters.
    public static var email: FormRule {
        FormRule(constraint: .email) { text in
            let parts = text.split(separator: "@", omittingEmptySubsequences: false)
            let valid =
                parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !parts[1].hasPrefix(".")
                && !parts[1].hasSuffix(".") && text.count <= 254 && !text.contains(where: \.isWhitespace)
            return valid ? nil : "Enter an email address, such as name@example.com."
        }
    }
}

extension FormRule where Value: Comparable {
    /// Within `range`: "Enter a whole number from 1 to 5."
    public static func range(_ range: ClosedRange<Value>) -> FormRule {
        let message =
            "\(FormValueText.noun(for: Value.self)) from \(FormValueText.text(range.lowerBound)) to \(FormValueText.text(range.upperBound))."
        return FormRule(
            constraint: FormValueText.numberRange(range.lowerBound, range.upperBound)
        ) { range.contains($0) ? nil : message }
    }

    /// At least `minimum`: "Enter a whole number of at least 1."
    public static func atLeast(_ minimum: Value) -> FormRule {
        let message = "\(FormValueText.noun(for: Value.self)) of at least \(FormValueText.text(minimum))."
        return FormRule(constraint: FormValueText.numberRange(minimum, nil)) { $0 >= minimum ? nil : message }
    }

    /// At most `maximum`: "Enter a number of at most 9.5."
    public static func atMost(_ maximum: Value) -> FormRule {
        let message = "\(FormValueText.noun(for: Value.self)) of at most \(FormValueText.text(maximum))."
        return FormRule(constraint: FormValueText.numberRange(nil, maximum)) { $0 <= maximum ? nil : message }
    }
}

extension FormRule where Value: Equatable {
    /// One of `values`: "Choose one of: red, green."
    public static func oneOf(_ values: [Value]) -> FormRule {
        let message = "Choose one of: \(values.map { FormValueText.text($0) }.joined(separator: ", "))."
        return FormRule { values.contains($0) ? nil : message }
    }
}

extension FormRule where Value: Collection {
    /// How many values a repeated field holds: "Choose at least 1."
    public static func count(min: Int? = nil, max: Int? = nil) -> FormRule {
        let message =
            switch (min, max) {
            case (let min?, let max?): "Choose \(min) to \(max)."
            case (let min?, nil): "Choose at least \(min)."
            case (nil, let max?): "Choose at most \(max)."
            case (nil, nil): ""
            }
        return FormRule(constraint: .count(min: min, max: max)) { values in
            values.count < (min ?? 0) || values.count > (max ?? .max) ? message : nil
        }
    }
}

/// How rule messages write values.
enum FormValueText {
    static func noun(for type: Any.Type) -> String {
        switch type {
        case is any BinaryInteger.Type: "Enter a whole number"
        case is any BinaryFloatingPoint.Type: "Enter a number"
        case is Date.Type: "Enter a date"
        default: "Enter a value"
        }
    }

    static func text(_ value: Any) -> String {
        switch value {
        case let date as Date: FormDates.dayText(date, in: .gmt)
        case let raw as any RawRepresentable: String(describing: raw.rawValue)
        default: String(describing: value)
        }
    }

    /// The range as a number constraint when the values are numbers.
    static func numberRange(_ lower: Any?, _ upper: Any?) -> FormConstraint? {
        func number(_ value: Any?) -> Double?? {
            switch value {
            case nil: .some(nil)
            case let integer as any BinaryInteger: .some(Double(integer))
            case let float as any BinaryFloatingPoint: .some(Double(float))
            default: .none
            }
        }
        guard case .some(let min) = number(lower), case .some(let max) = number(upper) else { return nil }
        return .range(min: min, max: max)
    }
}
