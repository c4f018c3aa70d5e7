package catalogue

// buildTable assembles the catalogue from its per-family parts.
func buildTable() []Entry {
	return sqlEntries()
}
