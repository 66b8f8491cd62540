// swift-tools-version:6.2
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
]

let package = Package(
    name: "Signalbox",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Signalbox", targets: ["Signalbox"]),
        .library(name: "SignalboxHTTP", targets: ["SignalboxHTTP"]),
        .library(name: "SignalboxWeb", targets: ["SignalboxWeb"]),
        .library(name: "SignalboxMHD", targets: ["SignalboxMHD"]),
        .library(name: "SignalboxRunner", targets: ["SignalboxRunner"]),
        .library(name: "SignalboxTesting", targets: ["SignalboxTesting"]),
        .library(name: "SignalboxServerTesting", targets: ["SignalboxServerTesting"]),
        .library(name: "SignalboxSQLite", targets: ["SignalboxSQLite"]),
        // The demo as libraries, for the PostgreSQL package's `todo-demo-postgres` (Integrations/Postgres).
        .library(name: "TodoApp", targets: ["TodoApp"]),
        .library(name: "TodoStorage", targets: ["TodoStorage"]),
        .library(name: "TodoDemoServer", targets: ["TodoDemoServer"]),
        .executable(name: "todo-demo", targets: ["TodoDemo"]),
    ],
    // The demo's own dependencies (swift-crypto for password hashes, swift-prometheus for /metrics)
    // sit behind this trait, on by default. A package that uses only the library products depends
    // on Signalbox with `traits: []` and never resolves them.
    traits: [
        .trait(
            name: "TodoDemo",
            description: "Builds the todo demo (TodoApp, TodoStorage, TodoDemoServer, todo-demo) with its dependencies."
        ),
        .default(enabledTraits: ["TodoDemo"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0", traits: []),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        // The compiled engine claims byte parity with this swift-mustache; a minor release may change that.
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", .upToNextMinor(from: "2.1.1")),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
    ],
    targets: [
        // Core: coordinators, routes, the URL codec, snapshots. Standard library only.
        .target(name: "Signalbox"),

        // The HTTP edge shared by every server: request/response values and the `Responder` protocol.
        // Static files, content negotiation, JSON escaping and request ids live here, so every
        // server (and an embedding service) shares them without linking libmicrohttpd.
        .target(
            name: "SignalboxHTTP",
            dependencies: [.product(name: "HTTPTypes", package: "swift-http-types")]
        ),

        // Sessions, request → navigation, rendering. Speaks HTTPTypes only.
        .target(
            name: "SignalboxWeb",
            dependencies: [
                "Signalbox",
                "SignalboxHTTP",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ]
        ),

        // Durable sessions in SQLite (GRDB, on the system's libsqlite3).
        .target(
            name: "SignalboxSQLite",
            dependencies: ["Signalbox", "SignalboxWeb", .product(name: "GRDB", package: "GRDB.swift")]
        ),

        // The embedded server on GNU libmicrohttpd.
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]
        ),
        .target(name: "CMicroHTTPDShim", dependencies: ["CMicroHTTPD"]),
        .target(
            name: "SignalboxMHD",
            dependencies: [
                "CMicroHTTPD",
                "CMicroHTTPDShim",
                "SignalboxHTTP",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // An app's executable in one call: options, logging, the embedded server as a Service.
        .target(
            name: "SignalboxRunner",
            dependencies: [
                "SignalboxHTTP",
                "SignalboxWeb",
                "SignalboxMHD",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ]
        ),

        // For apps' tests: an in-process client with a cookie jar, CSRF and forms, the JSON state
        // typed, golden pages. No libmicrohttpd: a Hummingbird or Vapor app's tests use it as is.
        .target(
            name: "SignalboxTesting",
            dependencies: [
                "Signalbox", "SignalboxHTTP", "SignalboxWeb", .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Tests that run the embedded server: `withLiveServer`, `fetch` over a fresh connection.
        .target(name: "SignalboxServerTesting", dependencies: ["SignalboxTesting", "SignalboxMHD"]),

        // The todo demo: the app as a library (tested in-process) and a thin executable.
        // (SignalboxWeb re-exports Signalbox, SignalboxHTTP, HTTPTypes and Logging.)
        .target(name: "TodoApp", dependencies: ["SignalboxWeb"]),
        // The demo's data in SQLite, passwords as salted scrypt hashes.
        .target(
            name: "TodoStorage",
            dependencies: [
                "TodoApp",
                "SignalboxSQLite",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto", condition: .when(traits: ["TodoDemo"])),
                .product(name: "CryptoExtras", package: "swift-crypto", condition: .when(traits: ["TodoDemo"])),
            ]
        ),
        // The demo's server and options, shared with `todo-demo-postgres`; Prometheus at /metrics.
        .target(
            name: "TodoDemoServer",
            dependencies: [
                "TodoApp",
                "TodoStorage",
                "SignalboxSQLite",
                "SignalboxWeb",
                "SignalboxMHD",
                "SignalboxRunner",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus", condition: .when(traits: ["TodoDemo"])),
            ]
        ),
        .executableTarget(
            name: "TodoDemo",
            dependencies: ["TodoDemoServer", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),

        // The README's five-minute path and the Getting started article, compiled and tested here so it cannot rot.
        .target(name: "HelloApp", dependencies: ["SignalboxWeb"], path: "Examples/Hello/Sources/HelloApp"),
        .executableTarget(
            name: "hello-app",
            dependencies: ["HelloApp", "SignalboxRunner"],
            path: "Examples/Hello/Sources/hello-app"
        ),
        .testTarget(
            name: "HelloAppTests",
            dependencies: ["HelloApp", "SignalboxTesting"],
            path: "Examples/Hello/Tests/HelloAppTests"
        ),

        .testTarget(
            name: "SignalboxTests",
            dependencies: [
                "Signalbox",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "SignalboxWebTests",
            dependencies: [
                "Signalbox",
                "SignalboxWeb",
                "SignalboxHTTP",
                "SignalboxTesting",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            resources: [.copy("Golden")]
        ),
        .testTarget(
            name: "SignalboxMHDTests",
            dependencies: [
                "SignalboxMHD",
                "SignalboxHTTP",
                "SignalboxServerTesting",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "SignalboxRunnerTests",
            dependencies: [
                "SignalboxRunner", "SignalboxTesting", "SignalboxMHD",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "ServiceLifecycleTestKit", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(
            name: "SignalboxSQLiteTests",
            dependencies: [
                "SignalboxSQLite", "SignalboxTesting", "TodoApp", .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "TodoStorageTests",
            dependencies: [
                "TodoStorage", "TodoApp", "SignalboxWeb", "SignalboxTesting",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // The demo in-process and over the real server (hostile clients: DemoUnderAttackTests).
        .testTarget(
            name: "TodoAppTests",
            dependencies: ["TodoApp", "TodoDemoServer", "SignalboxMHD", "SignalboxServerTesting"],
            exclude: ["Golden"]  // read from the source tree (DemoGoldenTests)
        ),
    ]
)

// The example is built as a user's package would build it: plain Swift 6, no upcoming features.
let exampleTargets: Set = ["HelloApp", "hello-app", "HelloAppTests"]
for target in package.targets
where target.type != .system && target.name != "CMicroHTTPDShim" && !exampleTargets.contains(target.name) {
    target.swiftSettings = (target.swiftSettings ?? []) + swiftSettings
}

// The documentation plugin, only where documentation is built (`make docs`, `make docs-check`),
// so that packages depending on Signalbox never resolve it (GRDB does the same).
if Context.environment["SIGNALBOX_DOCS"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"))
}
