// Generated once from ICU (Foundation's DateFormatter, NumberFormatter and Calendar on Linux) for every
// locale ICU lists in these languages, plus "no_NO" (glibc's name for Norwegian Bokmål). Locales that
// ICU writes alike share one case. en_SA and en_TH hold their Gregorian dates (ICU's default calendar
// there is Islamic / Buddhist). `FormatLocaleTests` hold every entry to ICU's output.

extension LocaleTables {
    /// The locales with their own entry, by identifier (language alone, or language_REGION).
    static let identifiers: [String] = [
        "en_US", "en_GB", "en_AU", "en_CA", "en_IE", "en_IN", "en_NZ", "en_ZA", "en", "fr_FR", "fr_CA", "fr_BE",
        "fr_CH", "fr", "de_DE", "de_AT", "de_CH", "de", "es_ES", "es_MX", "es", "it_IT", "it_CH", "it", "nl_NL",
        "nl_BE", "nl", "pt_BR", "pt_PT", "pt", "sv_SE", "sv", "da_DK", "da", "nb_NO", "nb", "nn_NO", "nn", "no_NO",
        "no", "fi_FI", "fi", "pl_PL", "pl", "cs_CZ", "cs", "ru_RU", "ru", "tr_TR", "tr", "da_GL", "de_BE", "de_IT",
        "de_LI", "de_LU", "en_001", "en_150", "en_AE", "en_AG", "en_AI", "en_AL", "en_AR", "en_AS", "en_AT", "en_BB",
        "en_BD", "en_BE", "en_BG", "en_BI", "en_BM", "en_BN", "en_BR", "en_BS", "en_BW", "en_BZ", "en_CC", "en_CH",
        "en_CK", "en_CL", "en_CM", "en_CN", "en_CO", "en_CV", "en_CX", "en_CY", "en_CZ", "en_DE", "en_DG", "en_DK",
        "en_DM", "en_EE", "en_ER", "en_FI", "en_FJ", "en_FK", "en_FM", "en_FR", "en_GD", "en_GG", "en_GH", "en_GI",
        "en_GM", "en_GR", "en_GU", "en_GY", "en_HK", "en_HU", "en_ID", "en_IL", "en_IM", "en_IO", "en_JE", "en_JM",
        "en_JP", "en_KE", "en_KI", "en_KN", "en_KR", "en_KY", "en_LC", "en_LR", "en_LS", "en_LT", "en_LV", "en_MG",
        "en_MH", "en_MM", "en_MO", "en_MP", "en_MS", "en_MT", "en_MU", "en_MV", "en_MW", "en_MX", "en_MY", "en_NA",
        "en_NF", "en_NG", "en_NL", "en_NO", "en_NR", "en_NU", "en_PG", "en_PH", "en_PK", "en_PL", "en_PN", "en_PR",
        "en_PT", "en_PW", "en_RU", "en_RW", "en_SA", "en_SB", "en_SC", "en_SD", "en_SE", "en_SG", "en_SH", "en_SI",
        "en_SK", "en_SL", "en_SS", "en_SX", "en_SZ", "en_TC", "en_TH", "en_TK", "en_TO", "en_TR", "en_TT", "en_TV",
        "en_TW", "en_TZ", "en_UA", "en_UG", "en_UM", "en_VC", "en_VG", "en_VI", "en_VU", "en_WS", "en_ZM", "en_ZW",
        "es_003", "es_419", "es_AG", "es_AR", "es_BB", "es_BM", "es_BO", "es_BQ", "es_BR", "es_BS", "es_BZ", "es_CA",
        "es_CL", "es_CO", "es_CR", "es_CU", "es_CW", "es_DM", "es_DO", "es_EA", "es_EC", "es_GD", "es_GQ", "es_GT",
        "es_GY", "es_HN", "es_HT", "es_IC", "es_KN", "es_KY", "es_LC", "es_NI", "es_PA", "es_PE", "es_PH", "es_PR",
        "es_PY", "es_SV", "es_TC", "es_TT", "es_US", "es_UY", "es_VC", "es_VE", "es_VG", "es_VI", "fr_BF", "fr_BI",
        "fr_BJ", "fr_BL", "fr_CD", "fr_CF", "fr_CG", "fr_CI", "fr_CM", "fr_DJ", "fr_DZ", "fr_GA", "fr_GF", "fr_GN",
        "fr_GP", "fr_GQ", "fr_HT", "fr_KM", "fr_LU", "fr_MA", "fr_MC", "fr_MF", "fr_MG", "fr_ML", "fr_MQ", "fr_MR",
        "fr_MU", "fr_NC", "fr_NE", "fr_PF", "fr_PM", "fr_RE", "fr_RW", "fr_SC", "fr_SN", "fr_SY", "fr_TD", "fr_TG",
        "fr_TN", "fr_VU", "fr_WF", "fr_YT", "it_SM", "it_VA", "nb_SJ", "nl_AW", "nl_BQ", "nl_CW", "nl_SR", "nl_SX",
        "pt_AO", "pt_CH", "pt_CV", "pt_FR", "pt_GQ", "pt_GW", "pt_LU", "pt_MO", "pt_MZ", "pt_ST", "pt_TL", "ru_BY",
        "ru_KG", "ru_KZ", "ru_MD", "ru_UA", "sv_AX", "sv_FI", "tr_CY",
    ]

