// swift-tools-version:6.2
import PackageDescription

// Signalbox mounted in a Hummingbird 2 service. A package of its own so that users of the embedded
// server (the root package) never compile SwiftNIO. Its tests live in the integrations' workspace
// (../Package.swift), which builds SwiftNIO once for all three.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
]

let package = Package(
    name: "signalbox-hummingbird",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "SignalboxHummingbird", targets: ["SignalboxHummingbird"]),
        .library(name: "TodoHummingbirdService", targets: ["TodoHummingbirdService"]),
        .executable(name: "todo-hummingbird", targets: ["TodoHummingbird"]),
    ],
    dependencies: [
        // Named: a path dependency is otherwise known by its folder, whatever the clone is called.
        .package(name: "Signalbox", path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    ],
    targets: [
        // `router.mount(app, at: "/todo", publicFolder: "Public")`.
        .target(
            name: "SignalboxHummingbird",
            dependencies: [
                .product(name: "SignalboxWeb", package: "Signalbox"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        // The example service: /api/health, /api/stats and the todo demo at /todo.
        .target(
            name: "TodoHummingbirdService",
            dependencies: [
                "SignalboxHummingbird",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "SignalboxWeb", package: "Signalbox"),
                .product(name: "TodoApp", package: "Signalbox"),
                .product(name: "TodoDemoServer", package: "Signalbox"),
            ]
        ),
        .executableTarget(
            name: "TodoHummingbird",
            dependencies: [
                "TodoHummingbirdService",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "TodoDemoServer", package: "Signalbox"),
            ]
        ),
    ]
)

for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + swiftSettings
}
