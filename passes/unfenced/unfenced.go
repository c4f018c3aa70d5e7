package unfenced

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
const Name = "unfenced"

// Analyzer reports sink writes under a lease without a fencing token.
var Analyzer = &analysis.Analyzer{
	Name:     Name,
	Doc:      analysisutil.MustExtractDoc(doc, Name),
	URL:      analysisutil.RuleURL(Name),
	Run:      run,
	Requires: rule.Requires,
}

// run reports the writes the model judged unfenced.
func run(pass *analysis.Pass) (any, error) {
	return rule.Report(pass, model.Unfenced, message)
}

// message describes an unfenced write in one line.
func message(w *model.Write) string {
	msg := w.Subject()
	if len(w.Via) > 0 {
		msg += " without a fencing token"
	} else {
		msg += " under a lease without a fencing token"
	}
	if w.Note != "" {
		msg += "; " + w.Note
	}
	return msg + " (a worker that lost the lease can overwrite newer state)"
}
