package unfenced_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/fencecheck/fencecheck/passes/unfenced"
)

// testdata returns the shared fixture tree.
func testdata(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestSQL(t *testing.T) {
	analysistest.Run(t, testdata(t), unfenced.Analyzer, "sqlclaim", "advisory", "pgxcase", "sqlxcase", "gormcase")
}

func TestInterprocedural(t *testing.T) {
	analysistest.Run(t, testdata(t), unfenced.Analyzer, "interproc/worker")
}

func TestInterfaces(t *testing.T) {
	analysistest.Run(t, testdata(t), unfenced.Analyzer, "ifaces/app", "ifaces/wire", "ifaces/docs", "ifaces/mixeduse", "ifaces/local")
}
