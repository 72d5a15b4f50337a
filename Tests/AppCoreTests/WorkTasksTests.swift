import Foundation
import Synchronization
import XCTest
@testable import AppCore
import HealthDomain

/// The runtime's cancellable work, tested directly: only the newest run of an
/// id delivers, a cancelled one never does, and many at once all finish.
@MainActor
final class WorkTasksTests: XCTestCase {
    /// Results delivered, in arrival order.
    final class Received: Sendable {
        private let list = Mutex<[String]>([])
        func add(_ event: AppEvent) {
            if case .message(_, let m) = event, let s = m as? String { list.withLock { $0.append(s) } }
        }
        var all: [String] { list.withLock { $0 } }
    }

    /// A gate a test opens when it wants the work to go on (no sleeping).
    final class Gate: Sendable {
        private let opened = Mutex<[CheckedContinuation<Void, Never>]?>([])
        func wait() async {
            await withCheckedContinuation { c in
                let now = opened.withLock { waiting -> Bool in
                    guard waiting != nil else { return true }
                    waiting!.append(c)
                    return false
                }
                if now { c.resume() }
            }
        }
        func open() { for c in opened.withLock({ w -> [CheckedContinuation<Void, Never>] in defer { w = nil }; return w ?? [] }) { c.resume() } }
    }

    lazy var services = Driver().env.services
    let id = WorkID(.today, "load")

    func work(_ id: WorkID, _ result: String, gate: Gate? = nil) -> Work {
        Work(id) { _ in
            await gate?.wait()
            return result
        }
    }

    /// Waits until `done` holds; the deadline only turns a regression into a failure, not a hang.
    func testAFinishedRunDeliversOnce() async {
        let tasks = WorkTasks(), got = Received()
        tasks.start(work(id, "a"), services: services, deliver: got.add)
        await eventually("delivered") { got.all == ["a"] }
        await eventually("no longer running") { tasks.runningIDs.isEmpty }
    }

    /// The id counts as running until its result is delivered: a waiter that sees nothing running
    /// (the demo's clock before its next key) never misses a result on its way to the inbox.
    func testAnIdIsRunningUntilItsResultIsDelivered() async {
        let tasks = WorkTasks(), seen = Mutex<[Bool]>([])
        nonisolated(unsafe) let shared = tasks // `runningIDs` reads only the lock-guarded generations
        let id = self.id
        tasks.start(work(id, "a"), services: services) { _ in
            let running = shared.runningIDs.contains(id)
            seen.withLock { $0.append(running) }
        }
        await eventually("delivered") { seen.withLock { $0.count } == 1 }
        XCTAssertEqual(seen.withLock { $0 }, [true], "the id was still running while its result was delivered")
        await eventually("no longer running after") { tasks.runningIDs.isEmpty }
    }

    func testCancelBeforeItStartsDeliversNothing() async {
        let tasks = WorkTasks(), got = Received(), gate = Gate()
        tasks.start(work(id, "late", gate: gate), services: services, deliver: got.add)
        tasks.cancel(id)
        gate.open()
        await eventually("not running") { tasks.runningIDs.isEmpty }
        for _ in 0..<100 { await Task.yield() }
        XCTAssertEqual(got.all, [])
    }

    func testCancelWhileRunningDropsTheResult() async {
        let tasks = WorkTasks(), got = Received(), gate = Gate(), started = Gate()
        let w = Work(id) { _ in started.open(); await gate.wait(); return "dropped" }
        tasks.start(w, services: services, deliver: got.add)
        await started.wait()
        tasks.cancel(id)
        gate.open()
        for _ in 0..<200 { await Task.yield() }
        XCTAssertEqual(got.all, [])
        XCTAssertTrue(tasks.runningIDs.isEmpty)
    }

    func testANewerRunReplacesTheOlderEvenWhenTheOlderFinishesLast() async {
        let tasks = WorkTasks(), got = Received(), slow = Gate()
        tasks.start(work(id, "old", gate: slow), services: services, deliver: got.add)
        tasks.start(work(id, "new"), services: services, deliver: got.add)
        await eventually("the newer delivered") { got.all == ["new"] }
        slow.open() // the older one finishes after: its result is stale
        for _ in 0..<200 { await Task.yield() }
        XCTAssertEqual(got.all, ["new"])
    }

    func testManyAtOnceAllDeliverAndCancelAllStopsTheRest() async {
        let tasks = WorkTasks(), got = Received(), gate = Gate()
        for i in 0..<50 { tasks.start(work(WorkID(.today, "w\(i)"), "r\(i)"), services: services, deliver: got.add) }
        await eventually("all 50 delivered") { got.all.count == 50 }
        XCTAssertEqual(Set(got.all), Set((0..<50).map { "r\($0)" }))
        for i in 0..<10 { tasks.start(work(WorkID(.today, "g\(i)"), "g\(i)", gate: gate), services: services, deliver: got.add) }
        XCTAssertEqual(tasks.runningIDs.count, 10)
        tasks.cancelAll()
        gate.open()
        for _ in 0..<200 { await Task.yield() }
        XCTAssertEqual(got.all.count, 50, "none of the cancelled ten delivered")
    }
}
