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
	benchModel(b, "sqlclaim", "advisory", "pgxcase", "sqlxcase", "gormcase", "interproc/worker",
		"preflight", "clientcompare", "weakguard", "uncheckedfence", "flagcase")
}

// BenchmarkInterfaces measures the engine over the interface-dispatch
// fixtures, where calls resolve to implementations and wiring packages
// read the leased-call facts.
func BenchmarkInterfaces(b *testing.B) {
	benchModel(b, "ifaces/app", "ifaces/wire", "ifaces/docs", "ifaces/mixeduse", "ifaces/local", "ifaces/localfacts")
}

// benchModel runs the model over the fixture packages patterns.
func benchModel(b *testing.B, patterns ...string) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		b.Fatal(err)
	}
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  dir,
		Env:  append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOPROXY=off", "GOWORK=off"),
	}
	pkgs, err := packages.Load(cfg, patterns...)
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
