package analyzer_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/fencecheck/fencecheck/analyzer"
)

func TestMalformedDirectives(t *testing.T) {
	dir, err := filepath.Abs("../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, analyzer.Analyzer, "rootdirectives")
}

// TestSuite checks the suite's shape: the root first, unique valid names,
// a doc and URL on each, and every analyzer valid for drivers.
func TestSuite(t *testing.T) {
	suite := analyzer.Suite()
	if suite[0] != analyzer.Analyzer {
		t.Errorf("suite[0] = %s, want the root analyzer", suite[0].Name)
	}
	seen := map[string]bool{}
	for _, a := range suite {
		if seen[a.Name] {
			t.Errorf("duplicate analyzer %s", a.Name)
		}
		seen[a.Name] = true
		if a.Doc == "" || a.URL == "" {
			t.Errorf("%s: missing Doc or URL", a.Name)
		}
	}
	if err := analysis.Validate(suite); err != nil {
		t.Fatal(err)
	}
}
