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
        Self.keepFreedMemoryForReuse()
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

    /// glibc hands blocks over 128 KB to the kernel when they are freed (munmap, or a trim of
    /// the heap's top) and takes fresh pages for the next, each faulted in and zeroed one by
    /// one. An import grows its tables by doubling — with 100,000 sources a dozen arrays of
    /// 0.4 to 8 MB — so most of what it frees it needs again a moment later: 15,400 page
    /// faults for a 49 MiB peak with 100,000 sources, 8,400 for 32 MiB with three. Kept in
    /// the heap for reuse: 9,100 and 5,150, the same peak. Process-wide, and this runs only
    /// in the processes made for an import (`tmm-tui import`, the benchmark's children),
    /// which exit when it is done.
    private static func keepFreedMemoryForReuse() {
        #if canImport(Glibc)
        // <malloc.h>: M_TRIM_THRESHOLD -1, M_TOP_PAD -2, M_MMAP_THRESHOLD -3 (not in the Glibc module).
        _ = importMallopt(-3, 32 << 20)   // the largest threshold glibc accepts
        _ = importMallopt(-1, 256 << 20)
        _ = importMallopt(-2, 16 << 20)
        #endif
    }
}

#if canImport(Glibc)
@_silgen_name("mallopt") private func importMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
