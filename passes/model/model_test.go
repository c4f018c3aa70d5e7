package model_test

import (
	"fmt"
	"path/filepath"
	"strings"
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
	analysistest.Run(t, dir, model.Analyzer, "interproc/store", "interproc/leases", "handles/queue", "handles/txhelper", "handles/leasedtypes", "sqlshape/retention/cleanup",
		"wrappers/locks", "wrappers/txutil", "wrappers/store", "wrappers/query", "wrappers/rdb", "retries/store")
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
	analysistest.Run(t, dir, model.Analyzer, "ifaces/ports", "ifaces/pgrepo", "ifaces/pgqueue", "ifaces/fakes", "ifaces/worker", "ifaces/locks", "ifaces/mixed", "ifaces/localfacts")
}

// TestWiredRelated checks that a write found at the wiring of an
// implementation points at the leased call and at the implementation.
func TestWiredRelated(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	// The fixture's expectations are the unfenced rule's: ignore them here.
	results := analysistest.Run(ignoreWants{}, dir, model.Analyzer, "ifaces/wire")
	if len(results) != 1 || results[0].Err != nil {
		t.Fatalf("got %d results", len(results))
	}
	res := results[0].Result.(*model.Result)
	var wired []*model.Write
	for _, w := range res.Writes {
		if w.Verdict == model.Unfenced {
			wired = append(wired, w)
		}
	}
	if len(wired) != 1 {
		t.Fatalf("got %d unfenced writes, want 1", len(wired))
	}
	fset := results[0].Pass.Fset
	var got []string
	for _, r := range wired[0].Related {
		p := fset.Position(r.Pos)
		got = append(got, fmt.Sprintf("%s:%d: %s", filepath.Base(p.Filename), p.Line, r.Message))
	}
	want := []string{
		"worker.go:26: called here under a lease (lease taken here by (ports.Leases).Claim)",
		"pgrepo.go:13: (*pgrepo.Store).Complete writes via (*sql.DB).ExecContext",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("related:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// ignoreWants swallows analysistest's complaints about expectations meant
// for another analyzer.
type ignoreWants struct{}

func (ignoreWants) Errorf(string, ...any) {}
