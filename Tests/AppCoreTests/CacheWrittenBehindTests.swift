import Foundation
import XCTest
import Dispatch
@testable import AppCore
import HealthDomain
import Platform

/// A refresh answers with its numbers at once and writes the cache behind the
/// answer, on the storage queue: what reads the cache back in this process waits
/// for that write, a failed write is told, and nothing is written by a read-only command.
@MainActor
final class CacheWrittenBehindTests: XCTestCase {
    /// Holds the storage queue until `release` (a write already running, as far as the queue can tell).
    final class QueueGate: Sendable {
        let semaphore = DispatchSemaphore(value: 0)
        func hold(_ storage: StorageOwner) { storage.writeCache { self.semaphore.wait() } }
        func release() { semaphore.signal() }
    }

    func cacheBytes(_ d: Driver) -> Data? {
        try? Data(contentsOf: d.dataDir.appendingPathComponent("cache/health-cache.json"))
    }

    func testTheRefreshAnswersBeforeTheCacheIsWrittenAndTheWriteFollows() async throws {
        let d = Driver()
        defer { d.cleanUp() }
        await d.onboard()
        let before = try XCTUnwrap(cacheBytes(d), "onboarding's refresh wrote the cache")
        let today = DayKey(d.clock.now, calendar: d.env.context.calendar)
        // A new day's worth of time: the provider's totals for today move on.
        d.clock.advance(3 * 3600)
        let now = d.clock.now
        let gate = QueueGate()
        gate.hold(d.env.storage)
        let fetched = try await d.env.services.refreshWritingBehind(from: today.adding(days: -2), through: today, now: now, live: nil)
        // The answer is here while the queue is held: nothing was written yet.
        XCTAssertEqual(cacheBytes(d), before, "the answer did not wait for the write")
        gate.release()
        await d.env.services.afterQueuedWrites()
        let cached = try XCTUnwrap(d.env.repository.cached(from: today.adding(days: -2), through: today).snapshot)
        // The cache keeps each day's total (not the naive sum beside it) and the time to the second.
        XCTAssertEqual(cached.steps.map(\.day), fetched.snapshot.steps.map(\.day))
        XCTAssertEqual(cached.steps.map(\.value), fetched.snapshot.steps.map(\.value), "the write behind the answer holds the answer's totals")
        XCTAssertEqual(cached.fetchedAt.timeIntervalSince1970, now.timeIntervalSince1970.rounded(.down), accuracy: 0.001)
        XCTAssertNotEqual(cacheBytes(d), before)
    }

    func testAReadOfTheCacheWaitsForTheWritesQueuedBeforeIt() async throws {
        let d = Driver()
        defer { d.cleanUp() }
        await d.onboard()
        let today = DayKey(d.clock.now, calendar: d.env.context.calendar)
        let gate = QueueGate()
        gate.hold(d.env.storage)
        let repository = d.env.repository
        let written = DayKey(string: "2026-11-20")!, at = d.clock.now
        d.env.storage.writeCache {
            try repository.updateCache(now: at) { $0.merge([DailyTotal(day: written, value: 123_456)], for: .stepCount, fetchedAt: at) }
        }
        let services = d.env.services
        let read = Task.detached {
            await services.afterQueuedWrites()
            return services.repository.cached(from: written, through: today).snapshot?.value(.stepCount, on: written)
        }
        gate.release()
        let value = await read.value
        XCTAssertEqual(value, 123_456, "the read came after the write queued before it")
    }

    func testAFailedCacheWriteIsToldAndTheNumbersStay() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-cache-behind-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        // "cache" is a file: no cache can be written under it (fails even for root).
        try Data("in the way".utf8).write(to: dir.appendingPathComponent("cache"))
        let d = Driver(dataDir: dir)
        await d.onboard()
        XCTAssertNotNil(d.model.today.snapshot, "Today shows the refreshed numbers")
        let toast = try XCTUnwrap(d.model.shared.toast?.message)
        XCTAssertTrue(toast.hasPrefix("Numbers updated, but the cache could not be saved:"), toast)
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("cache"), encoding: .utf8), "in the way")
    }

    /// A FIFO where the cache should be is never written over (it may be someone's pipe):
    /// the refresh's numbers show, the write behind them fails with why, the FIFO stays.
    func testAFIFOInTheCachesPlaceIsLeftAsItIs() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-cache-fifo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("cache"), withIntermediateDirectories: true)
        let fifo = dir.appendingPathComponent("cache/health-cache.json")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        let d = Driver(dataDir: dir)
        await d.onboard()
        XCTAssertNotNil(d.model.today.snapshot, "Today shows the refreshed numbers")
        var info = stat()
        XCTAssertEqual(lstat(fifo.path, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "still the FIFO")
        let toast = try XCTUnwrap(d.model.shared.toast?.message)
        XCTAssertTrue(toast.contains("could not be saved") && toast.contains("left as it is"), toast)
    }
}
