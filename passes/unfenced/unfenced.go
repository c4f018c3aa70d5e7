package unfenced

import (
	_ "embed"
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/fencecheck/fencecheck/internal/analysisutil"
	"github.com/fencecheck/fencecheck/passes/directives"
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
	Requires: []*analysis.Analyzer{model.Analyzer, directives.Analyzer},
}

// run reports the unguarded writes the model found in lease scopes.
func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[model.Analyzer].(*model.Result)
	dirs := pass.ResultOf[directives.Analyzer].(*directives.Result)
	sup := dirs.NewSuppressor(Name, pass.Fset)
	for _, w := range res.Writes {
		if w.Guard.Fences() || sup.Suppressed(w.Pos) {
			continue
		}
		pass.Report(analysis.Diagnostic{
			Pos:      w.Pos,
			End:      w.End,
			Category: Name,
			Message:  message(w),
			URL:      analysisutil.RuleURL(Name),
			Related:  []analysis.RelatedInformation{{Pos: w.Lease.Pos, Message: w.Lease.Desc}},
		})
	}
	analysisutil.ReportUnusedIgnores(pass, Name, sup)
	return nil, nil
}

// consequence ends every message: what goes wrong without a fence.
const consequence = "(a worker that lost the lease can overwrite newer state)"

// message describes an unfenced write in one line.
func message(w *model.Write) string {
	target := ""
	if w.Target != "" {
		target = " " + w.Target
	}
	var b strings.Builder
	if len(w.Via) > 0 {
		path := make([]string, len(w.Via)-1)
		for i, p := range w.Via[1:] {
			path[i], _, _ = strings.Cut(p, " ")
		}
		fmt.Fprintf(&b, "call to %s writes%s via %s without a fencing token", w.Via[0], target, strings.Join(path, " → "))
	} else {
		verb := w.Verb
		if w.Target == "" {
			verb = strings.TrimSuffix(strings.TrimSuffix(verb, " into"), " from")
		}
		if w.Call {
			b.WriteString("call to ")
		}
		fmt.Fprintf(&b, "%s %s%s under a lease without a fencing token", w.Callee, verb, target)
	}
	if w.Guard == model.StateGuard && w.GuardColumn != "" {
		fmt.Fprintf(&b, "; the check on %s is not a fence", w.GuardColumn)
	}
	if w.Note != "" {
		b.WriteString("; " + w.Note)
	}
	b.WriteString(" " + consequence)
	return b.String()
}
