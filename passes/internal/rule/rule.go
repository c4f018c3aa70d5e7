// Package rule reports, for one rule analyzer, the writes the engine
// judged to break that rule, applying the rule's ignore directives.
package rule

import (
	"golang.org/x/tools/go/analysis"

	"github.com/fencecheck/fencecheck/internal/analysisutil"
	"github.com/fencecheck/fencecheck/passes/directives"
	"github.com/fencecheck/fencecheck/passes/model"
)

// Requires are the analyzers every rule analyzer requires.
var Requires = []*analysis.Analyzer{model.Analyzer, directives.Analyzer}

// New returns the analyzer of a rule: named after the rule, documented by
// its package's doc.go text, reporting the writes whose verdict is v with
// the message message gives, and the fixes fix offers (fix may be nil).
func New(v model.Verdict, docText string, message func(*model.Write) string, fix func(*analysis.Pass, *model.Write) []analysis.SuggestedFix) *analysis.Analyzer {
	name := v.Rule()
	return &analysis.Analyzer{
		Name:     name,
		Doc:      analysisutil.MustExtractDoc(docText, name),
		URL:      analysisutil.RuleURL(name),
		Requires: Requires,
		Run: func(pass *analysis.Pass) (any, error) {
			return ReportWithFixes(pass, v, message, fix)
		},
	}
}

// ReportWithFixes reports every write of the package whose verdict is v,
// with the message message gives, unless an ignore directive of the rule
// covers it; then it reports the rule's ignore directives that suppressed
// nothing. fix, when not nil, returns the fixes of a finding (none when no
// fix is mechanically safe).
func ReportWithFixes(pass *analysis.Pass, v model.Verdict, message func(*model.Write) string, fix func(*analysis.Pass, *model.Write) []analysis.SuggestedFix) (any, error) {
	res := pass.ResultOf[model.Analyzer].(*model.Result)
	dirs := pass.ResultOf[directives.Analyzer].(*directives.Result)
	name := v.Rule()
	sup := dirs.NewSuppressor(name, pass.Fset)
	for _, w := range res.Writes {
		if w.Verdict != v || sup.Suppressed(w.Pos) {
			continue
		}
		d := analysis.Diagnostic{
			Pos:      w.Pos,
			End:      w.End,
			Category: name,
			Message:  message(w),
			URL:      analysisutil.RuleURL(name),
		}
		for _, r := range w.Related {
			if r.Pos.IsValid() {
				d.Related = append(d.Related, analysis.RelatedInformation{Pos: r.Pos, Message: r.Message})
			}
		}
		if fix != nil {
			d.SuggestedFixes = fix(pass, w)
		}
		pass.Report(d)
	}
	reportUnusedIgnores(pass, name, sup)
	return nil, nil
}

// reportUnusedIgnores reports every ignore directive of rule that
// suppressed nothing in this run.
func reportUnusedIgnores(pass *analysis.Pass, rule string, sup *directives.Suppressor) {
	for _, ig := range sup.Unused() {
		pass.Report(analysis.Diagnostic{
			Pos:      ig.Pos,
			Category: rule,
			Message:  "fencecheck:ignore " + rule + " suppresses nothing: remove it or move it to the line of the finding",
			URL:      analysisutil.RuleURL(rule),
		})
	}
}
