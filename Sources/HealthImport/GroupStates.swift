/// A number per duplicate group (0 until set), by group number. The pipeline numbers a
/// group source × 6 + type, so one array by number held six entries for each source,
/// padded six at a time, where most sources have one type (100,000 step-only sources:
/// 4 MB allocated). The numbers go in six lanes by `group % 6` instead, each as dense as
/// the sources of one type.
struct GroupStates {
    private static let laneCount = ImportedType.allCases.count
    private var lanes: [[Int32]] = Array(repeating: [], count: GroupStates.laneCount)

    subscript(group: Int) -> Int32 {
        @inline(__always) get {
            let (index, lane) = group.quotientAndRemainder(dividingBy: Self.laneCount)
            return index < lanes[lane].count ? lanes[lane][index] : 0
        }
        @inline(__always) set {
            let (index, lane) = group.quotientAndRemainder(dividingBy: Self.laneCount)
            if index < lanes[lane].count {
                lanes[lane][index] = newValue
                return
            }
            if index > lanes[lane].count { lanes[lane].append(contentsOf: repeatElement(0, count: index - lanes[lane].count)) }
            lanes[lane].append(newValue)
        }
    }
}
