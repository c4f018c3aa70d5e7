package analyzer_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/fencecheck/fencecheck/analyzer"
)

// TestOneRulePerLine runs the whole suite over every fixture package and
// checks that no line is reported by two rules, and that every rule
// reports something (so the check is not vacuous).
func TestOneRulePerLine(t *testing.T) {
	if testing.Short() {
		t.Skip("loads every fixture package")
	}
	dir, err := filepath.Abs("../testdata")
	if err != nil {
		t.Fatal(err)
	}
	fixtures := []string{
		"sqlclaim", "advisory", "pgxcase", "sqlxcase", "gormcase", "interproc/worker",
		"preflight", "clientcompare", "weakguard", "uncheckedfence",
	}
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  dir,
		Env:  append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOPROXY=off", "GOWORK=off"),
	}
	pkgs, err := packages.Load(cfg, fixtures...)
	if err != nil {
		t.Fatal(err)
	}
	if n := packages.PrintErrors(pkgs); n > 0 {
		t.Fatalf("%d errors loading fixtures", n)
	}
	graph, err := checker.Analyze(analyzer.Suite(), pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	rulesAt := map[string][]string{}
	perRule := map[string]int{}
	for _, act := range graph.Roots {
		if act.Err != nil {
			t.Fatalf("%s on %s: %v", act.Analyzer.Name, act.Package.ID, act.Err)
		}
		for _, d := range act.Diagnostics {
			if strings.Contains(d.Message, "suppresses nothing") {
				continue
			}
			p := act.Package.Fset.Position(d.Pos)
			key := fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
			rulesAt[key] = append(rulesAt[key], act.Analyzer.Name)
			perRule[act.Analyzer.Name]++
		}
	}
	for key, rules := range rulesAt {
		sort.Strings(rules)
		if len(rules) > 1 {
			t.Errorf("%s reported by %d rules: %v", key, len(rules), rules)
		}
	}
	for _, a := range analyzer.Suite()[1:] {
		if perRule[a.Name] == 0 {
			t.Errorf("rule %s reported nothing on the fixtures", a.Name)
		}
	}
}
