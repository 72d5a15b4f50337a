// Generated once from ICU (Foundation's DateFormatter, NumberFormatter and Calendar on Linux)
// for the locales below; `FormatLocaleTests` hold every entry to ICU's output.

extension LocaleTables {
    /// The locales with their own entry, by identifier (language alone, or language_REGION).
    static let identifiers: [String] = ["en_US", "en_GB", "en_AU", "en_CA", "en_IE", "en_IN", "en_NZ", "en_ZA", "en", "fr_FR", "fr_CA", "fr_BE", "fr_CH", "fr", "de_DE", "de_AT", "de_CH", "de", "es_ES", "es_MX", "es", "it_IT", "it_CH", "it", "nl_NL", "nl_BE", "nl", "pt_BR", "pt_PT", "pt", "sv_SE", "sv", "da_DK", "da", "nb_NO", "nb", "fi_FI", "fi", "pl_PL", "pl", "cs_CZ", "cs", "ru_RU", "ru", "tr_TR", "tr"]

    static func table(_ identifier: String) -> LocaleTable? {
        switch identifier {
        case "en_US": LocaleTable(
            weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
            weekdayPattern: "ccc", dayAndMonthPattern: "EEE, MMM d", fullDatePattern: "EEE, MMM d, yyyy",
            timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
            decimalSeparator: ".", groupingSeparator: ",", minusSign: "-",
            minimumGroupingDigits: 1, firstWeekday: 1)
        case "en_GB": LocaleTable(
            weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
            weekdayPattern: "ccc", dayAndMonthPattern: "EEE d MMM", fullDatePattern: "EEE, d MMM yyyy",
            timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
            decimalSeparator: ".", groupingSeparator: ",", minusSign: "-",
            minimumGroupingDigits: 1, firstWeekday: 2)
        case "en_AU": LocaleTable(
            weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
            weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d MMM", fullDatePattern: "EEE, d MMM yyyy",
            timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
            decimalSeparator: ".", groupingSeparator: ",", minusSign: "-",
            minimumGroupingDigits: 1, firstWeekday: 2)
        case "en_CA": LocaleTable(
            weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
            weekdayPattern: "ccc", dayAndMonthPattern: "EEE, MMM d", fullDatePattern: "EEE, MMM d, yyyy",
            timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
            decimalSeparator: ".", groupingSeparator: ",", minusSign: "-",
            minimumGroupingDigits: 1, firstWeekday: 1)
        case "en_IE": LocaleTable(
            weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
            weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d MMM", fullDatePattern: "EEE d MMM yyyy",
            timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
            decimalSeparator: ".", groupingSeparator: ",", minusSign: "-",
            minimumGroupingDigits: 1, firstWeekday: 2)
        case "en_IN": LocaleTable(
            weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
            weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d MMM", fullDatePattern: "EEE, d MMM yyyy",
            timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
            decimalSeparator: ".", groupingSeparator: ",", minusSign: "-",
            minimumGroupingDigits: 1, firstWeekday: 1)
        case "en_NZ": LocaleTable(
            weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
            weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d MMM", fullDatePattern: "EEE, d MMM yyyy",
            timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
            decimalSeparator: ".", groupingSeparator: ",", minusSign: "-",
            minimumGroupingDigits: 1, firstWeekday: 2)
        case "en_ZA": LocaleTable(
            weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
            weekdayPattern: "ccc", dayAndMonthPattern: "EEE, dd MMM", fullDatePattern: "EEE, dd MMM yyyy",
            timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
            decimalSeparator: ",", groupingSeparator: "\u{A0}", minusSign: "-",
            minimumGroupingDigits: 1, firstWeekday: 1)
        case "en": LocaleTable(
            weekdays: enUSWeekdays, standaloneWeekdays: enUSWeekdays, months: enUSMonths, standaloneFullMonths: enUSStandaloneFullMonths,
            weekdayPattern: "ccc", dayAndMonthPattern: "EEE, MMM d", fullDatePattern: "EEE, MMM d, yyyy",
            timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
            decimalSeparator: ".", groupingSeparator: ",", minusSign: "-",
            minimumGroupingDigits: 1, firstWeekday: 1)
        case "fr_FR": LocaleTable(
            weekdays: frFRWeekdays, standaloneWeekdays: frFRWeekdays, months: frFRMonths, standaloneFullMonths: frFRStandaloneFullMonths,
            weekdayPattern: "EEE", dayAndMonthPattern: "EEE d MMM", fullDatePattern: "EEE d MMM yyyy",
            timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
            decimalSeparator: ",", groupingSeparator: "\u{202F}", minusSign: "-",
            minimumGroupingDigits: 1, firstWeekday: 2)
        case "fr_CA": LocaleTable(
            weekdays: frFRWeekdays, standaloneWeekdays: frFRWeekdays, months: frCAMonths, standaloneFullMonths: frFRStandaloneFullMonths,
            weekdayPattern: "EEE", dayAndMonthPattern: "EEE d MMM", fullDatePattern: "EEE d MMM yyyy",
            timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
            decimalSeparator: ",", groupingSeparator: "\u{A0}", minusSign: "-",
            minimumGroupingDigits: 1, firstWeekday: 1)
        case "fr_BE": LocaleTable(
            weekdays: frFRWeekdays, standaloneWeekdays: frFRWeekdays, months: frFRMonths, standaloneFullMonths: frFRStandaloneFullMonths,
            weekdayPattern: "EEE", dayAndMonthPattern: "EEE d MMM", fullDatePattern: "EEE d MMM yyyy",
            timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
            decimalSeparator: ",", groupingSeparator: "\u{202F}", minusSign: "-",
            minimumGroupingDigits: 1, firstWeekday: 2)
        case "fr_CH": LocaleTable(
            weekdays: frFRWeekdays, standaloneWeekdays: frFRWeekdays, months: frFRMonths, standaloneFullMonths: frFRStandaloneFullMonths,
            weekdayPattern: "EEE", dayAndMonthPattern: "EEE d MMM", fullDatePattern: "EEE d MMM yyyy",
            timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
            decimalSeparator: ",", groupingSeparator: "\u{202F}", minusSign: "-",
            minimumGroupingDigits: 1, firstWeekday: 2)
        case "fr": LocaleTable(
            weekdays: frFRWeekdays, standaloneWeekdays: frFRWeekdays, months: frFRMonths, standaloneFullMonths: frFRStandaloneFullMonths,
            weekdayPattern: "EEE", dayAndMonthPattern: "EEE d MMM", fullDatePattern: "EEE d MMM yyyy",
            timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
            decimalSeparator: ",", groupingSeparator: "\u{202F}", minusSign: "-",
            minimumGroupingDigits: 1, firstWeekday: 2)
        case "de_DE": LocaleTable(
            weekdays: deDEWeekdays, standaloneWeekdays: deDEStandaloneWeekdays, months: deDEMonths, standaloneFullMonths: deDEStandaloneFullMonths,
            weekdayPattern: "ccc", dayAndMonthPattern: "EEE d. MMM", fullDatePattern: "EEE d. MMM yyyy",
            timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
            decimalSeparator: ",", groupingSeparator: ".", minusSign: "-",
            minimumGroupingDigits: 1, firstWeekday: 2)
        case "de_AT": LocaleTable(
            weekdays: deDEWeekdays, standaloneWeekdays: deDEStandaloneWeekdays, months: deATMonths, standaloneFullMonths: deATStandaloneFullMonths,
            weekdayPattern: "ccc", dayAndMonthPattern: "EEE d. MMM", fullDatePattern: "EEE d. MMM yyyy",
            timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
            decimalSeparator: ",", groupingSeparator: ".", minusSign: "-",
            minimumGroupingDigits: 1, firstWeekday: 2)
        case "de_CH": LocaleTable(
            weekdays: deDEWeekdays, standaloneWeekdays: deDEStandaloneWeekdays, months: deDEMonths, standaloneFullMonths: deDEStandaloneFullMonths,
            weekdayPattern: "ccc", dayAndMonthPattern: "EEE d. MMM", fullDatePattern: "EEE d. MMM yyyy",
            timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
            decimalSeparator: ".", groupingSeparator: "\u{2019}", minusSign: "-",
            minimumGroupingDigits: 1, firstWeekday: 2)
        case "de": LocaleTable(
            weekdays: deDEWeekdays, standaloneWeekdays: deDEStandaloneWeekdays, months: deDEMonths, standaloneFullMonths: deDEStandaloneFullMonths,
            weekdayPattern: "ccc", dayAndMonthPattern: "EEE d. MMM", fullDatePattern: "EEE d. MMM yyyy",
            timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
            decimalSeparator: ",", groupingSeparator: ".", minusSign: "-",
            minimumGroupingDigits: 1, firstWeekday: 2)
        case "es_ES": LocaleTable(
            weekdays: esESWeekdays, standaloneWeekdays: esESWeekdays, months: esESMonths, standaloneFullMonths: esESStandaloneFullMonths,
            weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d MMM", fullDatePattern: "EEE, d MMM yyyy",
            timePattern: "H:mm", timeWithSecondsPattern: "H:mm:ss",
            decimalSeparator: ",", groupingSeparator: ".", minusSign: "-",
            minimumGroupingDigits: 2, firstWeekday: 2)
        case "es_MX": LocaleTable(
            weekdays: esESWeekdays, standaloneWeekdays: esESWeekdays, months: esMXMonths, standaloneFullMonths: esESStandaloneFullMonths,
            weekdayPattern: "ccc", dayAndMonthPattern: "EEE d 'de' MMM", fullDatePattern: "EEE, d 'de' MMM 'de' yyyy",
            timePattern: "H:mm", timeWithSecondsPattern: "H:mm:ss",
            decimalSeparator: ".", groupingSeparator: ",", minusSign: "-",
            minimumGroupingDigits: 1, firstWeekday: 1)
        case "es": LocaleTable(
            weekdays: esESWeekdays, standaloneWeekdays: esESWeekdays, months: esESMonths, standaloneFullMonths: esESStandaloneFullMonths,
            weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d MMM", fullDatePattern: "EEE, d MMM yyyy",
            timePattern: "H:mm", timeWithSecondsPattern: "H:mm:ss",
            decimalSeparator: ",", groupingSeparator: ".", minusSign: "-",
            minimumGroupingDigits: 2, firstWeekday: 2)
        case "it_IT": LocaleTable(
            weekdays: itITWeekdays, standaloneWeekdays: itITWeekdays, months: itITMonths, standaloneFullMonths: itITStandaloneFullMonths,
            weekdayPattern: "ccc", dayAndMonthPattern: "EEE d MMM", fullDatePattern: "EEE d MMM yyyy",
            timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
            decimalSeparator: ",", groupingSeparator: ".", minusSign: "-",
            minimumGroupingDigits: 2, firstWeekday: 2)
        case "it_CH": LocaleTable(
            weekdays: itITWeekdays, standaloneWeekdays: itITWeekdays, months: itITMonths, standaloneFullMonths: itITStandaloneFullMonths,
            weekdayPattern: "ccc", dayAndMonthPattern: "EEE d MMM", fullDatePattern: "EEE d MMM yyyy",
            timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
            decimalSeparator: ".", groupingSeparator: "\u{2019}", minusSign: "-",
            minimumGroupingDigits: 2, firstWeekday: 2)
        case "it": LocaleTable(
            weekdays: itITWeekdays, standaloneWeekdays: itITWeekdays, months: itITMonths, standaloneFullMonths: itITStandaloneFullMonths,
            weekdayPattern: "ccc", dayAndMonthPattern: "EEE d MMM", fullDatePattern: "EEE d MMM yyyy",
            timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
            decimalSeparator: ",", groupingSeparator: ".", minusSign: "-",
            minimumGroupingDigits: 2, firstWeekday: 2)
        case "nl_NL": LocaleTable(
            weekdays: nlNLWeekdays, standaloneWeekdays: nlNLWeekdays, months: nlNLMonths, standaloneFullMonths: nlNLStandaloneFullMonths,
            weekdayPattern: "ccc", dayAndMonthPattern: "EEE d MMM", fullDatePattern: "EEE d MMM yyyy",
            timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
            decimalSeparator: ",", groupingSeparator: ".", minusSign: "-",
            minimumGroupingDigits: 1, firstWeekday: 2)
        case "nl_BE": LocaleTable(
            weekdays: nlNLWeekdays, standaloneWeekdays: nlNLWeekdays, months: nlNLMonths, standaloneFullMonths: nlNLStandaloneFullMonths,
            weekdayPattern: "ccc", dayAndMonthPattern: "EEE d MMM", fullDatePattern: "EEE d MMM yyyy",
            timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
            decimalSeparator: ",", groupingSeparator: ".", minusSign: "-",
            minimumGroupingDigits: 1, firstWeekday: 2)
        case "nl": LocaleTable(
            weekdays: nlNLWeekdays, standaloneWeekdays: nlNLWeekdays, months: nlNLMonths, standaloneFullMonths: nlNLStandaloneFullMonths,
            weekdayPattern: "ccc", dayAndMonthPattern: "EEE d MMM", fullDatePattern: "EEE d MMM yyyy",
            timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
            decimalSeparator: ",", groupingSeparator: ".", minusSign: "-",
            minimumGroupingDigits: 1, firstWeekday: 2)
        case "pt_BR": LocaleTable(
            weekdays: ptBRWeekdays, standaloneWeekdays: ptBRWeekdays, months: ptBRMonths, standaloneFullMonths: ptBRStandaloneFullMonths,
            weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d 'de' MMM", fullDatePattern: "EEE, d 'de' MMM 'de' yyyy",
            timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
            decimalSeparator: ",", groupingSeparator: ".", minusSign: "-",
            minimumGroupingDigits: 1, firstWeekday: 1)
        case "pt_PT": LocaleTable(
            weekdays: ptBRWeekdays, standaloneWeekdays: ptBRWeekdays, months: ptBRMonths, standaloneFullMonths: ptBRStandaloneFullMonths,
            weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d/MM", fullDatePattern: "EEE, d/MM/yyyy",
            timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
            decimalSeparator: ",", groupingSeparator: "\u{A0}", minusSign: "-",
            minimumGroupingDigits: 2, firstWeekday: 1)
        case "pt": LocaleTable(
            weekdays: ptBRWeekdays, standaloneWeekdays: ptBRWeekdays, months: ptBRMonths, standaloneFullMonths: ptBRStandaloneFullMonths,
            weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d 'de' MMM", fullDatePattern: "EEE, d 'de' MMM 'de' yyyy",
            timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
            decimalSeparator: ",", groupingSeparator: ".", minusSign: "-",
            minimumGroupingDigits: 1, firstWeekday: 1)
        case "sv_SE": LocaleTable(
            weekdays: svSEWeekdays, standaloneWeekdays: svSEWeekdays, months: svSEMonths, standaloneFullMonths: svSEStandaloneFullMonths,
            weekdayPattern: "ccc", dayAndMonthPattern: "EEE d MMM", fullDatePattern: "EEE d MMM yyyy",
            timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
            decimalSeparator: ",", groupingSeparator: "\u{A0}", minusSign: "\u{2212}",
            minimumGroupingDigits: 1, firstWeekday: 2)
        case "sv": LocaleTable(
            weekdays: svSEWeekdays, standaloneWeekdays: svSEWeekdays, months: svSEMonths, standaloneFullMonths: svSEStandaloneFullMonths,
            weekdayPattern: "ccc", dayAndMonthPattern: "EEE d MMM", fullDatePattern: "EEE d MMM yyyy",
            timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
            decimalSeparator: ",", groupingSeparator: "\u{A0}", minusSign: "\u{2212}",
            minimumGroupingDigits: 1, firstWeekday: 2)
        case "da_DK": LocaleTable(
            weekdays: daDKWeekdays, standaloneWeekdays: daDKWeekdays, months: daDKMonths, standaloneFullMonths: daDKStandaloneFullMonths,
            weekdayPattern: "EEE", dayAndMonthPattern: "EEE d. MMM", fullDatePattern: "EEE d. MMM yyyy",
            timePattern: "HH.mm", timeWithSecondsPattern: "HH.mm.ss",
            decimalSeparator: ",", groupingSeparator: ".", minusSign: "-",
            minimumGroupingDigits: 1, firstWeekday: 2)
        case "da": LocaleTable(
            weekdays: daDKWeekdays, standaloneWeekdays: daDKWeekdays, months: daDKMonths, standaloneFullMonths: daDKStandaloneFullMonths,
            weekdayPattern: "EEE", dayAndMonthPattern: "EEE d. MMM", fullDatePattern: "EEE d. MMM yyyy",
            timePattern: "HH.mm", timeWithSecondsPattern: "HH.mm.ss",
            decimalSeparator: ",", groupingSeparator: ".", minusSign: "-",
            minimumGroupingDigits: 1, firstWeekday: 2)
        case "nb_NO": LocaleTable(
            weekdays: nbNOWeekdays, standaloneWeekdays: nbNOWeekdays, months: nbNOMonths, standaloneFullMonths: nbNOStandaloneFullMonths,
            weekdayPattern: "ccc", dayAndMonthPattern: "EEE d. MMM", fullDatePattern: "EEE d. MMM yyyy",
            timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
            decimalSeparator: ",", groupingSeparator: "\u{A0}", minusSign: "\u{2212}",
            minimumGroupingDigits: 1, firstWeekday: 2)
        case "nb": LocaleTable(
            weekdays: nbNOWeekdays, standaloneWeekdays: nbNOWeekdays, months: nbNOMonths, standaloneFullMonths: nbNOStandaloneFullMonths,
            weekdayPattern: "ccc", dayAndMonthPattern: "EEE d. MMM", fullDatePattern: "EEE d. MMM yyyy",
            timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
            decimalSeparator: ",", groupingSeparator: "\u{A0}", minusSign: "\u{2212}",
            minimumGroupingDigits: 1, firstWeekday: 2)
        case "fi_FI": LocaleTable(
            weekdays: fiFIWeekdays, standaloneWeekdays: fiFIWeekdays, months: fiFIMonths, standaloneFullMonths: fiFIStandaloneFullMonths,
            weekdayPattern: "ccc", dayAndMonthPattern: "EEE d.M.", fullDatePattern: "EEE d.M.yyyy",
            timePattern: "H.mm", timeWithSecondsPattern: "H.mm.ss",
            decimalSeparator: ",", groupingSeparator: "\u{A0}", minusSign: "\u{2212}",
            minimumGroupingDigits: 1, firstWeekday: 2)
        case "fi": LocaleTable(
            weekdays: fiFIWeekdays, standaloneWeekdays: fiFIWeekdays, months: fiFIMonths, standaloneFullMonths: fiFIStandaloneFullMonths,
            weekdayPattern: "ccc", dayAndMonthPattern: "EEE d.M.", fullDatePattern: "EEE d.M.yyyy",
            timePattern: "H.mm", timeWithSecondsPattern: "H.mm.ss",
            decimalSeparator: ",", groupingSeparator: "\u{A0}", minusSign: "\u{2212}",
            minimumGroupingDigits: 1, firstWeekday: 2)
        case "pl_PL": LocaleTable(
            weekdays: plPLWeekdays, standaloneWeekdays: plPLWeekdays, months: plPLMonths, standaloneFullMonths: plPLStandaloneFullMonths,
            weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d MMM", fullDatePattern: "EEE, d MMM yyyy",
            timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
            decimalSeparator: ",", groupingSeparator: "\u{A0}", minusSign: "-",
            minimumGroupingDigits: 2, firstWeekday: 2)
        case "pl": LocaleTable(
            weekdays: plPLWeekdays, standaloneWeekdays: plPLWeekdays, months: plPLMonths, standaloneFullMonths: plPLStandaloneFullMonths,
            weekdayPattern: "ccc", dayAndMonthPattern: "EEE, d MMM", fullDatePattern: "EEE, d MMM yyyy",
            timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
            decimalSeparator: ",", groupingSeparator: "\u{A0}", minusSign: "-",
            minimumGroupingDigits: 2, firstWeekday: 2)
        case "cs_CZ": LocaleTable(
            weekdays: csCZWeekdays, standaloneWeekdays: csCZWeekdays, months: csCZMonths, standaloneFullMonths: csCZStandaloneFullMonths,
            weekdayPattern: "ccc", dayAndMonthPattern: "EEE d.\u{202F}M.", fullDatePattern: "EEE d.\u{202F}M.\u{202F}yyyy",
            timePattern: "H:mm", timeWithSecondsPattern: "H:mm:ss",
            decimalSeparator: ",", groupingSeparator: "\u{A0}", minusSign: "-",
            minimumGroupingDigits: 1, firstWeekday: 2)
        case "cs": LocaleTable(
            weekdays: csCZWeekdays, standaloneWeekdays: csCZWeekdays, months: csCZMonths, standaloneFullMonths: csCZStandaloneFullMonths,
            weekdayPattern: "ccc", dayAndMonthPattern: "EEE d.\u{202F}M.", fullDatePattern: "EEE d.\u{202F}M.\u{202F}yyyy",
            timePattern: "H:mm", timeWithSecondsPattern: "H:mm:ss",
            decimalSeparator: ",", groupingSeparator: "\u{A0}", minusSign: "-",
            minimumGroupingDigits: 1, firstWeekday: 2)
        case "ru_RU": LocaleTable(
            weekdays: ruRUWeekdays, standaloneWeekdays: ruRUWeekdays, months: ruRUMonths, standaloneFullMonths: ruRUStandaloneFullMonths,
            weekdayPattern: "ccc", dayAndMonthPattern: "ccc, d MMM", fullDatePattern: "EEE, d MMM yyyy\u{202F}'г'.",
            timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
            decimalSeparator: ",", groupingSeparator: "\u{A0}", minusSign: "-",
            minimumGroupingDigits: 1, firstWeekday: 2)
        case "ru": LocaleTable(
            weekdays: ruRUWeekdays, standaloneWeekdays: ruRUWeekdays, months: ruRUMonths, standaloneFullMonths: ruRUStandaloneFullMonths,
            weekdayPattern: "ccc", dayAndMonthPattern: "ccc, d MMM", fullDatePattern: "EEE, d MMM yyyy\u{202F}'г'.",
            timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
            decimalSeparator: ",", groupingSeparator: "\u{A0}", minusSign: "-",
            minimumGroupingDigits: 1, firstWeekday: 2)
        case "tr_TR": LocaleTable(
            weekdays: trTRWeekdays, standaloneWeekdays: trTRWeekdays, months: trTRMonths, standaloneFullMonths: trTRStandaloneFullMonths,
            weekdayPattern: "ccc", dayAndMonthPattern: "d MMM EEE", fullDatePattern: "d MMM yyyy EEE",
            timePattern: "HH:mm", timeWithSecondsPattern: "HH:mm:ss",
            decimalSeparator: ",", groupingSeparator: ".", minusSign: "-",
            minimumGroupingDigits: 1, firstWeekday: 2)
        case "tr": LocaleTable(
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
}
