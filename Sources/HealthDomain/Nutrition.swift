import FoundationEssentials
import Platform
import Glibc

/// A logged meal. Energy in kcal, macros in grams; a macro left blank is nil
/// (shown as "—", never as "0 g"). Files written before blanks existed hold
/// numbers there and load unchanged.
public struct Meal: Codable, Hashable, Sendable, Identifiable {
    public var id: UUID
    public var time: Date
    public var name: String
    public var calories: Int
    // The macros in grams, NaN where none was given (a value typed is always finite: the
    // form refuses the rest). Three `Double?` took 16 bytes each with their padding: a meal
    // is 72 bytes, not 96, and 5,000 of them 120 KB less.
    private var proteinGrams: Double
    private var carbsGrams: Double
    private var fatGrams: Double

    public var protein: Double? {
        get { Self.optional(proteinGrams) }
        set { proteinGrams = newValue ?? .nan }
    }

    public var carbs: Double? {
        get { Self.optional(carbsGrams) }
        set { carbsGrams = newValue ?? .nan }
    }

    public var fat: Double? {
        get { Self.optional(fatGrams) }
        set { fatGrams = newValue ?? .nan }
    }

    private static func optional(_ grams: Double) -> Double? { grams.isNaN ? nil : grams }

    public init(id: UUID = UUID(), time: Date, name: String, calories: Int, protein: Double?, carbs: Double?, fat: Double?) {
        self.id = id
        // Whole seconds: the file stores ISO 8601 seconds, so memory and disk agree.
        self.time = Date(timeIntervalSince1970: time.timeIntervalSince1970.rounded(.down))
        self.name = name
        self.calories = calories
        self.proteinGrams = protein ?? .nan
        self.carbsGrams = carbs ?? .nan
        self.fatGrams = fat ?? .nan
    }

    // The file's keys, as the optionals wrote them: a macro not given is left out.
    private enum CodingKeys: String, CodingKey { case id, time, name, calories, protein, carbs, fat }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try c.decode(UUID.self, forKey: .id), time: try c.decode(Date.self, forKey: .time),
                  name: try c.decode(String.self, forKey: .name), calories: try c.decode(Int.self, forKey: .calories),
                  protein: try c.decodeIfPresent(Double.self, forKey: .protein),
                  carbs: try c.decodeIfPresent(Double.self, forKey: .carbs),
                  fat: try c.decodeIfPresent(Double.self, forKey: .fat))
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(time, forKey: .time)
        try c.encode(name, forKey: .name)
        try c.encode(calories, forKey: .calories)
        try c.encodeIfPresent(protein, forKey: .protein)
        try c.encodeIfPresent(carbs, forKey: .carbs)
        try c.encodeIfPresent(fat, forKey: .fat)
    }

    // Compared and hashed by the values as given (NaN is never equal to itself).
    public static func == (a: Meal, b: Meal) -> Bool {
        a.id == b.id && a.time == b.time && a.name == b.name && a.calories == b.calories
            && a.protein == b.protein && a.carbs == b.carbs && a.fat == b.fat
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(time)
        hasher.combine(name)
        hasher.combine(calories)
        hasher.combine(protein)
        hasher.combine(carbs)
        hasher.combine(fat)
    }

    /// Energy implied by the macros (Atwater factors 4/4/9).
    public var macroCalories: Double { (protein ?? 0) * 4 + (carbs ?? 0) * 4 + (fat ?? 0) * 9 }
}

/// The meal form's fields as typed.
public struct MealFields: Equatable, Sendable {
    public var name: String
    public var calories: String
    public var protein: String
    public var carbs: String
    public var fat: String

    public init(name: String = "", calories: String = "", protein: String = "", carbs: String = "", fat: String = "") {
        self.name = name
        self.calories = calories
        self.protein = protein
        self.carbs = carbs
        self.fat = fat
    }

    public enum Field: String, CaseIterable, Sendable { case name, calories, protein, carbs, fat }

