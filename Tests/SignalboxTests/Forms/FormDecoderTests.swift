import Foundation
import Signalbox
import Testing

enum Priority: String, CaseIterable, Decodable, Sendable { case low, normal, high }
enum Level: Int, CaseIterable, Decodable, Sendable {
    case one = 1
    case two, three
}

/// One row of the leaf table: a form with one field `value`, and what decoding it gives.
struct LeafRow: Sendable, CustomTestStringConvertible {
    let testDescription: String
    /// `nil` when decoding succeeds, else the field's message.
    let decode: @Sendable () throws -> String?

    struct One<T: Decodable & Sendable>: Decodable, Sendable { var value: T }

    /// `fields` decode to a value equal to `expected`.
    static func ok<T: Decodable & Equatable & Sendable>(_ expected: T, _ fields: FormData) -> LeafRow {
        LeafRow(testDescription: "\(T.self) \(fields.fields) → \(expected)") {
            let decoded = try FormDecoder().decode(One<T>.self, from: fields).value
            return decoded == expected ? nil : "decoded \(decoded)"
        }
    }

    /// `fields` are refused with `message` for the field `value`.
    static func refused<T: Decodable & Sendable>(_ type: T.Type, _ fields: FormData, _ message: String) -> LeafRow {
        LeafRow(testDescription: "\(T.self) \(fields.fields) → \(message)") {
            do {
                let decoded = try FormDecoder().decode(One<T>.self, from: fields)
                return "accepted \(decoded)"
            } catch let rejection as FormRejection {
                let got = rejection.fieldErrors["value"]
                return got == message ? nil : "message \(String(describing: got))"
            }
        }
    }
}

@Suite struct FormDecoderTests {
    @Test(arguments: [
        LeafRow.ok("Buy milk", ["value": "Buy milk"]),
        LeafRow.ok(" padded ", ["value": " padded "]),
        LeafRow.refused(String.self, ["value": ""], "This field is required."),
        LeafRow.refused(String.self, ["value": "   "], "This field is required."),
        LeafRow.refused(String.self, [:], "This field is required."),
        LeafRow.refused(String.self, ["value": "\u{00A0}\u{2003}\t"], "This field is required."),
        LeafRow.ok("é", ["value": "é"]),
        LeafRow.ok(12, ["value": "\t12 "]),
        LeafRow.ok(String?.none, ["value": ""]),
        LeafRow.ok(String?.none, [:]),
        LeafRow.ok(Optional("x"), ["value": "x"]),
        LeafRow.ok(42, ["value": "42"]),
        LeafRow.ok(-7, ["value": " -7 "]),
        LeafRow.refused(Int.self, ["value": "4.5"], "Enter a whole number."),
        LeafRow.refused(Int.self, ["value": "twelve"], "Enter a whole number."),
        LeafRow.refused(Int.self, ["value": ""], "This field is required."),
        LeafRow.refused(Int8.self, ["value": "300"], "Enter a whole number from -128 to 127."),
        LeafRow.refused(UInt.self, ["value": "-1"], "Enter a whole number from 0 to \(UInt.max)."),
        LeafRow.refused(
            Int.self,
            ["value": "99999999999999999999999"],
            "Enter a whole number from \(Int.min) to \(Int.max)."
        ),
        LeafRow.ok(Int?.none, ["value": ""]),
        LeafRow.refused(Int?.self, ["value": "x"], "Enter a whole number."),
        LeafRow.ok(2.5, ["value": "2.5"]),
        LeafRow.ok(Float(-1e3), ["value": "-1e3"]),
        LeafRow.refused(Double.self, ["value": "nan"], "Enter a number."),
        LeafRow.refused(Double.self, ["value": "inf"], "Enter a number."),
        LeafRow.refused(Double.self, ["value": "1,5"], "Enter a number."),
        LeafRow.ok(true, ["value": "on"]),
        LeafRow.ok(true, ["value": "true"]),
        LeafRow.ok(false, [:]),
        LeafRow.ok(true, FormData([("value", "0"), ("value", "on")])),
        LeafRow.ok(false, ["value": "0"]),
        LeafRow.refused(Bool.self, ["value": "maybe"], "Choose yes or no."),
        LeafRow.ok(Date(timeIntervalSince1970: 1_774_915_200), ["value": "2026-03-31"]),
        LeafRow.ok(Date(timeIntervalSince1970: 1_774_965_900), ["value": "2026-03-31T14:05"]),
        LeafRow.ok(Date(timeIntervalSince1970: 1_774_965_907), ["value": "2026-03-31T14:05:07"]),
        LeafRow.refused(Date.self, ["value": "2026-02-30"], "Enter a date as YYYY-MM-DD, such as 2026-03-31."),
        LeafRow.refused(Date.self, ["value": "31/03/2026"], "Enter a date as YYYY-MM-DD, such as 2026-03-31."),
        LeafRow.refused(Date.self, ["value": "2026-03-31T25:00"], "Enter a date as YYYY-MM-DD, such as 2026-03-31."),
        LeafRow.ok(Date?.none, ["value": ""]),
        LeafRow.ok(Decimal(string: "12.50")!, ["value": " 12.50 "]),
        LeafRow.refused(Decimal.self, ["value": "12,50"], "Enter a number."),
        LeafRow.ok(
            UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!,
            ["value": "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"]
        ),
        LeafRow.refused(UUID.self, ["value": "not-a-uuid"], "Enter a valid identifier."),
        LeafRow.ok(Priority.high, ["value": "high"]),
        LeafRow.refused(Priority.self, ["value": "urgent"], "Choose one of: low, normal, high."),
        LeafRow.refused(Priority.self, ["value": ""], "This field is required."),
        LeafRow.ok(Priority?.none, ["value": ""]),
        LeafRow.ok(Level.two, ["value": "2"]),
        LeafRow.refused(Level.self, ["value": "4"], "Choose one of: 1, 2, 3."),
        LeafRow.ok(["a", "b"], FormData([("value", "a"), ("value", ""), ("value", "b")])),
        LeafRow.ok([String](), [:]),
        LeafRow.ok([Priority.low, .high], FormData([("value", "low"), ("value", "high")])),
        LeafRow.refused(
            [Priority].self,
            FormData([("value", "low"), ("value", "x")]),
            "Choose one of: low, normal, high."
        ),
        LeafRow.ok([3, 4], FormData([("value", "3"), ("value", "4")])),
        LeafRow.refused([Int].self, ["value": "3x"], "Enter a whole number."),
        LeafRow.ok([Int]?.none, [:]),
    ])
    func decodesEachKindOfField(_ row: LeafRow) throws {
        #expect(try row.decode() == nil)
    }

