import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Platform

// The hot files' schemas read by `JSONReader` (see `JSONFastDecodable`).

extension Meal: JSONFastDecodable {
    public static func read(_ r: inout JSONReader) throws -> Meal {
        var id: UUID?, time: Date?, name: String?, calories: Int?
        var protein: Double?, carbs: Double?, fat: Double?
        var opened = false
        while let key = try r.nextField(&opened) {
            switch key {
            case "id": id = try r.uuid()
            case "time": time = try r.iso8601Date()
            case "name": name = try r.string()
            case "calories": calories = try r.int()
            case "protein": protein = try r.optionalDouble()
            case "carbs": carbs = try r.optionalDouble()
            case "fat": fat = try r.optionalDouble()
            default: try r.skipValue()
            }
        }
        guard let id, let time, let name, let calories else { throw JSONReader.Failure() }
        return Meal(id: id, time: time, name: name, calories: calories, protein: protein, carbs: carbs, fat: fat)
    }
}

extension Array: JSONFastDecodable where Element == Meal {
    public static func read(_ r: inout JSONReader) throws -> [Meal] {
        var meals: [Meal] = []
        // Room for every meal the bytes left could hold (the smallest meal is about 100 bytes of
        // JSON): read one by one into a growing array, 5,000 meals were copied into buffers of
        // 200, 400 and 800 KB, the old one alive during each copy, at the moment the app's peak
        // memory is reached (the launch, with the file's bytes still held). Capacity never
        // used is never touched, so it is address space, not memory.
        meals.reserveCapacity(r.bytesLeft / 100)
        var names = MealNames()
        try r.array { r in
            var meal = try Meal.read(&r)
            names.share(&meal.name)
            meals.append(meal)
        }
        return meals
    }
}

/// One copy of each meal name the log repeats ("Oatmeal with berries" logged every morning):
/// a name longer than 15 UTF-8 bytes is a heap string of its own, about 64 bytes each.
/// Short names live inside the `String` already. At most `limit` names are remembered, so
/// a log of all-different names costs a small table, not one the size of the log.
/// Names are the same when their bytes are: `String`'s own equality would hand "Café" typed
/// with a combining accent the bytes of another meal's "Café" (and hashes each name through
/// Unicode normalization, a fifth of a name's cost to load).
struct MealNames {
    static let limit = 256
    private var seen: [NameBytes: String] = [:]

    mutating func share(_ name: inout String) {
        guard name.utf8.count > 15 else { return }
        let key = NameBytes(name)
        if let kept = seen[key] {
            name = kept
        } else if seen.count < Self.limit {
            seen[key] = name
        }
    }

    /// A name as its UTF-8 bytes, hashed and compared byte for byte.
    private struct NameBytes: Hashable {
        var text: String
        init(_ text: String) { self.text = text }

        func hash(into hasher: inout Hasher) {
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }

        static func == (a: NameBytes, b: NameBytes) -> Bool {
            var a = a.text, b = b.text
            return a.withUTF8 { x in b.withUTF8 { y in x.count == y.count && memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } }
        }
    }
}

extension HealthCacheData: JSONFastDecodable {
    public static func read(_ r: inout JSONReader) throws -> HealthCacheData {
        var types: [String: Series]?, sleep: SleepSeries?
        try r.fields { key, r in
            switch key {
            case "types":
                var all: [String: Series] = [:]
                try r.object { type, r in all[type] = try Series.read(&r) }
                types = all
            case "sleep": sleep = r.null() ? nil : try SleepSeries.read(&r)
            default: try r.skipValue()
            }
        }
        guard let types else { throw JSONReader.Failure() }
        return HealthCacheData(types: types, sleep: sleep)
    }
}

extension HealthCacheData.Series: JSONFastDecodable {
    public static func read(_ r: inout JSONReader) throws -> Self {
        let (fetchedAt, days) = try readStamped(&r, entries: "days") { r in try r.double() }
        return Self(fetchedAt: fetchedAt, days: days)
    }
}

