import XCTest
@testable import HealthDomain
@testable import Platform

/// Records requested sleeps instead of sleeping.
final actor DeviceSleepLog {
    var seconds: [Double] = []
    func add(_ s: Double) { seconds.append(s) }
}

final class DeviceWearableTests: XCTestCase {
    func testFailureRateOverTenThousandSeededAttemptsIsTwentyPercent() async throws {
        for seed: UInt64 in [1, 42, 2026] {
            let log = DeviceSleepLog()
            let device = SimulatedWearable(seed: seed, sleeper: { await log.add($0) })
            var failures: [String: Int] = [:]
            for _ in 0..<10_000 {
                do {
                    let took = try await device.connect()
                    XCTAssertTrue((2.0...3.0).contains(took))
                } catch let e as WearableError {
                    failures[e.code, default: 0] += 1
                }
            }
            let total = failures.values.reduce(0, +)
            XCTAssertEqual(Double(total) / 10_000, 0.20, accuracy: 0.015, "seed \(seed): \(failures)")
            XCTAssertEqual(Set(failures.keys), ["out-of-range", "timed-out", "pairing-refused"], "every kind occurs")
            let slept = await log.seconds
            XCTAssertEqual(slept.count, 10_000)
            XCTAssertTrue(slept.allSatisfy { (2.0...3.0).contains($0) }, "connect takes 2–3 s")
            let durations = await device.connectDurations
            XCTAssertEqual(durations, slept)
        }
    }

    func testSameSeedSameSequence() async {
        func run(_ seed: UInt64) async -> [String] {
            let d = SimulatedWearable(seed: seed, sleeper: { _ in })
            var out: [String] = []
            for _ in 0..<50 {
                do { try await d.connect(); out.append("ok \(try await d.fetch())") } catch { out.append("\(error)") }
            }
            return out
        }
        let a = await run(9), b = await run(9), c = await run(10)
        XCTAssertEqual(a, b)
        XCTAssertNotEqual(a, c)
    }

    func testScenariosForceOutcomes() async throws {
        let ok = SimulatedWearable(scenario: .alwaysSucceed, sleeper: { _ in })
        for _ in 0..<50 {
            try await ok.connect()
            let p = try await ok.fetch()
            XCTAssertTrue(WearablePayload.stepsRange.contains(p.steps))
            XCTAssertTrue(WearablePayload.heartRateRange.contains(p.heartRate))
        }
        for kind in WearableError.connectionFailures {
            let d = SimulatedWearable(scenario: WearableScenario(name: kind.code)!, sleeper: { _ in })
            do { try await d.connect(); XCTFail("should fail") } catch let e as WearableError { XCTAssertEqual(e, kind) }
            do { _ = try await d.fetch(); XCTFail("not connected") } catch let e as WearableError { XCTAssertEqual(e, .notConnected) }
        }
        let bad = SimulatedWearable(scenario: .badPayload, sleeper: { _ in })
        try await bad.connect()
        do { _ = try await bad.fetch(); XCTFail("bad payload") } catch let e as WearableError {
            XCTAssertEqual(e, .invalidPayload(.outOfRange(field: "steps", value: -12, lowest: 0, highest: 150_000)))
            XCTAssertEqual(e.message, "The data from the wearable looks wrong: steps -12 is outside 0–150000.")
        }
        XCTAssertNil(WearableScenario(name: "explode"))
    }

    func testTimeoutNeverHangs() async throws {
        // The device "sleeps" for a day; the timeout's clock fires at once.
        let hanging = SimulatedWearable(scenario: .hang, sleeper: { try await Task.sleep(nanoseconds: UInt64($0 * 1e9)) })
        do {
            _ = try await WearableTimeout.run(seconds: 10, sleeper: { _ in }) { try await hanging.connect() }
            XCTFail("should time out")
        } catch let e as WearableError {
            XCTAssertEqual(e, .noResponse(seconds: 10))
            XCTAssertEqual(e.message, "No answer from the wearable after 10 seconds.")
        }
        // A quick answer wins over a long timeout.
        let quick = SimulatedWearable(scenario: .alwaysSucceed, sleeper: { _ in })
        let took = try await WearableTimeout.run(seconds: 10, sleeper: { try await Task.sleep(nanoseconds: UInt64($0 * 1e9)) }) {
            try await quick.connect()
        }
        XCTAssertTrue((2.0...3.0).contains(took))
    }

    func testEveryErrorHasAMessageAndAdvice() {
        let all: [WearableError] = WearableError.connectionFailures + [.invalidPayload("x"), .notConnected, .noResponse(seconds: 10)]
        XCTAssertEqual(Set(all.map(\.message)).count, all.count)
        XCTAssertEqual(Set(all.map(\.advice)).count, all.count)
        XCTAssertTrue(all.allSatisfy { !$0.advice.isEmpty && $0.message.hasSuffix(".") })
    }

    func testPayloadValidation() {
        XCTAssertEqual(try WearablePayload.decode(Data(#"{"steps": 7342, "heartRate": 72, "sleepHours": 7.3}"#.utf8)),
                       WearablePayload(steps: 7342, heartRate: 72, sleepHours: 7.3))
        let bad: [(String, String)] = [
            (#"{"heartRate": 72, "sleepHours": 7.3}"#, "steps is missing"),
            (#"{"steps": -1, "heartRate": 72, "sleepHours": 7.3}"#, "steps -1 is outside 0–150000"),
            (#"{"steps": 9e99, "heartRate": 72, "sleepHours": 7.3}"#, "outside 0–150000"),
            (#"{"steps": 12.5, "heartRate": 72, "sleepHours": 7.3}"#, "steps 12.5 is not a whole number"),
            (#"{"steps": "7342", "heartRate": 72, "sleepHours": 7.3}"#, "steps should be a number, found text"),
            (#"{"steps": 7342, "heartRate": 400, "sleepHours": 7.3}"#, "heartRate 400 is outside 25–250"),
            (#"{"steps": 7342, "heartRate": 0, "sleepHours": 7.3}"#, "heartRate 0 is outside 25–250"),
            (#"{"steps": 7342, "heartRate": 72, "sleepHours": 31}"#, "sleepHours 31 is outside 0–24"),
            (#"{"steps": 7342, "heartRate": 72, "sleepHours": null}"#, "sleepHours should be a number, found null"),
            (#"[7342, 72, 7.3]"#, "expected an object, found a list"),
            (#"{"steps": 7342,"#, "not valid JSON"),
            ("", "not valid JSON"),
        ]
        for (json, why) in bad {
            do {
                let p = try WearablePayload.decode(Data(json.utf8))
                XCTFail("\(json) decoded as \(p)")
            } catch {
                guard case .invalidPayload(let reason) = error else { XCTFail("\(error)"); continue }
                XCTAssertTrue(reason.description.contains(why), "\(json): \(reason)")
            }
        }
    }

    func testLastSyncRoundTripsAsJSON() throws {
        let sync = LastSync(payload: WearablePayload(steps: 1, heartRate: 60, sleepHours: 8), syncedAt: Date(timeIntervalSince1970: 1_800_000_000), deviceName: "Band")
        let e = JSONEncoder(); e.dateEncodingStrategy = .iso8601
        let d = JSONDecoder(); d.dateDecodingStrategy = .iso8601
        XCTAssertEqual(try d.decode(LastSync.self, from: e.encode(sync)), sync)
    }
}
