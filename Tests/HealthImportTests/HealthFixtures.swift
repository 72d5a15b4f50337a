/// Hand-written export fragments, shaped like what the Health app writes.
enum HealthFixtures {
    /// iOS 16's DTD: the VisionPrescription ATTLIST misses its closing '>'.
    static let iOS16Prolog = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE HealthData [
    <!-- HealthKit Export Version: 12 -->
    <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|VisionPrescription)*)>
    <!ATTLIST HealthData
      locale CDATA #REQUIRED
    >
    <!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
    <!ATTLIST Record
      type          CDATA #REQUIRED
      sourceName    CDATA #REQUIRED
    >
    <!ATTLIST VisionPrescription
      type             CDATA #REQUIRED
      dateIssued       CDATA #REQUIRED
    <!ELEMENT Prescription EMPTY>
    ]>
    <HealthData locale="en_GB">
     <ExportDate value="2024-04-02 09:15:00 +0100"/>
     <Me HKCharacteristicTypeIdentifierDateOfBirth="1990-01-01" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale"/>

    """

    static let watchDevice = "&lt;&lt;HKDevice: 0x283ad0a50&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, software:9.1&gt;"
    static let phoneDevice = "&lt;&lt;HKDevice: 0x283ad0b10&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone14,2, software:16.1&gt;"

    static func record(
        _ type: String, source: String = "Anna’s Apple Watch", device: String? = watchDevice, unit: String? = "count",
        value: String? = "100", start: String = "2024-03-31 01:00:00 +0100", end: String = "2024-03-31 01:10:00 +0100"
    ) -> String {
        var attributes = "type=\"\(type)\" sourceName=\"\(source)\" sourceVersion=\"10.1\""
        if let device { attributes += " device=\"\(device)\"" }
        if let unit { attributes += " unit=\"\(unit)\"" }
        attributes += " creationDate=\"\(end)\" startDate=\"\(start)\" endDate=\"\(end)\""
        if let value { attributes += " value=\"\(value)\"" }
        return " <Record \(attributes)/>\n"
    }

    static let steps = "HKQuantityTypeIdentifierStepCount"
    static let energy = "HKQuantityTypeIdentifierActiveEnergyBurned"
    static let sleep = "HKCategoryTypeIdentifierSleepAnalysis"

    /// A small export: watch and phone steps, energy in kcal, a sleep record with metadata
    /// children, a correlation whose nested record must not count twice, and a 0x0B in a name.
    static var smallExport: String {
        iOS16Prolog
            + record(steps, value: "120")
            + record(steps, source: "Anna’s iPhone", device: phoneDevice, value: "95")
            + record(energy, unit: "kcal", value: "12.5")
            + " <Record type=\"\(sleep)\" sourceName=\"Anna’s Apple Watch\" device=\"\(watchDevice)\""
            + " creationDate=\"2024-03-31 07:00:00 +0200\" startDate=\"2024-03-30 23:30:00 +0100\""
            + " endDate=\"2024-03-31 03:15:00 +0200\" value=\"HKCategoryValueSleepAnalysisAsleepCore\">\n"
            + "  <MetadataEntry key=\"HKTimeZone\" value=\"Europe/Paris\"/>\n </Record>\n"
            + " <Correlation type=\"HKCorrelationTypeIdentifierFood\" sourceName=\"Food\" startDate=\"2024-03-31 12:00:00 +0200\" endDate=\"2024-03-31 12:00:00 +0200\">\n"
            + record(steps, source: "Food", device: nil, value: "1")
            + " </Correlation>\n"
            + record(steps, source: "Pedometer\u{0B} & Co", device: nil, value: "7")
            + "</HealthData>\n"
    }
}
