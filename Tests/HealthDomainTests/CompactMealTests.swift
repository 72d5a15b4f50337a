import XCTest
import FoundationEssentials
import Platform
@testable import HealthDomain

/// A meal keeps its macros as three plain doubles (NaN for none) and the log shares
/// repeated long names: the file and every value read back stay what they were.
final class CompactMealTests: XCTestCase {
    private let id = UUID(uuidString: "0A6E43C1-1D2B-4C8E-9F10-2B3C4D5E6F70")!
    private let time = Date(timeIntervalSince1970: 1_795_000_000)

    func testAMealIsSeventyTwoBytes() {
        XCTAssertEqual(MemoryLayout<Meal>.stride, 72)
    }

    func testTheFileSaysWhatItSaidBeforeWithAndWithoutMacros() throws {
        let encoder = VersionedFile<[Meal]>.encoder
        let full = Meal(id: id, time: time, name: "Soup", calories: 320, protein: 12.5, carbs: 40, fat: 0)
        let bare = Meal(id: id, time: time, name: "Soup", calories: 320, protein: nil, carbs: 7, fat: nil)
        // Written by hand: sorted keys, ISO 8601 seconds, a macro not given left out (as `Double?` did).
        XCTAssertEqual(String(decoding: try encoder.encode(full), as: UTF8.self),
                       #"{"calories":320,"carbs":40,"fat":0,"id":"0A6E43C1-1D2B-4C8E-9F10-2B3C4D5E6F70","name":"Soup","protein":12.5,"time":"2026-11-18T11:06:40Z"}"#)
        XCTAssertEqual(String(decoding: try encoder.encode(bare), as: UTF8.self),
                       #"{"calories":320,"carbs":7,"id":"0A6E43C1-1D2B-4C8E-9F10-2B3C4D5E6F70","name":"Soup","time":"2026-11-18T11:06:40Z"}"#)
        for meal in [full, bare] {
            XCTAssertEqual(try VersionedFile<[Meal]>.decoder.decode(Meal.self, from: encoder.encode(meal)), meal)
        }
    }

    func testNoMacroAndZeroAreDifferentAndEqualMealsAreEqual() {
        var a = Meal(id: id, time: time, name: "Tea", calories: 2, protein: nil, carbs: nil, fat: nil)
        let b = Meal(id: id, time: time, name: "Tea", calories: 2, protein: nil, carbs: nil, fat: nil)
        XCTAssertEqual(a, b, "two meals without macros are equal (NaN is not equal to itself)")
        XCTAssertEqual(a.hashValue, b.hashValue)
        XCTAssertNil(a.protein)
        a.protein = 0
        XCTAssertEqual(a.protein, 0)
        XCTAssertNotEqual(a, b)
        a.protein = nil
        XCTAssertEqual(a, b)
        a.fat = 3.5
        XCTAssertEqual(a.fat, 3.5)
        XCTAssertNil(a.carbs)
        XCTAssertEqual(a.macroCalories, 31.5)
    }

    private func storage(_ s: String) -> UnsafeRawPointer? {
        s.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
    }

    func testARepeatedLongNameIsReadOnceAndShortOrNewNamesAsTheyAre() throws {
        let names = ["Oatmeal with berries", "Tea", "Oatmeal with berries", "Soupe à l'oignon", "Oatmeal with berries"]
        let json = "[" + names.enumerated().map { i, name in
            #"{"id":"\#(UUID().uuidString)","time":"2026-11-18T07:4\#(i):00Z","name":"\#(name)","calories":\#(100 + i)}"#
        }.joined(separator: ",") + "]"
        let meals = try XCTUnwrap(JSONReader.read(Array(json.utf8)) { try [Meal].read(&$0) })
        XCTAssertEqual(meals.map(\.name), names)
        XCTAssertEqual(meals.map(\.calories), [100, 101, 102, 103, 104])
        XCTAssertNotNil(storage(meals[0].name))
        XCTAssertEqual(storage(meals[0].name), storage(meals[2].name))
        XCTAssertEqual(storage(meals[0].name), storage(meals[4].name))
        XCTAssertNotEqual(storage(meals[0].name), storage(meals[3].name))
    }

    /// Two names that read the same but are written differently ("Café" with é as one character,
    /// and as e and a combining accent) keep their own bytes: `String`'s equality calls them equal,
    /// and the table handed the second meal the first one's bytes.
    func testNamesWrittenDifferentlyKeepTheirOwnBytes() throws {
        let composed = "Caf\u{E9} au lait, grand format", decomposed = "Cafe\u{301} au lait, grand format"
        XCTAssertEqual(composed, decomposed, "the expectation itself: Swift calls them equal")
        let json = "[" + [composed, decomposed, composed, decomposed].enumerated().map { i, name in
            #"{"calories":\#(100 + i),"id":"\#(UUID().uuidString)","name":"\#(name)","time":"2026-11-20T08:0\#(i):00Z"}"#
        }.joined(separator: ",") + "]"
        let meals = try XCTUnwrap(JSONReader.read(Array(json.utf8)) { try [Meal].read(&$0) })
        XCTAssertEqual(meals.map { Array($0.name.utf8) }, [composed, decomposed, composed, decomposed].map { Array($0.utf8) })
        XCTAssertEqual(storage(meals[0].name), storage(meals[2].name), "the same bytes are still shared")
        XCTAssertEqual(storage(meals[1].name), storage(meals[3].name))
    }

    func testTheTableOfNamesStopsGrowingAtItsLimit() {
        var names = MealNames()
        var kept: [String] = []
        for i in 0..<(MealNames.limit + 10) {
            var name = "A long meal name number \(i)"
            names.share(&name)
            kept.append(name)
        }
        // A name past the limit is not remembered: read again, it is a new copy.
        var late = "A long meal name number \(MealNames.limit + 5)"
        names.share(&late)
        XCTAssertNotEqual(storage(late), storage(kept[MealNames.limit + 5]))
        // One within it is.
        var early = "A long meal name number 3"
        names.share(&early)
        XCTAssertEqual(storage(early), storage(kept[3]))
    }
}
