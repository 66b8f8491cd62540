// swift-tools-version:6.2
// (The folder is not called "hummingbird": a root package named like its dependency clashes.)
// The peer for the load benchmark (case e): the demo's todo list served by Hummingbird 2 +
// swift-mustache with an in-memory cookie session, the same templates and the same data.
// Outside the library's graph; built by Benchmarks/run.sh:
//   swift build -c release --package-path Benchmarks/peers/hummingbird-todo
import PackageDescription

let package = Package(
    name: "HummingbirdPeer",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", exact: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", exact: "2.1.1"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
    ],
    targets: [
        .executableTarget(
            name: "HummingbirdTodo",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
