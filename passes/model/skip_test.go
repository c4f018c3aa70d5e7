package model_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/fencecheck/fencecheck/passes/model"
)

// skipReporter reports, at each package clause, whether the model built
// SSA for the package.
var skipReporter = &analysis.Analyzer{
	Name:     "skipreporter",
	Doc:      "report whether fencecheck_model skipped the package",
	Requires: []*analysis.Analyzer{model.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[model.Analyzer].(*model.Result)
		for _, f := range pass.Files {
			if res.Skipped {
				pass.Reportf(f.Name.Pos(), "skipped")
			} else {
				pass.Reportf(f.Name.Pos(), "analysed")
			}
		}
		return nil, nil
	},
}

// TestSkip checks that SSA is built only for packages that can matter.
func TestSkip(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, skipReporter, "skipcases/...")
}
