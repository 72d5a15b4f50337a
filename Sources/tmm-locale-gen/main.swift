import LocaleTableGenerator

// `make locales`: prints Platform's locale tables, read from ICU, as Swift source.
print(LocaleTablesSource.render(), terminator: "")
