package preflight_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/fencecheck/fencecheck/passes/preflight"
)

func TestFixtures(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, preflight.Analyzer, "preflight", "preflight/worker", "preflight/svc", "preflight/svcmain", "preflight/deadlinecaller")
}
