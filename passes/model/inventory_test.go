package model_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/fencecheck/fencecheck/passes/model"
)

// TestSilentFacts checks the facts the engine exports, with the inventory
// on, for functions whose calls the rules are silent about: a fenced
// write, a statement built at run time (directly and through a function
// of the package), an append. With the inventory off the same package
// exports no fact at all (TestSilentFactsOff).
func TestSilentFacts(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	model.EnableInventory(true)
	defer model.EnableInventory(false)
	analysistest.Run(t, dir, model.Analyzer, "inventory/helpers")
}

// TestSilentFactsOff checks that the inventory's facts, and the inventory,
// cost nothing when it is off.
func TestSilentFactsOff(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range analysistest.Run(ignoreWants{}, dir, model.Analyzer, "inventory/helpers") {
		if len(r.Facts) != 0 {
			t.Errorf("inventory off: %d facts exported, want none", len(r.Facts))
		}
		if res := r.Result.(*model.Result); res.Inventory != nil {
			t.Errorf("inventory off: the result has an inventory")
		}
	}
}
