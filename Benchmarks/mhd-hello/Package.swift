// swift-tools-version:6.2
// The Signalbox side of the hello benchmark, outside the main package graph (see run.sh).
import PackageDescription

let package = Package(
    name: "mhd-hello",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Signalbox", path: "../.."),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0", traits: []),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    ],
    targets: [
        .executableTarget(
            name: "SignalboxHello",
            dependencies: [
                .product(name: "SignalboxMHD", package: "Signalbox"),
                .product(name: "SignalboxHTTP", package: "Signalbox"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("MemberImportVisibility"),
                .enableUpcomingFeature("InternalImportsByDefault"),
                .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
