package sarifcheck

import (
	"strings"
	"testing"
)

// TestCheckFindsProblems checks that the checker rejects what GitHub
// would: a wrong version, a rule without descriptions, a result naming an
// unknown rule, zero-based lines, an absolute URI with a base id.
func TestCheckFindsProblems(t *testing.T) {
	bad := `{"$schema": "x", "version": "2.0.0", "runs": [{
	  "tool": {"driver": {"name": "fencecheck", "rules": [{"id": "unfenced"}]}},
	  "originalUriBaseIds": {"%SRCROOT%": {"uri": "file:///repo/"}},
	  "results": [{"ruleId": "nope", "message": {"text": "m"}, "locations": [{"physicalLocation": {
	    "artifactLocation": {"uri": "/abs/a.go", "uriBaseId": "%SRCROOT%"},
	    "region": {"startLine": 0, "startColumn": 3, "endColumn": 2}}}]}]}]}`
	_, problems := Check([]byte(bad))
	all := strings.Join(problems, "\n")
	for _, want := range []string{"version", "shortDescription", "fullDescription", "help", `ruleId "nope"`, "startLine", "not relative", "endColumn"} {
		if !strings.Contains(all, want) {
			t.Errorf("no problem mentions %q:\n%s", want, all)
		}
	}
	good := `{"$schema": "x", "version": "2.1.0", "runs": [{"tool": {"driver": {"name": "n", "rules": []}}, "results": []}]}`
	if _, problems := Check([]byte(good)); len(problems) != 0 {
		t.Errorf("minimal valid log: %v", problems)
	}
}
