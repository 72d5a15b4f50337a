import FoundationEssentials

/// The small bundled list of sample products that the scan screen recognises.
public struct Product: Codable, Equatable, Sendable {
    public var code: String
    public var name: String
    public var calories: Int
    public var protein: Double
    public var carbs: Double
    public var fat: Double
}

public enum ProductCatalog {
    public static let all: [Product] = (try? JSONDecoder().decode([Product].self, from: Data(PackageResources.products_json))) ?? []

    /// The sample the scan screen offers (and the README names).
    public static var sample: Product? { all.first }

    /// The product with exactly this code: nothing is filtered out of what was typed.
    public static func lookup(_ code: String) -> Product? {
        all.first { $0.code == code }
    }
}
