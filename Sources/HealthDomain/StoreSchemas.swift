import Platform
/// The schema version of each user store's file.
public enum StoreSchemas {
    public static let meals = 1
    public static let settings = 1
    public static let samples = 1
}