extension HealthCacheData.SleepSeries: JSONFastDecodable {
    public static func read(_ r: inout JSONReader) throws -> Self {
        let (fetchedAt, nights) = try readStamped(&r, entries: "nights") { r in try SleepNight.read(&r) }
        return Self(fetchedAt: fetchedAt, nights: nights)
    }
}

/// `{"fetchedAt": <ISO date>, "<entries>": {<key>: <value>, …}}`: the shape of every
/// series in the health cache (days of a quantity, nights of sleep).
private func readStamped<Value>(_ r: inout JSONReader, entries name: StaticString,
                                value: (inout JSONReader) throws -> Value) throws -> (Date, [String: Value]) {
    var fetchedAt: Date?, entries: [String: Value]?
    try r.fields { key, r in
        switch key {
        case "fetchedAt": fetchedAt = try r.iso8601Date()
        case name:
            var all: [String: Value] = [:]
            all.reserveCapacity(r.membersAhead())
            try r.object { entry, r in all[entry] = try value(&r) }
            entries = all
        default: try r.skipValue()
        }
    }
    guard let fetchedAt, let entries else { throw JSONReader.Failure() }
    return (fetchedAt, entries)
}

extension SleepNight: JSONFastDecodable {
    public static func read(_ r: inout JSONReader) throws -> SleepNight {
        var night: DayKey?, asleep: Double?, inBed: Double?, start: Date?, end: Date?
        var opened = false
        while let key = try r.nextField(&opened) {
            switch key {
            case "night":
                guard let day = DayKey(string: try r.string()) else { throw JSONReader.Failure() }
                night = day
            case "asleepMinutes": asleep = try r.double()
            case "inBedMinutes": inBed = try r.double()
            case "start": start = try r.iso8601Date()
            case "end": end = try r.iso8601Date()
            default: try r.skipValue()
            }
        }
        guard let night, let asleep, let inBed, let start, let end else { throw JSONReader.Failure() }
        return SleepNight(night: night, asleepMinutes: asleep, inBedMinutes: inBed, start: start, end: end)
    }
}

extension Settings: JSONFastDecodable {
    /// Only a file that needs no repair: anything `init(from:)` would reset, clamp or
    /// drop (and a device sync, read by the decoder) throws, so the decoder reads it
    /// and reports its repairs as before.
    public static func read(_ r: inout JSONReader) throws -> Settings {
        var s = Settings()
        var seen = Set<String>()
        try r.object { key, r in
            guard seen.insert(key).inserted else { throw JSONReader.Failure() }
            switch key {
            case "onboardingCompleted": s.onboardingCompleted = try r.bool()
            case "limitedMode": s.limitedMode = try r.bool()
            case "reduceMotion": s.reduceMotion = try r.bool()
            case "bell": s.bell = try r.bool()
            case "liveUpdates": s.liveUpdates = try r.bool()
            case "theme": s.theme = r.null() ? nil : try r.string()
            case "stepGoal": s.stepGoal = try goal(&r, in: stepGoalRange)
            case "energyGoal": s.energyGoal = try goal(&r, in: energyGoalRange)
            case "celebratedDays":
                var days: [String] = []
                try r.array { r in days.append(try r.string()) }
                s.celebratedDays = days
            case "authorization":
                var statuses: [String: AuthorizationStatus] = [:]
                try r.object { type, r in
                    guard let status = AuthorizationStatus(rawValue: try r.string()) else { throw JSONReader.Failure() }
                    statuses[type] = status
                }
                s.authorization = statuses
            case "lastDeviceSync": guard r.null() else { throw JSONReader.Failure() }
            default: try r.skipValue()
            }
        }
        return s
    }

    private static func goal(_ r: inout JSONReader, in range: ClosedRange<Int>) throws -> Int {
        let value = try r.int()
        guard range.contains(value) else { throw JSONReader.Failure() }
        return value
    }
}
