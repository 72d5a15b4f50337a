import XCTest
@testable import HealthDomain
@testable import Platform

final class DeviceConnectionTests: XCTestCase {
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)
    let payload = WearablePayload(steps: 7342, heartRate: 72, sleepHours: 7.3)

    func testHappyPath() {
        var c = DeviceConnection(deviceName: "Band")
        XCTAssertEqual(c.handle(.connect(t0)), [.startConnect(attempt: 1)])
        XCTAssertEqual(c.state, .connecting(attempt: 1, startedAt: t0))
        XCTAssertEqual(c.elapsed(at: t0 + 2.5), 2.5)
        XCTAssertEqual(c.handle(.connect(t0 + 1)), [], "a second press while busy does nothing")
        XCTAssertEqual(c.handle(.connected(attempt: 1, at: t0 + 2.4)), [.startFetch(attempt: 1)])
        XCTAssertEqual(c.state, .fetching(attempt: 1, startedAt: t0))
        let sync = LastSync(payload: payload, syncedAt: t0 + 3, deviceName: "Band")
        XCTAssertEqual(c.handle(.fetched(payload, attempt: 1, at: t0 + 3)), [.saveLastSync(sync)])
        XCTAssertEqual(c.state, .synced(sync))
        XCTAssertEqual(c.lastSync, sync)
        XCTAssertNil(c.elapsed(at: t0 + 4))
    }

    func testRetryAfterEachErrorKind() {
        for error in WearableError.connectionFailures + [.invalidPayload("steps is missing")] {
            var c = DeviceConnection(deviceName: "Band")
            c.handle(.connect(t0))
            if case .invalidPayload = error { c.handle(.connected(attempt: 1, at: t0 + 2)) }
            c.handle(.failed(error, attempt: 1, at: t0 + 2.5))
            XCTAssertEqual(c.state, .failed(error, at: t0 + 2.5))
            XCTAssertEqual(c.handle(.connect(t0 + 5)), [.startConnect(attempt: 2)], "retry")
            c.handle(.connected(attempt: 2, at: t0 + 7))
            c.handle(.fetched(payload, attempt: 2, at: t0 + 8))
            XCTAssertEqual(c.lastSync?.syncedAt, t0 + 8)
        }
    }

    func testCancelDuringConnectIgnoresTheLateAnswer() {
        var c = DeviceConnection(deviceName: "Band")
        c.handle(.connect(t0))
        XCTAssertEqual(c.handle(.cancel(t0 + 1)), [.cancelWork])
        XCTAssertEqual(c.state, .notConnected)
        XCTAssertEqual(c.handle(.connected(attempt: 1, at: t0 + 2)), [])
        XCTAssertEqual(c.state, .notConnected)
        c.handle(.connect(t0 + 3))
        XCTAssertEqual(c.handle(.failed(.timedOut, attempt: 1, at: t0 + 4)), [], "stale failure")
        XCTAssertEqual(c.state, .connecting(attempt: 2, startedAt: t0 + 3))
        XCTAssertEqual(c.handle(.cancel(t0 + 4)), [.cancelWork])
        XCTAssertEqual(c.handle(.cancel(t0 + 5)), [], "nothing to cancel")
    }

    func testOverallTimeout() {
        var c = DeviceConnection(deviceName: "Band", timeoutSeconds: 10)
        c.handle(.connect(t0))
        XCTAssertEqual(c.handle(.tick(t0 + 9.9)), [])
        c.handle(.connected(attempt: 1, at: t0 + 3))
        XCTAssertEqual(c.handle(.tick(t0 + 10)), [.cancelWork], "the fetch counts against the same limit")
        XCTAssertEqual(c.state, .failed(.noResponse(seconds: 10), at: t0 + 10))
        XCTAssertEqual(c.handle(.fetched(payload, attempt: 1, at: t0 + 11)), [], "too late")
        XCTAssertNil(c.lastSync)
    }

    func testLastSyncIsKeptThroughFailures() {
        let old = LastSync(payload: payload, syncedAt: t0 - 3600, deviceName: "Band")
        var c = DeviceConnection(deviceName: "Band", lastSync: old)
        XCTAssertEqual(c.state, .notConnected)
        c.handle(.connect(t0))
        c.handle(.failed(.outOfRange, attempt: 1, at: t0 + 2))
        XCTAssertEqual(c.lastSync, old)
    }
}
