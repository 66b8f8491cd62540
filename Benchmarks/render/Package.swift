// swift-tools-version:6.2
// Render and in-process request microbenchmarks for the todo page: `MustacheRenderer` with its
// compiled engine vs forced to swift-mustache. Outside the library's graph; run by
// Benchmarks/render/render.sh.
//
// `TodoApp` is the demo's own app library: the root package exports no product for it, so this
// package compiles the same sources as its target DemoApp (target names must be unique in a
// graph) through the symlink Sources/DemoApp → ../../../Sources/TodoApp.
import Foundation
import PackageDescription

// The root package's identity is its folder's name, whatever the clone is called.
let root = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().deletingLastPathComponent()
let signalbox = root.lastPathComponent

// What both executables link: the same benchmark sources (AllocationCounts symlinks them).
let benchmarkDependencies: [Target.Dependency] = [
    "DemoApp", "CHeap",
    .product(name: "Signalbox", package: signalbox),
    .product(name: "SignalboxWeb", package: signalbox),
    .product(name: "SignalboxHTTP", package: signalbox),
    .product(name: "SignalboxMHD", package: signalbox),
    .product(name: "HTTPTypes", package: "swift-http-types"),
    .product(name: "Logging", package: "swift-log"),
]

let package = Package(
    name: "RenderBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "../.."),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0", traits: []),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    ],
    targets: [
        .target(
            name: "DemoApp",
            dependencies: [
                .product(name: "Signalbox", package: signalbox),
                .product(name: "SignalboxWeb", package: signalbox),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("MemberImportVisibility"),
                .enableUpcomingFeature("InternalImportsByDefault"),
                .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
            ]
        ),
        .target(name: "CHeap"),
        // Counts every malloc of the executable that links it (allocation-counts only).
        .target(name: "CAllocationCounter"),
        .executableTarget(
            name: "RenderBenchmarks",
            dependencies: benchmarkDependencies
        ),
        // Allocations per operation against the budgets in allocation-budgets.json (make test).
        .executableTarget(
            name: "AllocationCounts",
            dependencies: benchmarkDependencies + ["CAllocationCounter"],
            // The executable's malloc family must be in its dynamic symbol table, so that the
            // shared libraries (the Swift runtime, Foundation) call it instead of glibc's.
            linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"], .when(platforms: [.linux]))]
        ),
    ],
    swiftLanguageModes: [.v6]
)
