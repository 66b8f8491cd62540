// swift-tools-version:6.2
import PackageDescription

// The integrations' workspace: the tests of the three packages that pull in SwiftNIO (Postgres,
// SignalboxHummingbird, SignalboxVapor), in one package so that `make test` compiles SwiftNIO, its
// neighbours and Signalbox once for all three instead of once per package. It ships nothing: users
// depend on the package they need, which never resolves the other two.
//
//     swift build --build-tests --package-path Integrations
//     swift build --package-path Integrations --product todo-hummingbird   (any of the three's products)
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
]

let package = Package(
    name: "signalbox-integrations",
    platforms: [.macOS(.v15)],
    dependencies: [
        // Named: a path dependency is otherwise known by its folder, whatever the clone is called.
        .package(name: "Signalbox", path: ".."),
        .package(name: "signalbox-postgres", path: "Postgres"),
        .package(name: "signalbox-hummingbird", path: "SignalboxHummingbird"),
        .package(name: "signalbox-vapor", path: "SignalboxVapor"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    ],
    targets: [
        // A throwaway database per test on the server `SIGNALBOX_TEST_POSTGRES_URL` names.
        .target(
            name: "PostgresTestSupport",
            dependencies: [
                .product(name: "SignalboxPostgres", package: "signalbox-postgres"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/PostgresTestSupport"
        ),
        .testTarget(
            name: "SignalboxPostgresTests",
            dependencies: [
                "PostgresTestSupport",
                .product(name: "SignalboxPostgres", package: "signalbox-postgres"),
                .product(name: "SignalboxTesting", package: "Signalbox"),
                .product(name: "TodoApp", package: "Signalbox"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "TodoPostgresTests",
            dependencies: [
                "PostgresTestSupport",
                .product(name: "TodoPostgres", package: "signalbox-postgres"),
                .product(name: "TodoApp", package: "Signalbox"),
                .product(name: "TodoStorage", package: "Signalbox"),
                .product(name: "SignalboxTesting", package: "Signalbox"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        .testTarget(
            name: "SignalboxHummingbirdTests",
            dependencies: [
                .product(name: "SignalboxHummingbird", package: "signalbox-hummingbird"),
                .product(name: "TodoHummingbirdService", package: "signalbox-hummingbird"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SignalboxTesting", package: "Signalbox"),
                .product(name: "TodoApp", package: "Signalbox"),
                .product(name: "TodoDemoServer", package: "Signalbox"),
            ]
        ),
        .testTarget(
            name: "SignalboxVaporTests",
            dependencies: [
                .product(name: "SignalboxVapor", package: "signalbox-vapor"),
                .product(name: "TodoVaporService", package: "signalbox-vapor"),
                .product(name: "SignalboxHTTP", package: "Signalbox"),
                .product(name: "SignalboxTesting", package: "Signalbox"),
                .product(name: "SignalboxWeb", package: "Signalbox"),
                .product(name: "TodoApp", package: "Signalbox"),
                .product(name: "TodoDemoServer", package: "Signalbox"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "VaporTesting", package: "vapor"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
    ]
)

for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + swiftSettings
}
