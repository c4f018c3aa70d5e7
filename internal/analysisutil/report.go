package analysisutil

// docsBase is where the rule documentation lives.
const docsBase = "https://github.com/fencecheck/fencecheck/blob/main/docs/rules/"

// RuleURL returns the documentation address of a rule.
func RuleURL(rule string) string { return docsBase + rule + ".md" }