    public subscript(field: Field) -> String {
        get {
            switch field {
            case .name: return name
            case .calories: return calories
            case .protein: return protein
            case .carbs: return carbs
            case .fat: return fat
            }
        }
        set {
            switch field {
            case .name: name = newValue
            case .calories: calories = newValue
            case .protein: protein = newValue
            case .carbs: carbs = newValue
            case .fat: fat = newValue
            }
        }
    }
}

/// Why a field is not valid; the UI turns these into localized sentences.
public enum FieldError: Error, Equatable, Sendable {
    case required
    case tooLong(max: Int)
    case notANumber
    case notWholeNumber
    case tooManyDecimals(max: Int)
    case outOfRange(min: Double, max: Double)
    /// A decimal separator this locale does not use; `suggestion` is the text with the right one ("25.5").
    case wrongSeparator(suggestion: String)
    /// A minus sign before a number: amounts are 0 or more.
    case negative
    /// Not a time of day as HH:MM.
    case notATime
    /// HH:MM, but no such time of day ("24:00", "12:60").
    case noSuchTime
    /// A time or day still to come.
    case inFuture
}

public struct MealValidation: Equatable, Sendable {
    public var errors: [MealFields.Field: FieldError]
    /// Set when the macros' energy is far from the calories: allowed, but worth a look.
    /// `partial`: not every macro was logged, so only logged macros exceeding the calories is flagged.
    public var macroMismatch: (macros: Int, calories: Int, partial: Bool)?
    public var meal: (name: String, calories: Int, protein: Double?, carbs: Double?, fat: Double?)?

    public var isValid: Bool { errors.isEmpty && meal != nil }

    public static func == (a: MealValidation, b: MealValidation) -> Bool {
        a.errors == b.errors && a.macroMismatch?.macros == b.macroMismatch?.macros && a.macroMismatch?.partial == b.macroMismatch?.partial
            && a.macroMismatch?.calories == b.macroMismatch?.calories && a.meal?.name == b.meal?.name
            && a.meal?.calories == b.meal?.calories && a.meal?.protein == b.meal?.protein
            && a.meal?.carbs == b.meal?.carbs && a.meal?.fat == b.meal?.fat
    }
}

public enum MealValidator {
    public static let maxNameLength = 60
    public static let maxCalories = 5000
    public static let maxMacroGrams = 500.0

    /// Validates every field at once (so the form can show each message).
    public static func validate(_ f: MealFields, locale: FormatLocale) -> MealValidation {
        var errors: [MealFields.Field: FieldError] = [:]
        let name = f.name.trimmed()
        if name.isEmpty { errors[.name] = .required } else if name.count > maxNameLength { errors[.name] = .tooLong(max: maxNameLength) }

        var calories: Int?
        switch LocaleNumber.parse(f.calories, locale: locale, maxDecimals: 0) {
        case .success(let v):
            if v > Double(maxCalories) { errors[.calories] = .outOfRange(min: 0, max: Double(maxCalories)) } else { calories = Int(v) }
        case .failure(let e):
            errors[.calories] = e == .tooManyDecimals(max: 0) ? .notWholeNumber : e
        }

        var macros: [MealFields.Field: Double] = [:]
        for field in [MealFields.Field.protein, .carbs, .fat] {
            let text = f[field].trimmed()
            if text.isEmpty { continue } // macros are optional: blank stays nil
            switch LocaleNumber.parse(text, locale: locale, maxDecimals: 1) {
            case .success(let v):
                if v > maxMacroGrams { errors[field] = .outOfRange(min: 0, max: maxMacroGrams) } else { macros[field] = v }
            case .failure(let e): errors[field] = e
            }
        }

        var mismatch: (Int, Int, Bool)?
        var meal: (String, Int, Double?, Double?, Double?)?
        if errors.isEmpty, let kcal = calories {
            let p = macros[.protein], c = macros[.carbs], fat = macros[.fat]
            // Logged macros only: a blank one is not logged, not 0 g.
            let fromMacros = (p ?? 0) * 4 + (c ?? 0) * 4 + (fat ?? 0) * 9
            let partial = p == nil || c == nil || fat == nil
            let tolerance = max(50, Double(kcal) * 0.25)
            let off = partial ? fromMacros - Double(kcal) > tolerance : abs(fromMacros - Double(kcal)) > tolerance
            if fromMacros > 0, off {
                mismatch = (Int(fromMacros.rounded()), kcal, partial)
            }
            meal = (name, kcal, p, c, fat)
        }
        return MealValidation(errors: errors, macroMismatch: mismatch, meal: meal)
    }
}

