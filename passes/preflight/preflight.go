package preflight

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
const Name = "preflight"

// Analyzer reports the writes the engine judged to break the preflight rule.
var Analyzer = &analysis.Analyzer{
	Name:     Name,
	Doc:      analysisutil.MustExtractDoc(doc, Name),
	URL:      analysisutil.RuleURL(Name),
	Run:      run,
	Requires: rule.Requires,
}

// run reports the writes the model judged Preflight.
func run(pass *analysis.Pass) (any, error) {
	return rule.Report(pass, model.Preflight, message)
}

// message describes a write protected only by a check before it.
func message(w *model.Write) string {
	return w.Subject() + " after an ownership check that does not fence it (the worker can pause after the check, lose the lease, and still write)"
}
