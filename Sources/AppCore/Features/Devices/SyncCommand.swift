import FoundationEssentials
import Glibc
import HealthDomain
import Platform
import Synchronization

extension Commands {
    /// `tmm-tui sync [--seed N] [--json]`: one connect-and-fetch without the full-screen UI.
    /// Progress on stderr; the payload or the error on stdout; exit 0 synced, 1 failed.
    /// A success is stored as the last sync, as the Devices screen stores it.
    public static func sync(_ env: AppEnvironment, json: Bool,
                            progress: @escaping @Sendable (String) -> Void = { StandardStream.error.write($0) }) async -> (stdout: String, stderr: String, code: Int32) {
        await sync(env, json: json, timeout: DeviceConnection(deviceName: "").timeoutSeconds,
                   timeoutSleeper: { try await Task.sleep(nanoseconds: UInt64(max(0, min($0, 86_400)) * 1_000_000_000)) },
                   progress: progress)
    }

    /// The same with the timeout's clock and the progress lines injected (tests).
    static func sync(_ env: AppEnvironment, json: Bool, timeout: Double, timeoutSleeper: @escaping WearableSleeper,
                     progress: @escaping @Sendable (String) -> Void) async -> (stdout: String, stderr: String, code: Int32) {
        let ctx = env.context, wearable = env.service(DevicesWearable.self)
        let strings = ctx.strings
        progress(ctx.strings("sync.connecting", wearable.deviceName) + "\n")
        let outcome: Result<WearablePayload, WearableError>
        do {
            // Connect and fetch under one deadline, like the screen: it never hangs.
            let payload = try await WearableTimeout.run(seconds: timeout, sleeper: timeoutSleeper) {
                let seconds = try await wearable.connect()
                progress(strings("sync.connected", String(cFormat: "%.1f", seconds)) + "\n")
                let payload = try await wearable.fetch()
                await wearable.disconnect()
                return payload
            }
            outcome = .success(payload)
        } catch let error as WearableError {
            await wearable.disconnect()
            outcome = .failure(error)
        } catch {
            await wearable.disconnect()
            outcome = .failure(.noResponse(seconds: Int(timeout.rounded())))
        }
        switch outcome {
        case .failure(let error):
            // An error goes to stderr, in words ("tmm-tui: sync failed: Your wearable is out of range." and
            // what to do); --json writes it to stdout as data, its code included, for a script.
            return json ? (failureOutput(error, json: true, ctx), "", 1) : ("", failureOutput(error, json: false, ctx), 1)
        case .success(let payload):
            let sync = LastSync(payload: payload, syncedAt: LastSync.time(env.now()), deviceName: wearable.deviceName)
            var err = ""
            if let problem = saveLastSync(sync, env) {
                err = "tmm-tui: " + ctx.strings("sync.saveFailed", problem) + "\n"
            } else if !json {
                err = ctx.strings("sync.saved") + "\n"
            }
            return (successOutput(sync, json: json, ctx), err, 0)
        }
    }

    /// Stores the sync through the storage owner and waits for the write; a failure is returned.
    static func saveLastSync(_ sync: LastSync, _ env: AppEnvironment) -> String? {
        let failures = Mutex<[String]>([])
        env.storage.onFailure { failure in failures.withLock { $0.append(failure.text) } }
        let base = env.settingsValue
        var settings = base
        settings.lastDeviceSync = sync
        env.storage.saveSettings(settings, base: base)
        env.storage.flush()
        return failures.withLock { $0.first }
    }

    struct SyncJSON: Encodable {
        var device: String
        var syncedAt: String
        var steps: Int
        var heartRate: Int
        var sleepHours: Double
    }

    struct SyncErrorJSON: Encodable {
        var error: String
        var message: String
        var advice: String
    }

    static func successOutput(_ sync: LastSync, json: Bool, _ ctx: AppContext) -> String {
        let p = sync.payload
        guard json else {
            return ctx.strings("sync.result", sync.deviceName, ctx.formats.integer(p.steps),
                               ctx.strings("devices.bpm", ctx.formats.integer(p.heartRate)), DevicesText.sleep(p.sleepHours, ctx)) + "\n"
        }
        return encoded(SyncJSON(device: sync.deviceName, syncedAt: sync.syncedAt.formatted(Date.ISO8601FormatStyle()),
                                steps: p.steps, heartRate: p.heartRate, sleepHours: p.sleepHours))
    }

    static func failureOutput(_ error: WearableError, json: Bool, _ ctx: AppContext) -> String {
        let message = DevicesText.message(error, ctx), advice = DevicesText.advice(error, ctx)
        guard json else { return "tmm-tui: " + ctx.strings("sync.failed", message) + "\n" + advice + "\n" }
        return encoded(SyncErrorJSON(error: error.code, message: message, advice: advice))
    }

    private static func encoded<T: Encodable>(_ value: T) -> String {
        let enc = JSONEncoder()
        enc.outputFormatting = [.prettyPrinted, .sortedKeys]
        return (String(data: (try? enc.encode(value)) ?? Data("{}".utf8), encoding: .utf8) ?? "{}") + "\n"
    }
}
