package main

import "testing"

func TestBadUnitchecker(t *testing.T) {
	for v, want := range map[string]bool{
		"v0.49.0": false,
		"v0.50.0": true,
		"v0.51.0": true,
		"v0.52.0": true,
		"v0.52.1": true,
		"v0.53.0": false,
		"(devel)": false,
		"":        false,
	} {
		if got := badUnitchecker(v); got != want {
			t.Errorf("badUnitchecker(%q) = %v, want %v", v, got, want)
		}
	}
	// The binary the tests build uses fencecheck's own go.mod.
	v := xtoolsVersion()
	if v == "" {
		t.Fatal("no x/tools version in the build information")
	}
	if badUnitchecker(v) {
		t.Errorf("fencecheck is built with %s %s, whose unitchecker rejects valid code (testdata/e2e/definediface)", xtoolsPath, v)
	}
}
