package inventory_test

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/fencecheck/fencecheck/passes/inventory"
	"github.com/fencecheck/fencecheck/passes/model"
)

func TestMain(m *testing.M) {
	model.EnableInventory(true)
	os.Exit(m.Run())
}

// testdata returns the shared fixture tree.
func testdata(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestInventory checks every kind of call the inventory lists under a
// scope, with its verdict and reason: reported, fenced (in the statement
// and in a helper of another package), held by the sink's lock,
// idempotent, a cleanup, not a write, and not judged (SQL text built at
// run time here and in another package, a function value, an interface
// with no visible implementation, a call of another module without
// facts, an interface whose implementations are all in such a module); and
// the scopes, one of which holds no write.
func TestInventory(t *testing.T) {
	analysistest.Run(t, testdata(t), inventory.Analyzer, "inventory/app")
}

// TestInsideLibrary checks a package of a library the catalogue models:
// the facts of the library's other packages are not used, and the
// inventory says so.
func TestInsideLibrary(t *testing.T) {
	analysistest.Run(t, testdata(t), inventory.Analyzer, "github.com/riverqueue/river/internal/invexec")
}

// TestAll checks that writes outside any scope are listed with -all only.
func TestAll(t *testing.T) {
	if err := inventory.Analyzer.Flags.Set("all", "true"); err != nil {
		t.Fatal(err)
	}
	defer inventory.Analyzer.Flags.Set("all", "false")
	analysistest.Run(t, testdata(t), inventory.Analyzer, "inventory/unscoped")
}

// TestOffWithoutAll checks that without -all the same package has no
// diagnostics: its writes are outside any scope.
func TestOffWithoutAll(t *testing.T) {
	results := analysistest.Run(ignoreWants{}, testdata(t), inventory.Analyzer, "inventory/unscoped")
	for _, r := range results {
		if len(r.Diagnostics) != 0 {
			t.Errorf("without -all: %d diagnostics, want none", len(r.Diagnostics))
		}
	}
}

// TestOff checks that the pass reports nothing when the engine does not
// record the inventory.
func TestOff(t *testing.T) {
	model.EnableInventory(false)
	defer model.EnableInventory(true)
	results := analysistest.Run(ignoreWants{}, testdata(t), inventory.Analyzer, "inventory/app")
	for _, r := range results {
		if res, ok := r.Pass.ResultOf[model.Analyzer].(*model.Result); !ok || res.Inventory != nil {
			t.Errorf("the engine recorded an inventory while it was off")
		}
		if len(r.Diagnostics) != 0 {
			t.Errorf("inventory off: %d diagnostics, want none", len(r.Diagnostics))
		}
	}
}

// ignoreWants swallows analysistest's complaints about expectations.
type ignoreWants struct{}

func (ignoreWants) Errorf(string, ...any) {}
