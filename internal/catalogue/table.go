package catalogue

// buildTable assembles the catalogue from its per-family parts.
func buildTable() []Entry {
	var t []Entry
	t = append(t, sqlEntries()...)
	t = append(t, cassandraEntries()...)
	t = append(t, coordinationEntries()...)
	t = append(t, cloudEntries()...)
	t = append(t, callbackEntries()...)
	t = append(t, documentEntries()...)
	t = append(t, natsKVEntries()...)
	t = append(t, frameworkEntries()...)
	t = append(t, messagingEntries()...)
	t = append(t, kubernetesEntries()...)
	return append(t, queueEntries()...)
}
