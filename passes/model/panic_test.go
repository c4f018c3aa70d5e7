package model

import (
	"go/token"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestPanicBecomesError checks that a panic inside the analysis (here, a
// pass missing its prerequisites) is returned as an error naming the
// package, not propagated and not turned into a diagnostic.
func TestPanicBecomesError(t *testing.T) {
	reported := 0
	pass := &analysis.Pass{
		Analyzer: Analyzer,
		Fset:     token.NewFileSet(),
		Pkg:      types.NewPackage("example.com/broken", "broken"),
		ResultOf: map[*analysis.Analyzer]any{},
		Report:   func(analysis.Diagnostic) { reported++ },
	}
	res, err := run(pass)
	if err == nil {
		t.Fatalf("run returned %v and no error", res)
	}
	if !strings.Contains(err.Error(), "internal error analysing example.com/broken") {
		t.Errorf("error %q does not name the package", err)
	}
	if res != nil || reported != 0 {
		t.Errorf("run returned %v and reported %d diagnostics; want nothing", res, reported)
	}
}
