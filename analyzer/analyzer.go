package analyzer

import (
	_ "embed"

	"golang.org/x/tools/go/analysis"

	"github.com/fencecheck/fencecheck/internal/analysisutil"
	"github.com/fencecheck/fencecheck/internal/config"
	"github.com/fencecheck/fencecheck/passes/clientcompare"
	"github.com/fencecheck/fencecheck/passes/directives"
	"github.com/fencecheck/fencecheck/passes/inventory"
	"github.com/fencecheck/fencecheck/passes/model"
	"github.com/fencecheck/fencecheck/passes/preflight"
	"github.com/fencecheck/fencecheck/passes/uncheckedfence"
	"github.com/fencecheck/fencecheck/passes/unfenced"
	"github.com/fencecheck/fencecheck/passes/weakguard"
)

// directivesURL documents the directives the root analyzer checks.
const directivesURL = "https://github.com/fencecheck/fencecheck/blob/main/docs/directives.md"

//go:embed doc.go
var doc string

// Analyzer is the root analyzer: it reports malformed directives.
var Analyzer = &analysis.Analyzer{
	Name:     "fencecheck",
	Doc:      analysisutil.MustExtractDoc(doc, "fencecheck"),
	URL:      directivesURL,
	Run:      run,
	Requires: []*analysis.Analyzer{directives.Analyzer},
}

func init() {
	config.Register(&Analyzer.Flags)
}

// Suite returns the analyzers a driver runs: the root analyzer and one
// analyzer per rule.
func Suite() []*analysis.Analyzer {
	return []*analysis.Analyzer{
		Analyzer,
		unfenced.Analyzer,
		preflight.Analyzer,
		clientcompare.Analyzer,
		weakguard.Analyzer,
		uncheckedfence.Analyzer,
	}
}

// Inventory returns the lease inventory analyzer (fencecheck_inventory).
// It is not in the Suite: it runs only when asked for, and reports only
// while EnableInventory is on.
func Inventory() *analysis.Analyzer { return inventory.Analyzer }

// EnableInventory makes the engine record the lease inventory (on) or
// stop. A driver that runs Inventory turns it on first; nothing is
// recorded, and nothing costs, while it is off.
func EnableInventory(on bool) { model.EnableInventory(on) }

// run reports the malformed directives of the package.
func run(pass *analysis.Pass) (any, error) {
	dirs := pass.ResultOf[directives.Analyzer].(*directives.Result)
	for _, e := range dirs.Errors() {
		pass.Report(analysis.Diagnostic{
			Pos:      e.Pos,
			End:      e.End,
			Category: "directive",
			Message:  e.Message,
			URL:      directivesURL,
		})
	}
	return nil, nil
}
