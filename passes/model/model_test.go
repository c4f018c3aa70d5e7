package model_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/fencecheck/fencecheck/passes/model"
)

// TestFacts checks the facts exported for helper packages: which functions
// take a lease, which write without a token, which write with one.
func TestFacts(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, model.Analyzer, "interproc/store", "interproc/leases")
}

// TestInterfaceFacts checks the facts of interface dispatch: directives on
// interface methods are exported, implementations carry their own facts,
// and a package that calls an interface under a lease without seeing an
// implementation lists the call in its package fact.
func TestInterfaceFacts(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, model.Analyzer, "ifaces/ports", "ifaces/pgrepo", "ifaces/fakes")
}