    /// One switch on the language, then one on the identifier, so a lookup compares few strings.
    static func table(_ identifier: String) -> LocaleTable? {
        switch identifier.prefix(while: { $0 != "_" }) {
        case "en": en(identifier)
        case "fr": fr(identifier)
        case "de": de(identifier)
        case "es": es(identifier)
        case "it": it(identifier)
        case "nl": nl(identifier)
        case "pt": pt(identifier)
        case "sv": sv(identifier)
        case "da": da(identifier)
        case "nb", "no": nb(identifier)
        case "nn": nn(identifier)
        case "fi": fi(identifier)
        case "pl": pl(identifier)
        case "cs": cs(identifier)
        case "ru": ru(identifier)
        case "tr": tr(identifier)
        default: nil
        }
    }

    private static func en(_ identifier: String) -> LocaleTable? {
        switch identifier {
        case "en_US", "en_CA", "en", "en_AS", "en_CN", "en_GU", "en_KR", "en_MH", "en_PH", "en_PR", "en_TW", "en_UM",
             "en_VI":
            LocaleTable(
                weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, MMM d", fullDatePattern: "EEE, MMM d, yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ".", groupingSeparator: ",", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 1)
        case "en_GB":
            LocaleTable(
                weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE d MMM", fullDatePattern: "EEE, d MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ".", groupingSeparator: ",", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 2)
        case "en_AU", "en_NZ", "en_001", "en_150", "en_AE", "en_AI", "en_BB", "en_BM", "en_BN", "en_CC", "en_CK",
             "en_CM", "en_CX", "en_CY", "en_DG", "en_ER", "en_FJ", "en_FK", "en_FM", "en_GD", "en_GG", "en_GH", "en_GI",
             "en_GM", "en_GY", "en_IM", "en_IO", "en_JE", "en_KI", "en_KN", "en_KY", "en_LC", "en_LR", "en_LS", "en_MG",
             "en_MS", "en_MU", "en_MW", "en_MY", "en_NA", "en_NF", "en_NG", "en_NR", "en_NU", "en_PG", "en_PN", "en_PW",
             "en_RW", "en_SB", "en_SC", "en_SH", "en_SL", "en_SS", "en_SX", "en_SZ", "en_TC", "en_TK", "en_TO", "en_TV",
             "en_TZ", "en_UG", "en_VC", "en_VG", "en_VU", "en_ZM":
            LocaleTable(
                weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d MMM", fullDatePattern: "EEE, d MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ".", groupingSeparator: ",", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 2)
        case "en_IE":
            LocaleTable(
                weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d MMM", fullDatePattern: "EEE d MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ".", groupingSeparator: ",", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 2)
        case "en_IN", "en_AG", "en_BS", "en_DM", "en_HK", "en_JM", "en_KE", "en_MM", "en_MO", "en_PK", "en_SA", "en_SG",
             "en_TH", "en_TT", "en_WS":
            LocaleTable(
                weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d MMM", fullDatePattern: "EEE, d MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ".", groupingSeparator: ",", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 1)
        case "en_ZA":
            LocaleTable(
                weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, dd MMM", fullDatePattern: "EEE, dd MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ",", groupingSeparator: "\u{A0}", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 1)
        case "en_AL", "en_CV", "en_LT", "en_LV", "en_NO", "en_PL", "en_RU", "en_SE", "en_SK", "en_UA":
            LocaleTable(
                weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d MMM", fullDatePattern: "EEE, d MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ",", groupingSeparator: "\u{A0}", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 2)
        case "en_AR", "en_BE", "en_CL", "en_GR", "en_NL", "en_SI":
            LocaleTable(
                weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d MMM", fullDatePattern: "EEE, d MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ",", groupingSeparator: ".", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 2)
        case "en_AT", "en_DE":
            LocaleTable(
                weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE d. MMM", fullDatePattern: "EEE d. MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ",", groupingSeparator: ".", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 2)
        case "en_BD":
            LocaleTable(
                weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d MMM", fullDatePattern: "EEE, d MMM, yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ".", groupingSeparator: ",", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 1)
        case "en_BG":
            LocaleTable(
                weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d MMM", fullDatePattern: "EEE, d MMM yyyy",
                timePattern: "H:mm", timeWithSecondsPattern: "H:mm:ss",
                decimalSeparator: ",", groupingSeparator: "\u{A0}", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 2)
        case "en_BI", "en_MP":
            LocaleTable(
                weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, MMM d", fullDatePattern: "EEE, MMM d, yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ".", groupingSeparator: ",", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 2)
        case "en_BR", "en_CO":
            LocaleTable(
                weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d MMM", fullDatePattern: "EEE, d MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ",", groupingSeparator: ".", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 1)
        case "en_BW", "en_BZ":
            LocaleTable(
                weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, dd MMM", fullDatePattern: "EEE, dd MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ".", groupingSeparator: ",", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 1)
        case "en_CH":
            LocaleTable(
                weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d MMM", fullDatePattern: "EEE, d MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ".", groupingSeparator: "'", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 2)
        case "en_CZ":
            LocaleTable(
                weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE d. M.", fullDatePattern: "EEE d. M. yyyy",
                timePattern: "H:mm", timeWithSecondsPattern: "H:mm:ss",
                decimalSeparator: ",", groupingSeparator: "\u{A0}", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 2)
        case "en_DK":
            LocaleTable(
                weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d MMM", fullDatePattern: "EEE, d MMM yyyy",
                timePattern: "HH.mm", timeWithSecondsPattern: "HH.mm.ss",
                decimalSeparator: ",", groupingSeparator: ".", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 2)
        case "en_EE":
            LocaleTable(
                weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d. MMM", fullDatePattern: "EEE, d. MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ",", groupingSeparator: "\u{A0}", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 2)
        case "en_FI":
            LocaleTable(
                weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE d. MMM", fullDatePattern: "EEE d. MMM yyyy",
                timePattern: "H.mm", timeWithSecondsPattern: "H.mm.ss",
                decimalSeparator: ",", groupingSeparator: "\u{A0}", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 2)
        case "en_FR":
            LocaleTable(
                weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE d MMM", fullDatePattern: "EEE d MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ",", groupingSeparator: "\u{202F}", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 2)
        case "en_HU":
            LocaleTable(
                weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "MMM d., EEE", fullDatePattern: "yyyy. MMM d., EEE",
                timePattern: "H:mm", timeWithSecondsPattern: "H:mm:ss",
                decimalSeparator: ",", groupingSeparator: "\u{A0}", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 2)
        case "en_ID":
            LocaleTable(
                weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d MMM", fullDatePattern: "EEE, d MMM yyyy",
                timePattern: "HH.mm", timeWithSecondsPattern: "HH.mm.ss",
                decimalSeparator: ",", groupingSeparator: ".", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 1)
        case "en_IL":
            LocaleTable(
                weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d MMM", fullDatePattern: "EEE, d MMM yyyy",
                timePattern: "H:mm", timeWithSecondsPattern: "H:mm:ss",
                decimalSeparator: ".", groupingSeparator: ",", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 1)
        case "en_JP":
            LocaleTable(
                weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, MMM d", fullDatePattern: "EEE, MMM d, yyyy",
                timePattern: "H:mm", timeWithSecondsPattern: "H:mm:ss",
                decimalSeparator: ".", groupingSeparator: ",", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 1)
        case "en_MT":
            LocaleTable(
                weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d MMM", fullDatePattern: "EEE, dd MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ".", groupingSeparator: ",", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 1)
        case "en_MV":
            LocaleTable(
                weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d MMM", fullDatePattern: "EEE, d MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ".", groupingSeparator: ",", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 6)
        case "en_MX":
            LocaleTable(
                weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE d MMM", fullDatePattern: "EEE d MMM yyyy",
                timePattern: "H:mm", timeWithSecondsPattern: "H:mm:ss",
                decimalSeparator: ".", groupingSeparator: ",", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 1)
        case "en_PT":
            LocaleTable(
                weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d MMM", fullDatePattern: "EEE, d MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ",", groupingSeparator: "\u{A0}", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 1)
        case "en_SD":
            LocaleTable(
                weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d MMM", fullDatePattern: "EEE, d MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ".", groupingSeparator: ",", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 7)
        case "en_TR":
            LocaleTable(
                weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, MMM d", fullDatePattern: "EEE, MMM d, yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ",", groupingSeparator: ".", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 2)
        case "en_ZW":
            LocaleTable(
                weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, dd MMM", fullDatePattern: "EEE, dd MMM, yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ".", groupingSeparator: ",", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 1)
        default: nil
        }
    }