/// Parses non-negative decimal numbers as people type them in their locale:
/// digits, at most one decimal separator (the locale's), no signs, exponents,
/// grouping, NaN or infinity.
public enum LocaleNumber {
    public static func parse(_ raw: String, locale: FormatLocale, maxDecimals: Int) -> Result<Double, FieldError> {
        let text = raw.trimmed()
        if text.isEmpty { return .failure(.required) }
        guard text.count <= 12 else { return .failure(.notANumber) }
        let separator = locale.decimalSeparator.first ?? "."
        var integer = "", fraction = "", seenSeparator = false
        for ch in text {
            if ch.isASCII, ch.isNumber {
                if seenSeparator { fraction.append(ch) } else { integer.append(ch) }
            } else if ch == separator && !seenSeparator {
                seenSeparator = true
            } else if (ch == "." || ch == ",") && !seenSeparator {
                // The other separator: say which one this locale uses, if that is all that is wrong
                // (also where no decimals are allowed: the message then says so).
                // (Where no decimals are allowed — calories — a 1–2 digit fraction is still explained:
                // the message says whole numbers; 3 digits, "1,000", reads as grouping and is not.)
                let fixed = String(text.map { $0 == ch ? separator : $0 })
                let digitsAfter = text.split(separator: ch, omittingEmptySubsequences: false).last?.count ?? 0
                let allowed = maxDecimals == 0 ? (1...2).contains(digitsAfter) ? 2 : -1 : maxDecimals
                if allowed >= 0, case .success = parse(fixed, locale: locale, maxDecimals: allowed) {
                    return .failure(.wrongSeparator(suggestion: fixed))
                }
                return .failure(.notANumber)
            } else if ch == "-" || ch == "−", integer.isEmpty, !seenSeparator {
                let rest = String(text.drop { $0 == "-" || $0 == "−" })
                if !rest.isEmpty, case .success = parse(rest, locale: locale, maxDecimals: 9) { return .failure(.negative) }
                return .failure(.notANumber)
            } else {
                return .failure(.notANumber)
            }
        }
        if integer.isEmpty && fraction.isEmpty { return .failure(.notANumber) }
        if seenSeparator && fraction.isEmpty { return .failure(.notANumber) }
        if fraction.count > maxDecimals { return .failure(.tooManyDecimals(max: maxDecimals)) }
        guard let value = Double((integer.isEmpty ? "0" : integer) + (fraction.isEmpty ? "" : "." + fraction)),
              value.isFinite else { return .failure(.notANumber) }
        return .success(value == 0 ? 0 : value) // never -0
    }

    /// Formats a number for an input field in the locale (used when prefilling).
    public static func format(_ value: Double, locale: FormatLocale, maxDecimals: Int) -> String {
        guard value.isFinite else { return "" }
        let scale = Glibc.pow(10, Double(maxDecimals))
        let rounded = (value * scale).rounded() / scale
        // Beyond 1e15 a Double has no decimals to show, and Int(...) could trap.
        if abs(rounded) >= 1e15 { return String(cFormat: "%.0f", rounded) }
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        return String(cFormat: "%.*f", Int32(maxDecimals), rounded).replacing(".", with: locale.decimalSeparator)
    }
}

extension Result where Failure == FieldError {
    /// The parsed value, nil on failure.
    public var value: Success? { if case .success(let v) = self { return v } else { return nil } }
}
