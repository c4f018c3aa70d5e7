package model_test

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/fencecheck/fencecheck/passes/model"
)

// BenchmarkModel measures the engine (SSA, classification, scopes, facts,
// verdicts) over every fixture package, with loading and type checking
// done once outside the timed loop.
func BenchmarkModel(b *testing.B) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		b.Fatal(err)
	}
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  dir,
		Env:  append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOPROXY=off", "GOWORK=off"),
	}
	pkgs, err := packages.Load(cfg, "sqlclaim", "advisory", "pgxcase", "sqlxcase", "gormcase", "interproc/worker",
		"preflight", "clientcompare", "weakguard", "uncheckedfence", "flagcase")
	if err != nil {
		b.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		b.Fatal("fixtures do not load")
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := checker.Analyze([]*analysis.Analyzer{model.Analyzer}, pkgs, nil); err != nil {
			b.Fatal(err)
		}
	}
}
