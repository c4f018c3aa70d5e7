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
	analysistest.Run(t, dir, model.Analyzer, "interproc/store", "interproc/leases", "handles/queue", "handles/txhelper", "handles/leasedtypes", "handles/pglock", "sqlshape/retention/cleanup",
		"wrappers/locks", "wrappers/txutil", "wrappers/store", "wrappers/query", "wrappers/rdb", "retries/store", "preflight/leases", "sqlshape/lists/listsql", "advisory/pgxlock")
}

// TestSyncFacts checks the callbacks that packages without SSA run before
// they return, read from their syntax, and the facts of the helpers that
// claim or write inside such callbacks.
// TestTextPhis checks that resolving a text assigned on many paths of
// nested loops ends: each phi is resolved once per depth.
func TestTextPhis(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, model.Analyzer, "textphis")
}

func TestSyncFacts(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, model.Analyzer, "github.com/sethvargo/go-retry", "k8s.io/apimachinery/pkg/util/wait",
		"k8s.io/client-go/util/retry", "callbacks/guard", "callbacks/store")
}

// TestClaimStepFacts checks the facts of the two steps of a claim that
// callers compose: which rows a function selects free, which it marks by
// key.
func TestClaimStepFacts(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, model.Analyzer, "sqlshape/claimsteps")
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

// relatedOf runs the model on pkg and returns the related steps of the
// write reported at file:line, as "file:line: message".
func relatedOf(t *testing.T, pkg, file string, line int) []string {
	t.Helper()
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	results := analysistest.Run(ignoreWants{}, dir, model.Analyzer, pkg)
	if len(results) != 1 || results[0].Err != nil {
		t.Fatalf("%s: got %d results", pkg, len(results))
	}
	fset := results[0].Pass.Fset
	for _, w := range results[0].Result.(*model.Result).Writes {
		p := fset.Position(w.Pos)
		if filepath.Base(p.Filename) != file || p.Line != line {
			continue
		}
		var got []string
		for _, r := range w.Related {
			rp := fset.Position(r.Pos)
			got = append(got, fmt.Sprintf("%s:%d: %s", filepath.Base(rp.Filename), rp.Line, r.Message))
		}
		return got
	}
	t.Fatalf("%s: no write at %s:%d", pkg, file, line)
	return nil
}

// TestPathSteps checks the ordered steps of findings: the lease, the calls
// of the package that carried it, the implementation an interface call
// resolved to, and where a helper of another package writes.
func TestPathSteps(t *testing.T) {
	for _, tc := range []struct {
		pkg, file string
		line      int
		want      []string
	}{
		{"interproc/worker", "worker.go", 55, []string{
			"worker.go:48: handler Handle runs under a lease",
			"worker.go:49: calls worker.finish under the lease",
		}},
		{"interproc/worker", "worker.go", 19, []string{
			"worker.go:15: lease taken here by leases.Claim",
			"store.go:18: the write: (*sql.DB).ExecContext on results",
		}},
		{"ifaces/app", "app.go", 58, []string{
			"app.go:53: lease taken here by (ports.Claimer).Next",
			"pgrepo.go:13: (ports.JobStore).Complete resolves to (*pgrepo.Store).Complete",
			"pgrepo.go:14: the write: (*sql.DB).ExecContext on jobs",
		}},
	} {
		got := relatedOf(t, tc.pkg, tc.file, tc.line)
		if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
			t.Errorf("%s %s:%d related:\n%s\nwant:\n%s", tc.pkg, tc.file, tc.line, strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
		}
	}
}
