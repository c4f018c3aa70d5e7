package weakguard

import (
	_ "embed"

	"golang.org/x/tools/go/analysis"

	"github.com/fencecheck/fencecheck/internal/analysisutil"
	"github.com/fencecheck/fencecheck/internal/rule"
	"github.com/fencecheck/fencecheck/passes/model"
)

//go:embed doc.go
var doc string

// Name is the rule's name, used in directives and output.
const Name = "weakguard"

// Analyzer reports the writes the engine judged to break the weakguard rule.
var Analyzer = &analysis.Analyzer{
	Name:     Name,
	Doc:      analysisutil.MustExtractDoc(doc, Name),
	URL:      analysisutil.RuleURL(Name),
	Run:      run,
	Requires: rule.Requires,
}

// run reports the writes the model judged WeakGuard.
func run(pass *analysis.Pass) (any, error) {
	return rule.Report(pass, model.WeakGuard, message)
}

// message describes a write whose guard does not fence.
func message(w *model.Write) string {
	return w.Subject() + " with a guard that does not fence: " + w.Reason
}
