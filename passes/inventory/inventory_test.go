package inventory_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/fencecheck/fencecheck/internal/invdoc"
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
// facts, an interface whose implementations are all in such a module, a
// library's interface whose implementations disagree about writing); and
// the scopes, one of which holds no write.
func TestInventory(t *testing.T) {
	analysistest.Run(t, testdata(t), inventory.Analyzer, "inventory/app", "inventory/plugins")
}

// TestInsideLibrary checks a package of a library the catalogue models,
// analysed inside the library's own module: the facts of the library's
// other packages are used, and the write they reach is judged.
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

// TestScopeFields checks the data of scope diagnostics: how each scope
// was recognised, the token and key its claim yields, where it ends.
func TestScopeFields(t *testing.T) {
	results := analysistest.Run(ignoreWants{}, testdata(t), inventory.Analyzer, "inventory/app")
	fields := make(map[string][]string) // "line" → "field: value" of the scope there
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if !strings.HasPrefix(d.Message, invdoc.ScopePrefix) {
				continue
			}
			line := strconv.Itoa(r.Pass.Fset.Position(d.Pos).Line)
			for _, rel := range d.Related {
				fields[line] = append(fields[line], rel.Message)
			}
		}
	}
	src, err := os.ReadFile(filepath.Join(testdata(t), "src", "inventory", "app", "app.go"))
	if err != nil {
		t.Fatal(err)
	}
	lineOf := func(text string) string {
		for i, l := range strings.Split(string(src), "\n") {
			if strings.Contains(l, text) {
				return strconv.Itoa(i + 1)
			}
		}
		t.Fatalf("app.go has no line with %q", text)
		return ""
	}
	want := map[string][]string{
		lineOf(`claimSQL, "w1"`): {"kind: acquisition", "recognised: structure: (*sql.DB).QueryRowContext runs a claim: UPDATE jobs sets locked_by, lease_until, fence_token, returning id, fence_token",
			"token: tok", "token_from: RETURNING fence_token", "ends: the function returns"},
		lineOf("func Refresh("): {"kind: handler", "recognised: directive: //fencecheck:handler on app.Refresh", "ends: the handler returns"},
		lineOf("FOR UPDATE`, 1)"): {"recognised: structure: (*sql.Tx).QueryRowContext runs SELECT … FOR UPDATE on counters in a transaction: a row lock",
			"key: counters.id = 1", "ends: the transaction that holds the lock ends: (*sql.Tx).Commit"},
		lineOf(`claimSQL, "w2"`): {"ends: returned to the caller: app.Peek takes a lease, its callers' scope begins at the call"},
		lineOf(`"lock/reports"`): {"recognised: catalogue: catalogue entry github.com/bsm/redislock.Obtain (acquire)", `key: "lock/reports"`,
			"ends: released when the function returns (deferred (*redislock.Lock).Release)"},
	}
	for line, ws := range want {
		got := strings.Join(fields[line], "\n")
		for _, w := range ws {
			if !strings.Contains(got, w) {
				t.Errorf("scope at line %s: no %q in\n%s", line, w, got)
			}
		}
	}
}
