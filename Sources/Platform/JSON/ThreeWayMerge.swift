import FoundationEssentials

/// Merges two changes made to one record, field by field, the way two people
/// editing different settings expect: `theirs` (the file now) keeps every
/// field, except those `mine` changed relative to `base` (what this process
/// read), which take my value. Objects merge key by key at every depth; any
/// other value (a list, a number) is replaced whole. A field both changed
/// takes mine: the last writer of one field wins, no other field is touched.
public enum ThreeWayMerge {
    public static func mergeJSON(base: JSONValue?, mine: JSONValue?, theirs: JSONValue?) -> JSONValue? {
        if mine == base { return theirs }
        guard case .object(let b)? = base, case .object(let m)? = mine, case .object(let t)? = theirs else { return mine }
        var out = t
        for key in Set(b.keys).union(m.keys) {
            let merged = mergeJSON(base: b[key], mine: m[key], theirs: t[key])
            out[key] = merged
        }
        return .object(out)
    }

    /// The same merge for any Codable record, through its JSON form.
    public static func merge<T: Codable>(base: T, mine: T, theirs: T) throws -> T {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        func json(_ value: T) throws -> JSONValue { try decoder.decode(JSONValue.self, from: encoder.encode(value)) }
        let merged = try mergeJSON(base: json(base), mine: json(mine), theirs: json(theirs)) ?? .null
        return try decoder.decode(T.self, from: encoder.encode(merged))
    }
}
