package analysisutil

import (
	"golang.org/x/tools/go/analysis"

	"github.com/fencecheck/fencecheck/passes/directives"
)

// docsBase is where the rule documentation lives.
const docsBase = "https://github.com/fencecheck/fencecheck/blob/main/docs/rules/"

// RuleURL returns the documentation address of a rule.
func RuleURL(rule string) string { return docsBase + rule + ".md" }

// ReportUnusedIgnores reports every ignore directive of rule that
// suppressed nothing in this run.
func ReportUnusedIgnores(pass *analysis.Pass, rule string, sup *directives.Suppressor) {
	for _, ig := range sup.Unused() {
		pass.Report(analysis.Diagnostic{
			Pos:      ig.Pos,
			Category: rule,
			Message:  "fencecheck:ignore " + rule + " suppresses nothing: remove it or move it to the line of the finding",
			URL:      RuleURL(rule),
		})
	}
}
