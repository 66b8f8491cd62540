// swift-tools-version:6.2
// Release-mode microbenchmarks of the Signalbox core. Outside the library's graph:
//   swift run -c release --package-path Benchmarks/CoreBenchmarks
import Foundation
import PackageDescription

// The root package's identity is its folder's name, whatever the clone is called.
let root = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().deletingLastPathComponent()

let package = Package(
    name: "CoreBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "../..")],
    targets: [
        .executableTarget(
            name: "CoreBenchmarks",
            dependencies: [.product(name: "Signalbox", package: root.lastPathComponent)],
            // As in the library: async functions run on their caller's executor.
            swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]
        )
    ]
)
