package analyzer_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/fencecheck/fencecheck/analyzer"
	"github.com/fencecheck/fencecheck/passes/unfenced"
)

// TestThirdPartyFlags describes an unknown library with the root
// analyzer's flags (-fencecheck.acquire, -sink, -guarded, -idempotent) and checks that
// unfenced follows them.
func TestThirdPartyFlags(t *testing.T) {
	dir, err := filepath.Abs("../testdata")
	if err != nil {
		t.Fatal(err)
	}
	for name, value := range map[string]string{
		"acquire":    "(*flagcase/thirdparty.Client).Lease",
		"sink":       "(*flagcase/thirdparty.Client).Write",
		"guarded":    "(*flagcase/thirdparty.Client).WriteFenced:2",
		"idempotent": "flagcase.Refresh",
	} {
		if err := analyzer.Analyzer.Flags.Set(name, value); err != nil {
			t.Fatalf("-%s=%s: %v", name, value, err)
		}
	}
	analysistest.Run(t, dir, unfenced.Analyzer, "flagcase")
}

// TestBadFlags checks that malformed flag values are rejected with a
// message, not accepted silently.
func TestBadFlags(t *testing.T) {
	for name, value := range map[string]string{
		"acquire": "not a name",
		"guarded": "(*pkg.T).M",
		"sink":    "(*pkg.T",
	} {
		if err := analyzer.Analyzer.Flags.Set(name, value); err == nil {
			t.Errorf("-%s=%q accepted", name, value)
		}
	}
}