    struct NewTodo: Decodable, Sendable {
        var title: String
        var due: Date?
        var priority: Priority
        var estimate: Int
        var urgent: Bool
    }

    @Test func collectsEveryFieldsErrorAtOnce() throws {
        let form: FormData = ["title": "", "due": "tomorrow", "priority": "urgent", "estimate": "soon"]
        let rejection = try #require(throws: FormRejection.self) { try FormDecoder().decode(NewTodo.self, from: form) }
        #expect(
            rejection.fieldErrors == [
                "title": "This field is required.",
                "due": "Enter a date as YYYY-MM-DD, such as 2026-03-31.",
                "priority": "Choose one of: low, normal, high.",
                "estimate": "Enter a whole number.",
            ]
        )
        #expect(rejection.message == FormRejection.defaultMessage)
    }

    @Test func readsDatesInTheDecodersTimeZone() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let decoded = try FormDecoder(timeZone: berlin).decode(
            LeafRow.One<Date>.self,
            from: ["value": "2026-07-01T12:00"]
        )
        #expect(decoded.value == Date(timeIntervalSince1970: 1_782_900_000))  // 10:00 UTC (CEST)
    }

    struct Address: FormValidatable, Equatable, Sendable {
        var street: String
        var zip: String
        static func rules(_ rules: inout FormRules<Self>) {
            rules.field(\.zip, label: "Postcode", .pattern("[0-9]{5}", message: "Enter five digits."))
        }
    }

    struct Member: FormValidatable, Sendable {
        var name: String
        var home: Address
        var work: Address?
        static func rules(_ rules: inout FormRules<Self>) {
            rules.field(\.name, .length(min: 2, max: 10))
        }
    }

    @Test func decodesNestedTypesByDottedNamesWithTheirOwnRules() throws {
        let member = try FormDecoder().decode(
            Member.self,
            from: ["name": "Ann", "home.street": "Main St 1", "home.zip": "12345"]
        )
        #expect(member.home == Address(street: "Main St 1", zip: "12345"))
        #expect(member.work == nil)

        let rejection = try #require(throws: FormRejection.self) {
            try FormDecoder().decode(Member.self, from: ["name": "A", "home.zip": "1", "work.street": "Side St"])
        }
        #expect(
            rejection.fieldErrors == [
                "name": "Use 2 to 10 characters.",
                "home.street": "This field is required.",
                "home.zip": "Enter five digits.",
                "work.zip": "This field is required.",
            ]
        )
        let schema = FormSchema(of: Member.self)
        #expect(schema.fields.map(\.name) == ["name", "home.street", "home.zip", "work.street", "work.zip"])
        #expect(schema["home.zip"]?.label == "Postcode")
        #expect(schema["work.zip"]?.constraints == [.pattern("[0-9]{5}")])
    }

    struct Signup: FormValidatable, Sendable {
        var username: String
        var email: String
        var age: Int
        var nickname: String?
        var colours: [String]
        var newsletter: Bool
        var terms: Bool
        var dueDate: Date?
        var level: Priority

        enum CodingKeys: String, CodingKey {
            case username, email, age, nickname, colours, newsletter, terms, level
            case dueDate = "due_date"
        }

        static func rules(_ rules: inout FormRules<Self>) {
            rules.field(\.username, hint: "Letters and digits.", .pattern("[a-z0-9]+", message: "Use a–z and 0–9."))
            rules.field(\.email, control: .email, .email)
            rules.field(\.age, .range(18...130))
            rules.field(\.nickname, message: "Pick a short nickname.", .length(max: 5))
            rules.field(\.colours, .count(min: 1, max: 2), .oneOf([["red"], ["green"], ["red", "green"]]))
            rules.field(\.terms, .custom("Accept the terms to go on.") { $0 })
            rules.field(\.dueDate, label: "Due", .atLeast(Date(timeIntervalSince1970: 1_767_225_600)))
            rules.field(\.level, .oneOf([.normal, .high]))
        }
    }

    @Test func runsEveryRuleAndReportsTheFirstFailurePerField() throws {
        let form = FormData([
            ("username", "Ann!"), ("email", "ann@"), ("age", "12"), ("nickname", "Annabelle"),
            ("colours", "red"), ("colours", "green"), ("colours", "blue"), ("due_date", "2025-06-01"),
            ("level", "low"),
        ])
        let rejection = try #require(throws: FormRejection.self) { try FormDecoder().decode(Signup.self, from: form) }
        #expect(
            rejection.fieldErrors == [
                "username": "Use a–z and 0–9.",
                "email": "Enter an email address, such as name@example.com.",
                "age": "Enter a whole number from 18 to 130.",
                "nickname": "Pick a short nickname.",
                "colours": "Choose 1 to 2.",
                "terms": "Accept the terms to go on.",
                "due_date": "Enter a date of at least 2026-01-01.",
                "level": "Choose one of: normal, high.",
            ]
        )
    }

    @Test func acceptsAFormThatPassesEveryRule() throws {
        let form = FormData([
            ("username", "ann"), ("email", "ann@example.com"), ("age", "30"), ("colours", "red"),
            ("terms", "on"), ("due_date", "2026-06-01"), ("level", "high"), ("nickname", ""),
        ])
        let signup = try FormDecoder().decode(Signup.self, from: form)
        #expect(signup.username == "ann" && signup.age == 30 && signup.colours == ["red"] && signup.terms)
        #expect(signup.nickname == nil && !signup.newsletter && signup.level == .high)
    }

    @Test func describesTheFormsFieldsFromTheTypeAndItsRules() {
        let schema = FormSchema(of: Signup.self)
        #expect(
            schema.fields.map(\.name) == [
                "username", "email", "age", "nickname", "colours", "newsletter", "terms", "level", "due_date",
            ]
        )
        #expect(schema["username"]?.hint == "Letters and digits.")
        #expect(schema["username"]?.isOptional == false)
        #expect(schema["email"]?.control == .email)
        #expect(schema["age"]?.kind == .integer)
        #expect(schema["age"]?.constraints == [.range(min: 18, max: 130)])
        #expect(schema["nickname"]?.isOptional == true)
        #expect(schema["colours"]?.isRepeated == true)
        #expect(schema["colours"]?.kind == .text)
        #expect(schema["newsletter"]?.kind == .checkbox)
        #expect(schema["newsletter"]?.label == "Newsletter")
        #expect(schema["due_date"]?.label == "Due")
        #expect(schema["due_date"]?.kind == .date)
        #expect(schema["level"]?.kind == .choice(["low", "normal", "high"]))
        #expect(schema["level"]?.control == .select)
    }

    struct Broken: FormValidatable {
        var title: String
        var shout: String { self.title.uppercased() }
        static func rules(_ rules: inout FormRules<Self>) {
            rules.field(\.shout, .length(max: 3))
        }
    }

    @Test func refusesRulesForKeyPathsThatAreNotFields() {
        #expect(throws: FormDefinitionError.self) { try FormDecoder().decode(Broken.self, from: ["title": "x"]) }
    }

    struct Flags: FormValidatable {
        var a: Bool
        var b: Bool
        var c: Bool
        var d: Bool
        var e: Priority
        var f: Priority
        static func rules(_ rules: inout FormRules<Self>) {
            rules.field(\.c, label: "Third")
            rules.field(\.f, label: "Sixth")
        }
    }

    @Test func tellsApartFieldsWithFewValuesByKeyPath() {
        let schema = FormSchema(of: Flags.self)
        #expect(schema.fields.map(\.label) == ["A", "B", "Third", "D", "E", "Sixth"])
    }

    @Test(arguments: [
        FormData([("title", "%00"), ("priority", String(repeating: "x", count: 10_000))]),
        FormData([("title.x.y", "1"), ("priority", "low"), ("estimate", "1e400")]),
        FormData([("title", "\u{0}"), ("priority", "low"), ("estimate", "-"), ("urgent", "☃")]),
        FormData((0..<200).map { ("due", "\($0)") }),
    ])
    func refusesHostileInputWithMessagesNotTraps(_ form: FormData) {
        #expect(throws: FormRejection.self) { try FormDecoder().decode(NewTodo.self, from: form) }
    }

    @Test func labelsFieldsFromTheirNames() {
        struct Labels: Decodable {
            var dueDate: Date?
            var zip_code: String
            var URL: String
            var userID: Int
        }
        #expect(FormSchema(of: Labels.self).fields.map(\.label) == ["Due date", "Zip code", "URL", "User ID"])
    }
}
