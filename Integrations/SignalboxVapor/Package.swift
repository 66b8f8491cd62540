// swift-tools-version:6.2
import PackageDescription

// Signalbox mounted in a Vapor 4 application. A package of its own so that users of the embedded
// server (the root package) never compile SwiftNIO. Its tests live in the integrations' workspace
// (../Package.swift), which builds SwiftNIO once for all three.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
]

let package = Package(
    name: "signalbox-vapor",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "SignalboxVapor", targets: ["SignalboxVapor"]),
        .library(name: "TodoVaporService", targets: ["TodoVaporService"]),
        .executable(name: "todo-vapor", targets: ["TodoVapor"]),
    ],
    dependencies: [
        // Named: a path dependency is otherwise known by its folder, whatever the clone is called.
        .package(name: "Signalbox", path: "../.."),
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    ],
    targets: [
        // The adapter: a WebApp (and its static files) mounted at a path of a Vapor application.
        .target(
            name: "SignalboxVapor",
            dependencies: [
                .product(name: "SignalboxHTTP", package: "Signalbox"),
                .product(name: "SignalboxWeb", package: "Signalbox"),
                .product(name: "Vapor", package: "vapor"),
            ]
        ),
        // An example service: its own JSON routes next to the todo demo mounted at /todo.
        .target(
            name: "TodoVaporService",
            dependencies: [
                "SignalboxVapor",
                .product(name: "SignalboxWeb", package: "Signalbox"),
                .product(name: "TodoApp", package: "Signalbox"),
                .product(name: "TodoDemoServer", package: "Signalbox"),
                .product(name: "Vapor", package: "vapor"),
            ]
        ),
        // `todo-vapor`: the example service on Vapor's server, with the todo demo's options.
        .executableTarget(
            name: "TodoVapor",
            dependencies: [
                "TodoVaporService",
                // SignalWaiter: SIGINT and SIGTERM, whatever thread they arrive on.
                .product(name: "SignalboxMHD", package: "Signalbox"),
                .product(name: "SignalboxWeb", package: "Signalbox"),
                .product(name: "TodoDemoServer", package: "Signalbox"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
    ]
)

for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + swiftSettings
}