    private static func fr(_ identifier: String) -> LocaleTable? {
        switch identifier {
        case "fr_FR", "fr_BE", "fr_CH", "fr", "fr_BF", "fr_BI", "fr_BJ", "fr_BL", "fr_CD", "fr_CF", "fr_CG", "fr_CI",
             "fr_CM", "fr_DZ", "fr_GA", "fr_GF", "fr_GN", "fr_GP", "fr_GQ", "fr_HT", "fr_KM", "fr_MC", "fr_MF", "fr_MG",
             "fr_ML", "fr_MQ", "fr_MR", "fr_MU", "fr_NC", "fr_NE", "fr_PF", "fr_PM", "fr_RE", "fr_RW", "fr_SC", "fr_SN",
             "fr_TD", "fr_TG", "fr_TN", "fr_VU", "fr_WF", "fr_YT":
            LocaleTable(
                weekdays: frFRWeekdays, standaloneWeekdays: frFRWeekdays, months: frFRMonths, standaloneFullMonths: frFRStandaloneFullMonths,
                weekdayPattern: "EEE", dayAndMonthPattern: "EEE d MMM", fullDatePattern: "EEE d MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ",", groupingSeparator: "\u{202F}", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 2)
        case "fr_CA":
            LocaleTable(
                weekdays: frFRWeekdays, standaloneWeekdays: frFRWeekdays, months: frCAMonths, standaloneFullMonths: frFRStandaloneFullMonths,
                weekdayPattern: "EEE", dayAndMonthPattern: "EEE d MMM", fullDatePattern: "EEE d MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ",", groupingSeparator: "\u{A0}", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 1)
        case "fr_DJ", "fr_SY":
            LocaleTable(
                weekdays: frFRWeekdays, standaloneWeekdays: frFRWeekdays, months: frFRMonths, standaloneFullMonths: frFRStandaloneFullMonths,
                weekdayPattern: "EEE", dayAndMonthPattern: "EEE d MMM", fullDatePattern: "EEE d MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ",", groupingSeparator: "\u{202F}", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 7)
        case "fr_LU":
            LocaleTable(
                weekdays: frFRWeekdays, standaloneWeekdays: frFRWeekdays, months: frFRMonths, standaloneFullMonths: frFRStandaloneFullMonths,
                weekdayPattern: "EEE", dayAndMonthPattern: "EEE d MMM", fullDatePattern: "EEE d MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ",", groupingSeparator: ".", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 2)
        case "fr_MA":
            LocaleTable(
                weekdays: frFRWeekdays, standaloneWeekdays: frFRWeekdays, months: frMAMonths, standaloneFullMonths: frFRStandaloneFullMonths,
                weekdayPattern: "EEE", dayAndMonthPattern: "EEE d MMM", fullDatePattern: "EEE d MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ",", groupingSeparator: ".", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 2)
        default: nil
        }
    }

    private static func de(_ identifier: String) -> LocaleTable? {
        switch identifier {
        case "de_DE", "de", "de_BE", "de_LU":
            LocaleTable(
                weekdays: deDEWeekdays, standaloneWeekdays: deDEStandaloneWeekdays, months: deDEMonths, standaloneFullMonths: deDEStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE d. MMM", fullDatePattern: "EEE d. MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ",", groupingSeparator: ".", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 2)
        case "de_AT", "de_IT":
            LocaleTable(
                weekdays: deDEWeekdays, standaloneWeekdays: deDEStandaloneWeekdays, months: deATMonths, standaloneFullMonths: deATStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE d. MMM", fullDatePattern: "EEE d. MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ",", groupingSeparator: ".", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 2)
        case "de_CH", "de_LI":
            LocaleTable(
                weekdays: deDEWeekdays, standaloneWeekdays: deDEStandaloneWeekdays, months: deDEMonths, standaloneFullMonths: deDEStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE d. MMM", fullDatePattern: "EEE d. MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ".", groupingSeparator: "\u{2019}", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 2)
        default: nil
        }
    }

    private static func es(_ identifier: String) -> LocaleTable? {
        switch identifier {
        case "es_ES", "es", "es_003", "es_EA", "es_GQ", "es_IC":
            LocaleTable(
                weekdays: esESWeekdays, standaloneWeekdays: esESWeekdays, months: esESMonths, standaloneFullMonths: esESStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d MMM", fullDatePattern: "EEE, d MMM yyyy",
                timePattern: "H:mm", timeWithSecondsPattern: "H:mm:ss",
                decimalSeparator: ",", groupingSeparator: ".", minusSign: "-",
                minimumGroupingDigits: 2, firstWeekday: 2)
        case "es_MX":
            LocaleTable(
                weekdays: esESWeekdays, standaloneWeekdays: esESWeekdays, months: esMXMonths, standaloneFullMonths: esESStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE d 'de' MMM", fullDatePattern: "EEE, d 'de' MMM 'de' yyyy",
                timePattern: "H:mm", timeWithSecondsPattern: "H:mm:ss",
                decimalSeparator: ".", groupingSeparator: ",", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 1)
        case "es_419", "es_BB", "es_BM", "es_CU", "es_GD", "es_GY", "es_KN", "es_KY", "es_LC", "es_TC", "es_VC",
             "es_VG":
            LocaleTable(
                weekdays: esESWeekdays, standaloneWeekdays: esESWeekdays, months: esESMonths, standaloneFullMonths: esESStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d MMM", fullDatePattern: "EEE, d MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ".", groupingSeparator: ",", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 2)
        case "es_AG", "es_BR", "es_BS", "es_BZ", "es_CA", "es_DM", "es_DO", "es_GT", "es_HN", "es_NI", "es_PA", "es_PR",
             "es_SV", "es_TT", "es_VI":
            LocaleTable(
                weekdays: esESWeekdays, standaloneWeekdays: esESWeekdays, months: esESMonths, standaloneFullMonths: esESStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d MMM", fullDatePattern: "EEE, d MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ".", groupingSeparator: ",", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 1)
        case "es_AR", "es_BO", "es_BQ", "es_CR", "es_CW", "es_EC":
            LocaleTable(
                weekdays: esESWeekdays, standaloneWeekdays: esESWeekdays, months: esESMonths, standaloneFullMonths: esESStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d MMM", fullDatePattern: "EEE, d MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ",", groupingSeparator: ".", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 2)
        case "es_CL":
            LocaleTable(
                weekdays: esESWeekdays, standaloneWeekdays: esESWeekdays, months: esCLMonths, standaloneFullMonths: esESStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d MMM", fullDatePattern: "EEE, d MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ",", groupingSeparator: ".", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 2)
        case "es_CO":
            LocaleTable(
                weekdays: esESWeekdays, standaloneWeekdays: esESWeekdays, months: esCLMonths, standaloneFullMonths: esESStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d 'de' MMM", fullDatePattern: "EEE, d MMM yyyy",
                timePattern: "H:mm", timeWithSecondsPattern: "H:mm:ss",
                decimalSeparator: ",", groupingSeparator: ".", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 1)
        case "es_HT":
            LocaleTable(
                weekdays: esESWeekdays, standaloneWeekdays: esESWeekdays, months: esESMonths, standaloneFullMonths: esESStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d MMM", fullDatePattern: "EEE, d MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ",", groupingSeparator: "\u{202F}", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 2)
        case "es_PE":
            LocaleTable(
                weekdays: esESWeekdays, standaloneWeekdays: esESWeekdays, months: esPEMonths, standaloneFullMonths: esPEStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d MMM", fullDatePattern: "EEE, d MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ".", groupingSeparator: ",", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 1)
        case "es_PH":
            LocaleTable(
                weekdays: esESWeekdays, standaloneWeekdays: esESWeekdays, months: esESMonths, standaloneFullMonths: esESStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d MMM", fullDatePattern: "EEE, d MMM yyyy",
                timePattern: "H:mm", timeWithSecondsPattern: "H:mm:ss",
                decimalSeparator: ",", groupingSeparator: ".", minusSign: "-",
                minimumGroupingDigits: 2, firstWeekday: 1)
        case "es_PY", "es_VE":
            LocaleTable(
                weekdays: esESWeekdays, standaloneWeekdays: esESWeekdays, months: esPYMonths, standaloneFullMonths: esESStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d MMM", fullDatePattern: "EEE, d MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ",", groupingSeparator: ".", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 1)
        case "es_US":
            LocaleTable(
                weekdays: esESWeekdays, standaloneWeekdays: esESWeekdays, months: esESMonths, standaloneFullMonths: esESStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, MMM d", fullDatePattern: "EEE, MMM d, yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ".", groupingSeparator: ",", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 1)
        case "es_UY":
            LocaleTable(
                weekdays: esESWeekdays, standaloneWeekdays: esESWeekdays, months: esPEMonths, standaloneFullMonths: esPEStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d MMM", fullDatePattern: "EEE, d MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ",", groupingSeparator: ".", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 2)
        default: nil
        }
    }

    private static func it(_ identifier: String) -> LocaleTable? {
        switch identifier {
        case "it_IT", "it", "it_SM", "it_VA":
            LocaleTable(
                weekdays: itITWeekdays, standaloneWeekdays: itITWeekdays, months: itITMonths, standaloneFullMonths: itITStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE d MMM", fullDatePattern: "EEE d MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ",", groupingSeparator: ".", minusSign: "-",
                minimumGroupingDigits: 2, firstWeekday: 2)
        case "it_CH":
            LocaleTable(
                weekdays: itITWeekdays, standaloneWeekdays: itITWeekdays, months: itITMonths, standaloneFullMonths: itITStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE d MMM", fullDatePattern: "EEE d MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ".", groupingSeparator: "\u{2019}", minusSign: "-",
                minimumGroupingDigits: 2, firstWeekday: 2)
        default: nil
        }
    }

    private static func nl(_ identifier: String) -> LocaleTable? {
        switch identifier {
        case "nl_NL", "nl_BE", "nl", "nl_AW", "nl_BQ", "nl_CW", "nl_SR", "nl_SX":
            LocaleTable(
                weekdays: nlNLWeekdays, standaloneWeekdays: nlNLWeekdays, months: nlNLMonths, standaloneFullMonths: nlNLStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE d MMM", fullDatePattern: "EEE d MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ",", groupingSeparator: ".", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 2)
        default: nil
        }
    }

    private static func pt(_ identifier: String) -> LocaleTable? {
        switch identifier {
        case "pt_BR", "pt":
            LocaleTable(
                weekdays: ptBRWeekdays, standaloneWeekdays: ptBRWeekdays, months: ptBRMonths, standaloneFullMonths: ptBRStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d 'de' MMM", fullDatePattern: "EEE, d 'de' MMM 'de' yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ",", groupingSeparator: ".", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 1)
        case "pt_PT", "pt_MO", "pt_MZ":
            LocaleTable(
                weekdays: ptBRWeekdays, standaloneWeekdays: ptBRWeekdays, months: ptBRMonths, standaloneFullMonths: ptBRStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d/MM", fullDatePattern: "EEE, d/MM/yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ",", groupingSeparator: "\u{A0}", minusSign: "-",
                minimumGroupingDigits: 2, firstWeekday: 1)
        case "pt_AO":
            LocaleTable(
                weekdays: ptBRWeekdays, standaloneWeekdays: ptBRWeekdays, months: ptBRMonths, standaloneFullMonths: ptBRStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d/MM", fullDatePattern: "EEE, d/MM/yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ",", groupingSeparator: "\u{A0}", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 2)
        case "pt_CH", "pt_CV", "pt_FR", "pt_GQ", "pt_GW", "pt_LU", "pt_ST", "pt_TL":
            LocaleTable(
                weekdays: ptBRWeekdays, standaloneWeekdays: ptBRWeekdays, months: ptBRMonths, standaloneFullMonths: ptBRStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d/MM", fullDatePattern: "EEE, d/MM/yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ",", groupingSeparator: "\u{A0}", minusSign: "-",
                minimumGroupingDigits: 2, firstWeekday: 2)
        default: nil
        }
    }

    private static func sv(_ identifier: String) -> LocaleTable? {
        switch identifier {
        case "sv_SE", "sv", "sv_AX", "sv_FI":
            LocaleTable(
                weekdays: svSEWeekdays, standaloneWeekdays: svSEWeekdays, months: svSEMonths, standaloneFullMonths: svSEStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE d MMM", fullDatePattern: "EEE d MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ",", groupingSeparator: "\u{A0}", minusSign: "\u{2212}",
                minimumGroupingDigits: 1, firstWeekday: 2)
        default: nil
        }
    }

    private static func da(_ identifier: String) -> LocaleTable? {
        switch identifier {
        case "da_DK", "da", "da_GL":
            LocaleTable(
                weekdays: daDKWeekdays, standaloneWeekdays: daDKWeekdays, months: daDKMonths, standaloneFullMonths: daDKStandaloneFullMonths,
                weekdayPattern: "EEE", dayAndMonthPattern: "EEE d. MMM", fullDatePattern: "EEE d. MMM yyyy",
                timePattern: "HH.mm", timeWithSecondsPattern: "HH.mm.ss",
                decimalSeparator: ",", groupingSeparator: ".", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 2)
        default: nil
        }
    }

    private static func nb(_ identifier: String) -> LocaleTable? {
        switch identifier {
        case "nb_NO", "nb", "no_NO", "no", "nb_SJ":
            LocaleTable(
                weekdays: nbNOWeekdays, standaloneWeekdays: nbNOWeekdays, months: nbNOMonths, standaloneFullMonths: nbNOStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE d. MMM", fullDatePattern: "EEE d. MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ",", groupingSeparator: "\u{A0}", minusSign: "\u{2212}",
                minimumGroupingDigits: 1, firstWeekday: 2)
        default: nil
        }
    }

    private static func nn(_ identifier: String) -> LocaleTable? {
        switch identifier {
        case "nn_NO", "nn":
            LocaleTable(
                weekdays: nnNOWeekdays, standaloneWeekdays: nnNOStandaloneWeekdays, months: nbNOMonths, standaloneFullMonths: nbNOStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE d. MMM", fullDatePattern: "EEE d. MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ",", groupingSeparator: "\u{A0}", minusSign: "\u{2212}",
                minimumGroupingDigits: 1, firstWeekday: 2)
        default: nil
        }
    }

    private static func fi(_ identifier: String) -> LocaleTable? {
        switch identifier {
        case "fi_FI", "fi":
            LocaleTable(
                weekdays: fiFIWeekdays, standaloneWeekdays: fiFIWeekdays, months: fiFIMonths, standaloneFullMonths: fiFIStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE d.M.", fullDatePattern: "EEE d.M.yyyy",
                timePattern: "H.mm", timeWithSecondsPattern: "H.mm.ss",
                decimalSeparator: ",", groupingSeparator: "\u{A0}", minusSign: "\u{2212}",
                minimumGroupingDigits: 1, firstWeekday: 2)
        default: nil
        }
    }

    private static func pl(_ identifier: String) -> LocaleTable? {
        switch identifier {
        case "pl_PL", "pl":
            LocaleTable(
                weekdays: plPLWeekdays, standaloneWeekdays: plPLWeekdays, months: plPLMonths, standaloneFullMonths: plPLStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d MMM", fullDatePattern: "EEE, d MMM yyyy",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ",", groupingSeparator: "\u{A0}", minusSign: "-",
                minimumGroupingDigits: 2, firstWeekday: 2)
        default: nil
        }
    }

    private static func cs(_ identifier: String) -> LocaleTable? {
        switch identifier {
        case "cs_CZ", "cs":
            LocaleTable(
                weekdays: csCZWeekdays, standaloneWeekdays: csCZWeekdays, months: csCZMonths, standaloneFullMonths: csCZStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "EEE d.\u{202F}M.", fullDatePattern: "EEE d.\u{202F}M.\u{202F}yyyy",
                timePattern: "H:mm", timeWithSecondsPattern: "H:mm:ss",
                decimalSeparator: ",", groupingSeparator: "\u{A0}", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 2)
        default: nil
        }
    }

    private static func ru(_ identifier: String) -> LocaleTable? {
        switch identifier {
        case "ru_RU", "ru", "ru_BY", "ru_KG", "ru_KZ", "ru_MD":
            LocaleTable(
                weekdays: ruRUWeekdays, standaloneWeekdays: ruRUWeekdays, months: ruRUMonths, standaloneFullMonths: ruRUStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "ccc, d MMM", fullDatePattern: "EEE, d MMM yyyy\u{202F}'г'.",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ",", groupingSeparator: "\u{A0}", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 2)
        case "ru_UA":
            LocaleTable(
                weekdays: ruRUWeekdays, standaloneWeekdays: ruRUWeekdays, months: ruRUMonths, standaloneFullMonths: ruRUStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "ccc, d MMM", fullDatePattern: "EEE, d MMM yyyy\u{202F}'г'.",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ",", groupingSeparator: "\u{A0}", minusSign: "-",
                minimumGroupingDigits: 2, firstWeekday: 2)
        default: nil
        }
    }

    private static func tr(_ identifier: String) -> LocaleTable? {
        switch identifier {
        case "tr_TR", "tr", "tr_CY":
            LocaleTable(
                weekdays: trTRWeekdays, standaloneWeekdays: trTRWeekdays, months: trTRMonths, standaloneFullMonths: trTRStandaloneFullMonths,
                weekdayPattern: "ccc", dayAndMonthPattern: "d MMM EEE", fullDatePattern: "d MMM yyyy EEE",
                timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
                decimalSeparator: ",", groupingSeparator: ".", minusSign: "-",
                minimumGroupingDigits: 1, firstWeekday: 2)
        default: nil
        }
    }

    private static let enUSWeekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let enUSMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let enUSStandaloneFullMonths = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
    private static let frFRWeekdays = ["dim.", "lun.", "mar.", "mer.", "jeu.", "ven.", "sam."]
    private static let frFRMonths = ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."]
    private static let frFRStandaloneFullMonths = ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"]
    private static let frCAMonths = ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juill.", "août", "sept.", "oct.", "nov.", "déc."]
    private static let deDEWeekdays = ["So.", "Mo.", "Di.", "Mi.", "Do.", "Fr.", "Sa."]
    private static let deDEStandaloneWeekdays = ["So", "Mo", "Di", "Mi", "Do", "Fr", "Sa"]
    private static let deDEMonths = ["Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.", "Nov.", "Dez."]
    private static let deDEStandaloneFullMonths = ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"]
    private static let deATMonths = ["Jän.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sep.", "Okt.", "Nov.", "Dez."]
    private static let deATStandaloneFullMonths = ["Jänner", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"]
    private static let esESWeekdays = ["dom", "lun", "mar", "mié", "jue", "vie", "sáb"]
    private static let esESMonths = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"]
    private static let esESStandaloneFullMonths = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"]
    private static let esMXMonths = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"]
    private static let itITWeekdays = ["dom", "lun", "mar", "mer", "gio", "ven", "sab"]
    private static let itITMonths = ["gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic"]
    private static let itITStandaloneFullMonths = ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"]
    private static let nlNLWeekdays = ["zo", "ma", "di", "wo", "do", "vr", "za"]
    private static let nlNLMonths = ["jan", "feb", "mrt", "apr", "mei", "jun", "jul", "aug", "sep", "okt", "nov", "dec"]
    private static let nlNLStandaloneFullMonths = ["januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december"]
    private static let ptBRWeekdays = ["dom.", "seg.", "ter.", "qua.", "qui.", "sex.", "sáb."]
    private static let ptBRMonths = ["jan.", "fev.", "mar.", "abr.", "mai.", "jun.", "jul.", "ago.", "set.", "out.", "nov.", "dez."]
    private static let ptBRStandaloneFullMonths = ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"]
    private static let svSEWeekdays = ["sön", "mån", "tis", "ons", "tors", "fre", "lör"]
    private static let svSEMonths = ["jan.", "feb.", "mars", "apr.", "maj", "juni", "juli", "aug.", "sep.", "okt.", "nov.", "dec."]
    private static let svSEStandaloneFullMonths = ["januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti", "september", "oktober", "november", "december"]
    private static let daDKWeekdays = ["søn.", "man.", "tirs.", "ons.", "tors.", "fre.", "lør."]
    private static let daDKMonths = ["jan.", "feb.", "mar.", "apr.", "maj", "jun.", "jul.", "aug.", "sep.", "okt.", "nov.", "dec."]
    private static let daDKStandaloneFullMonths = ["januar", "februar", "marts", "april", "maj", "juni", "juli", "august", "september", "oktober", "november", "december"]
    private static let nbNOWeekdays = ["søn.", "man.", "tir.", "ons.", "tor.", "fre.", "lør."]
    private static let nbNOMonths = ["jan.", "feb.", "mars", "apr.", "mai", "juni", "juli", "aug.", "sep.", "okt.", "nov.", "des."]
    private static let nbNOStandaloneFullMonths = ["januar", "februar", "mars", "april", "mai", "juni", "juli", "august", "september", "oktober", "november", "desember"]
    private static let nnNOWeekdays = ["sø.", "må.", "ty.", "on.", "to.", "fr.", "la."]
    private static let nnNOStandaloneWeekdays = ["søn", "mån", "tys", "ons", "tor", "fre", "lau"]
    private static let fiFIWeekdays = ["su", "ma", "ti", "ke", "to", "pe", "la"]
    private static let fiFIMonths = ["tammi", "helmi", "maalis", "huhti", "touko", "kesä", "heinä", "elo", "syys", "loka", "marras", "joulu"]
    private static let fiFIStandaloneFullMonths = ["tammikuu", "helmikuu", "maaliskuu", "huhtikuu", "toukokuu", "kesäkuu", "heinäkuu", "elokuu", "syyskuu", "lokakuu", "marraskuu", "joulukuu"]
    private static let plPLWeekdays = ["niedz.", "pon.", "wt.", "śr.", "czw.", "pt.", "sob."]
    private static let plPLMonths = ["sty", "lut", "mar", "kwi", "maj", "cze", "lip", "sie", "wrz", "paź", "lis", "gru"]
    private static let plPLStandaloneFullMonths = ["styczeń", "luty", "marzec", "kwiecień", "maj", "czerwiec", "lipiec", "sierpień", "wrzesień", "październik", "listopad", "grudzień"]
    private static let csCZWeekdays = ["ne", "po", "út", "st", "čt", "pá", "so"]
    private static let csCZMonths = ["led", "úno", "bře", "dub", "kvě", "čvn", "čvc", "srp", "zář", "říj", "lis", "pro"]
    private static let csCZStandaloneFullMonths = ["leden", "únor", "březen", "duben", "květen", "červen", "červenec", "srpen", "září", "říjen", "listopad", "prosinec"]
    private static let ruRUWeekdays = ["Вс", "Пн", "Вт", "Ср", "Чт", "Пт", "Сб"]
    private static let ruRUMonths = ["янв.", "февр.", "марта", "апр.", "мая", "июня", "июля", "авг.", "сент.", "окт.", "нояб.", "дек."]
    private static let ruRUStandaloneFullMonths = ["январь", "февраль", "март", "апрель", "май", "июнь", "июль", "август", "сентябрь", "октябрь", "ноябрь", "декабрь"]
    private static let trTRWeekdays = ["Paz", "Pzt", "Sal", "Çar", "Per", "Cum", "Cmt"]
    private static let trTRMonths = ["Oca", "Şub", "Mar", "Nis", "May", "Haz", "Tem", "Ağu", "Eyl", "Eki", "Kas", "Ara"]
    private static let trTRStandaloneFullMonths = ["Ocak", "Şubat", "Mart", "Nisan", "Mayıs", "Haziran", "Temmuz", "Ağustos", "Eylül", "Ekim", "Kasım", "Aralık"]
    private static let esCLMonths = ["ene.", "feb.", "mar.", "abr.", "may.", "jun.", "jul.", "ago.", "sep.", "oct.", "nov.", "dic."]
    private static let esPEMonths = ["ene.", "feb.", "mar.", "abr.", "may.", "jun.", "jul.", "ago.", "set.", "oct.", "nov.", "dic."]
    private static let esPEStandaloneFullMonths = ["Enero", "Febrero", "Marzo", "Abril", "Mayo", "Junio", "Julio", "Agosto", "Setiembre", "Octubre", "Noviembre", "Diciembre"]
    private static let esPYMonths = ["ene.", "feb.", "mar.", "abr.", "may.", "jun.", "jul.", "ago.", "sept.", "oct.", "nov.", "dic."]
    private static let frMAMonths = ["jan.", "fév.", "mar.", "avr.", "mai", "jui.", "juil.", "août", "sept.", "oct.", "nov.", "déc."]
}
