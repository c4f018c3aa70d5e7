package model

import "testing"

// TestExcludedName checks which implementation names count as test
// doubles.
func TestExcludedName(t *testing.T) {
	for name, want := range map[string]bool{
		"MockStore": true, "mockStore": true, "pgmock": true, "FakeClock": true, "stubNotifier": true,
		"InMemoryStore": true, "inmem": true, "memStore": false, "NoopLocker": true,
		"testutil": true, "storetest": true, "TestStore": true, "tests": true,
		"LatestStore": false, "Store": false, "Contest": false, "pgrepo": false, "HTTPStore": false,
	} {
		if got := excludedName(name); got != want {
			t.Errorf("excludedName(%q) = %v, want %v", name, got, want)
		}
	}
}
