import Foundation
import NIOSSL
public import PostgresNIO

extension PostgresClient.Configuration {
    /// A configuration from a connection URL:
    /// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require]`.
    ///
    /// ```swift
    /// let configuration = try PostgresClient.Configuration(url: "postgres://app@db.internal/app?sslmode=require")
    /// ```
    ///
    /// Without `sslmode`, TLS is off (`disable`), as on a loopback or private network. The port
    /// defaults to 5432 and the database to the user's name.
    ///
    /// - Throws: ``PostgresURLError`` saying what is wrong with the URL.
    public init(url text: String) throws(PostgresURLError) {
        guard let url = URL(string: text), let scheme = url.scheme else { throw .init(url: text, problem: "not a URL") }
        guard scheme == "postgres" || scheme == "postgresql" else {
            throw .init(url: text, problem: "the scheme must be postgres:// or postgresql://")
        }
        guard let host = url.host, !host.isEmpty else { throw .init(url: text, problem: "no host") }
        guard let user = url.user, !user.isEmpty else { throw .init(url: text, problem: "no user") }
        let path = url.path.hasPrefix("/") ? String(url.path.dropFirst()) : url.path
        let query = URLComponents(string: text)?.queryItems ?? []
        let tls: PostgresClient.Configuration.TLS
        switch query.first(where: { $0.name == "sslmode" })?.value ?? "disable" {
        case "disable": tls = .disable
        case "prefer": tls = .prefer(.makeClientConfiguration())
        case "require": tls = .require(.makeClientConfiguration())
        case let other: throw .init(url: text, problem: "sslmode \(other) is not one of disable, prefer, require")
        }
        self.init(
            host: host,
            port: url.port ?? 5432,
            username: user.removingPercentEncoding ?? user,
            password: url.password.map { $0.removingPercentEncoding ?? $0 },
            database: path.isEmpty ? user : (path.removingPercentEncoding ?? path),
            tls: tls
        )
    }
}

/// A PostgreSQL URL that cannot be used; the password is never repeated.
public struct PostgresURLError: Error, Sendable, CustomStringConvertible {
    /// The URL without its password.
    public var url: String
    /// What is wrong with it.
    public var problem: String

    init(url: String, problem: String) {
        var components = URLComponents(string: url)
        if components?.password != nil { components?.password = "***" }
        self.url = components?.string ?? "(unreadable URL)"
        self.problem = problem
    }

    public var description: String { "cannot use the PostgreSQL URL \(self.url): \(self.problem)" }
}
