// swift-tools-version:6.0
import PackageDescription

// Linux only: the app talks to the system through Glibc (flock, inotify, TZif
// files, termios) and links ncursesw and zlib statically. README "Platforms".
let package = Package(
    name: "tmm-tui",
    products: [
        .executable(name: "tmm-tui", targets: ["tmm-tui"]),
        .executable(name: "tmm-bench", targets: ["tmm-bench"]),
    ],
    targets: [
        // The only module that sees ncurses. Everything else renders into a pure Buffer.
        .systemLibrary(
            name: "CNcursesw",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        // System zlib for the Apple Health import's zip reader.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // Files, paths, JSON, time zones, calendars, locale tables and text: what every layer stands on.
        .target(name: "Platform"),
        // Cache-line prefetch hints (one inline C function; Swift cannot say it): the import's tables keyed by source.
        .target(name: "CCacheHint"),
        .target(name: "HealthImport", dependencies: ["CCacheHint", "CZlib", "HealthDomain", "Platform"]),
        .executableTarget(name: "tmm-import-bench", dependencies: ["HealthImport", "AppCore", "HealthDomain", "Platform"]),
        .target(name: "TerminalUI"),
        .target(
            name: "DesignSystem",
            dependencies: ["TerminalUI", "Platform"],
            resources: [.embedInCode("BuiltinThemes"), .embedInCode("Artwork")]
        ),
        .target(name: "CursesBackend", dependencies: ["CNcursesw", "TerminalUI"]),
        .target(name: "HealthDomain", dependencies: ["Platform"]),
        .target(
            name: "AppCore",
            dependencies: ["TerminalUI", "DesignSystem", "HealthDomain", "HealthImport", "Platform"],
            resources: [.embedInCode("Locales"), .embedInCode("Samples")]
        ),
        .executableTarget(name: "tmm-tui", dependencies: ["AppCore", "CursesBackend", "HealthDomain", "Platform", "TerminalUI"]),
        // `make bench`: performance numbers, never part of `make test`.
        .executableTarget(name: "tmm-bench", dependencies: ["AppCore", "HealthDomain", "TerminalUI", "DesignSystem", "Platform"]),
        .target(name: "SnapshotTesting", dependencies: ["TerminalUI"], path: "Tests/SnapshotTesting"),
        // Builds small zips for the import tests (stored/deflate, data descriptors, zip64).
        .target(name: "ZipFixtures", dependencies: ["CZlib"], path: "Tests/ZipFixtures"),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "Platform", "SnapshotTesting"]),
        .testTarget(
            name: "DesignSystemTests",
            dependencies: ["DesignSystem", "TerminalUI", "SnapshotTesting"],
            exclude: ["__Snapshots__"]
        ),
        // `make locales`: Platform's locale tables, read from ICU (full Foundation). Never linked by the app.
        .target(name: "LocaleTableGenerator"),
        .executableTarget(name: "tmm-locale-gen", dependencies: ["LocaleTableGenerator"]),
        .testTarget(name: "PlatformTests", dependencies: ["Platform", "LocaleTableGenerator"]),
        .testTarget(name: "CursesBackendTests", dependencies: ["CursesBackend", "Platform"]),
        .testTarget(name: "HealthDomainTests", dependencies: ["HealthDomain", "Platform"]),
        .testTarget(name: "HealthImportTests", dependencies: ["HealthImport", "HealthDomain", "Platform", "CZlib", "ZipFixtures"]),
        .testTarget(
            name: "AppCoreTests",
            dependencies: ["AppCore", "DesignSystem", "TerminalUI", "HealthDomain", "HealthImport", "Platform", "CZlib", "SnapshotTesting", "ZipFixtures"],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(name: "EndToEndTests", dependencies: []),
    ],
    swiftLanguageModes: [.v6]
)
