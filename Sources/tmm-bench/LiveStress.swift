import Foundation
import Synchronization
import AppCore
import HealthDomain
import Platform
import TerminalUI

/// A clock the stress run moves by hand: the pipeline sees 100,000 samples
/// arrive in simulated time, as fast as the machine can feed them.
final class ManualClock: Sendable {
    private let current: Mutex<Date>
    init(_ start: Date) { current = Mutex(start) }
    var now: Date { current.withLock { $0 } }
    func advance(_ seconds: Double) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

/// Counts frames instead of drawing them, and notes when (in simulated time) each came.
final class CountingTerminal: TerminalDevice {
    var size = Size(width: 120, height: 40)
    let clock: ManualClock
    var presented: [Date] = []
    init(clock: ManualClock) { self.clock = clock }
    func present(_ buffer: Buffer) { presented.append(clock.now) }
    func waitForEvents(timeout: Double?) -> [TerminalEvent] { [] }
    func bell() {}
    func flashScreen() {}
    func suspend() {}
}

struct LiveStressResult {
    var samples: Int
    var simulatedSeconds: Double
    var frames: Int
    /// The shortest time between two frames once streaming has settled (after its first
    /// simulated second, in which the first samples are drawn at once).
    var shortestGap: Double
    var writes: Int
    var secondsPerWrite: Double
    var wallSeconds: Double
}

enum LiveStress {
    /// Streams `count` samples, one every `interval` simulated seconds, through the real run loop step.
    @MainActor
    static func run(dataDir: URL, count: Int, interval: Double, start: Date) async -> LiveStressResult {
        let clock = ManualClock(start)
        var options = Options()
        options.dataDir = dataDir.path
        let env = AppEnvironment(options: options, environment: appEnvironment(), now: { clock.now })
        let terminal = CountingTerminal(clock: clock)
        let runtime = AppRuntime(env: env, device: terminal, wake: {})
        // Today's provider samples, as a refresh would have fetched them.
        let today = DayKey(start, calendar: env.context.calendar)
        let interval24 = LiveMerge.interval(of: today...today, calendar: env.context.calendar)
        let base = (try? await env.provider.samples(of: .stepCount, in: interval24)) ?? []
        env.live?.setBase(base, days: today...today)

        let source = HealthSource(id: "mock.watch.live", name: "Apple Watch", kind: .watch)
        let t0 = uptime()
        for i in 0..<count {
            let from = clock.now
            clock.advance(interval)
            runtime.deliver(liveSamples: [QuantitySample(id: "stress-\(i)", type: i % 2 == 0 ? .stepCount : .activeEnergyBurned,
                                                         value: 1, start: from, end: clock.now, source: source)])
            runtime.step([.wake])
        }
        _ = env.livePipeline.flush()
        let wall = uptime() - t0
        let counters = env.live?.counters ?? LiveCounters()
        let streamed = terminal.presented.filter { $0.timeIntervalSince(start) >= 1 }
        let gaps = zip(streamed, streamed.dropFirst()).map { $1.timeIntervalSince($0) }
        return LiveStressResult(samples: count, simulatedSeconds: Double(count) * interval, frames: terminal.presented.count,
                                shortestGap: gaps.min() ?? .infinity,
                                writes: counters.writes, secondsPerWrite: counters.writeSeconds / Double(max(1, counters.writes)),
                                wallSeconds: wall)
    }
}
