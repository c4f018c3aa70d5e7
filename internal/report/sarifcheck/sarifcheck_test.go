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
	good := `{"$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0", "runs": [{"tool": {"driver": {"name": "n", "rules": []}}, "results": []}]}`
	if _, problems := Check([]byte(good)); len(problems) != 0 {
		t.Errorf("minimal valid log: %v", problems)
	}
}

// TestSchema checks that the JSON schema is applied: a code flow without
// thread flows and an unknown property of a result are rejected, the
// same log without them is accepted.
func TestSchema(t *testing.T) {
	log := func(extra string) string {
		return `{"$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0", "runs": [{
		  "tool": {"driver": {"name": "n", "rules": [{"id": "r", "shortDescription": {"text": "s"}, "fullDescription": {"text": "f"}, "help": {"text": "h"}}]}},
		  "results": [{"ruleId": "r", "message": {"text": "m"}` + extra + `, "locations": [{"physicalLocation": {
		    "artifactLocation": {"uri": "file:///a.go"}, "region": {"startLine": 1}}}]}]}]}`
	}
	if err := Schema([]byte(log(""))); err != nil {
		t.Errorf("valid log rejected: %v", err)
	}
	for _, bad := range []string{`, "codeFlows": [{}]`, `, "codeFlow": []`, `, "codeFlows": [{"threadFlows": [{"locations": [{"executionOrder": "1"}]}]}]`} {
		if err := Schema([]byte(log(bad))); err == nil {
			t.Errorf("log with %s accepted", bad)
		}
		if _, problems := Check([]byte(log(bad))); len(problems) == 0 {
			t.Errorf("Check: log with %s has no problem", bad)
		}
	}
}
