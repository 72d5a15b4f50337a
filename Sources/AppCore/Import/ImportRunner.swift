import Dispatch
import FoundationEssentials
import HealthDomain
import Platform
import HealthImport

/// Reads an export and computes its daily values; writes nothing but its own
/// temporary files (removed before it returns). The caller commits the result.
struct ImportRunner {
    struct Outcome {
        var summary: ImportSummary
        var order: SourceOrder
        var data: ImportedHealthData
        var seconds: Double
    }

    var calendar: LocalCalendar
    /// Where the temporary spill folder goes (the cache folder: a real disk, not tmpfs).
    var spillParent: URL
    var prefer: [String] = []
    var bufferBudget = 65_536
    var options = ImportOptions()
    var now: () -> Date = Date.init

    func run(path: String, isCancelled: () -> Bool, progress: (ImportProgress) -> Void) throws(ImportFailure) -> Outcome {
        let started = DispatchTime.now().uptimeNanoseconds
        let location: HealthExportLocation
        do { location = try HealthExportLocation.locate(path) } catch { throw .read(error) }
        do { try AtomicFile.ensureDirectory(spillParent) } catch { throw .writeFailed("\(error)") }
        let aggregator: DailyAggregator
        do { aggregator = try DailyAggregator(calendar: calendar, spillDirectory: spillParent, bufferBudget: bufferBudget) } catch {
            throw (error as? ImportFailure) ?? .writeFailed("\(error)")
        }
        defer { aggregator.discard() }
        do {
            let summary = try HealthExportReader.read(location, options: options, isCancelled: isCancelled, progress: progress) {
                try aggregator.add($0)
            }
            let order = SourceOrder(summary, prefer: prefer)
            let data = try aggregator.finish(order: order.ordered, orderedIndices: order.orderedIndices, fetchedAt: now(),
                                             isCancelled: isCancelled)
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            return Outcome(summary: summary, order: order, data: data, seconds: seconds)
        } catch let error as ImportFailure {
            throw error
        } catch let error as ImportError {
            throw .read(error)
        } catch {
            throw .writeFailed("\(error)")
        }
    }
}
