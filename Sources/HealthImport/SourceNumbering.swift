/// Numbers source names from 0 in order of first appearance, with an index where a
/// table by name would hash every record's name: a name that comes with a key (a
/// number standing for it, equal keys for equal names: the scanner's number, or
/// `ImportedRecord.sourceIndex`) is found by that key in an array. Names without a
/// key are found by name; the two ways can be mixed and agree.
public struct SourceNumbering: Sendable {
    /// The names, by number.
    public private(set) var names: [String] = []
    /// Key → number + 1 (0: not seen yet).
    private var numberOfKey: [Int32] = []
    /// Only once a name came without a key.
    private var numberOfName: [String: Int] = [:]
    /// How many of `names` are in `numberOfName`.
    private var namedCount = 0

    public init() {}

    public var count: Int { names.count }

    /// The number of `name`; `key` (≥ 0) when the caller has one. New names get `count`.
    public mutating func number(of name: String, key: Int?) -> Int {
        guard let key, key >= 0 else { return number(of: name) }
        if key < numberOfKey.count, numberOfKey[key] > 0 { return Int(numberOfKey[key]) - 1 }
        // Once per source: by name only if some names came without a key.
        let number = numberOfName.isEmpty && namedCount == 0 ? add(name) : self.number(of: name)
        if key == numberOfKey.count {
            // The usual case: keys come as the scanner made them, 0, 1, 2, …
            numberOfKey.append(Int32(truncatingIfNeeded: number + 1))
            return number
        }
        if key > numberOfKey.count {
            numberOfKey.append(contentsOf: repeatElement(0, count: key + 1 - numberOfKey.count))
        }
        numberOfKey[key] = Int32(truncatingIfNeeded: number + 1)
        return number
    }

    /// The number `number(of:key:)` will give a name that comes with `key` (≥ 0), if all names
    /// so far came with keys: the known one, or `count` for a new key. Reads only.
    public func expectedNumber(key: Int) -> Int? {
        guard numberOfName.isEmpty, namedCount == 0 else { return nil }
        if key < numberOfKey.count, numberOfKey[key] > 0 { return Int(numberOfKey[key]) - 1 }
        return names.count
    }

    private mutating func number(of name: String) -> Int {
        while namedCount < names.count {
            numberOfName[names[namedCount]] = namedCount
            namedCount += 1
        }
        if let known = numberOfName[name] { return known }
        let number = add(name)
        numberOfName[name] = number
        namedCount = names.count
        return number
    }

    private mutating func add(_ name: String) -> Int {
        names.append(name)
        return names.count - 1
    }

    /// Forgets how to find names (keeps them): the memory of the lookups goes. For the
    /// end of an import: `number(of:key:)` is not to be called after.
    public mutating func dropLookups() {
        numberOfKey = []
        numberOfName = [:]
        namedCount = 0
    }
}
