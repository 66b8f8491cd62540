// swift-tools-version:6.2
import PackageDescription

// Signalbox on PostgreSQL: sessions and the demo's data shared by several instances. A package of
// its own so that users of the embedded server (the root package) never compile SwiftNIO. Its tests
// live in the integrations' workspace (../Package.swift), which builds SwiftNIO once for all three.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
]

let package = Package(
    name: "signalbox-postgres",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "SignalboxPostgres", targets: ["SignalboxPostgres"]),
        .library(name: "TodoPostgres", targets: ["TodoPostgres"]),
        .executable(name: "todo-demo-postgres", targets: ["TodoDemoPostgres"]),
    ],
    dependencies: [
        // Named: a path dependency is otherwise known by its folder, whatever the clone is called.
        .package(name: "Signalbox", path: "../.."),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-collections.git", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    ],
    targets: [
        // Sessions in PostgreSQL, shared by every instance behind a load balancer.
        .target(
            name: "SignalboxPostgres",
            dependencies: [
                .product(name: "SignalboxWeb", package: "Signalbox"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        // The todo demo's data in PostgreSQL (users, todos, projects, the login throttle).
        .target(
            name: "TodoPostgres",
            dependencies: [
                "SignalboxPostgres",
                .product(name: "TodoApp", package: "Signalbox"),
                .product(name: "TodoStorage", package: "Signalbox"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The todo demo on PostgreSQL; without --postgres it is todo-demo.
        .executableTarget(
            name: "TodoDemoPostgres",
            dependencies: [
                "SignalboxPostgres",
                "TodoPostgres",
                .product(name: "TodoDemoServer", package: "Signalbox"),
                .product(name: "SignalboxWeb", package: "Signalbox"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
    ]
)

for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + swiftSettings
}
