package uncheckedfence_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/fencecheck/fencecheck/passes/uncheckedfence"
)

func TestFixtures(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, uncheckedfence.Analyzer, "uncheckedfence")
}

// TestSuggestedFix applies the fixes and compares with the .golden file:
// the RowsAffected check is added only where it is mechanically safe.
func TestSuggestedFix(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.RunWithSuggestedFixes(t, dir, uncheckedfence.Analyzer, "uncheckedfix")
}

// TestDocFilters checks fenced MongoDB writes whose counts or SingleResult
// error are never read against twins that read them or return the result.
func TestDocFilters(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, uncheckedfence.Analyzer, "docfilter/unchecked")
}
