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
