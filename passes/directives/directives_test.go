package directives_test

import (
	"fmt"
	"go/ast"
	"go/types"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/fencecheck/fencecheck/passes/directives"
)

// testdata returns the suite's shared analysistest tree.
func testdata(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// reporter turns the directives Result into diagnostics so that // want
// comments can assert it:
//   - each Error, at its position;
//   - the directives of each function, at its name;
//   - the directives of each called function, at the call;
//   - "unfenced: write" at each call of a function named write and
//     "preflight: check" at each call of one named check, unless an ignore
//     suppresses it;
//   - each ignore that suppressed nothing.
var reporter = &analysis.Analyzer{
	Name:     "reporter",
	Doc:      "report the directives found, for tests",
	Requires: []*analysis.Analyzer{directives.Analyzer},
	Run:      report,
}

func report(pass *analysis.Pass) (any, error) {
	r := pass.ResultOf[directives.Analyzer].(*directives.Result)
	for _, err := range r.Errors() {
		pass.Report(analysis.Diagnostic{Pos: err.Pos, End: err.End, Message: err.Message})
	}
	for _, fn := range r.Funcs() {
		pass.Reportf(fn.Pos(), "%s", describe(r.Func(fn)))
	}
	findings := map[string]string{"write": "unfenced", "check": "preflight"}
	sups := map[string]*directives.Suppressor{
		"unfenced":  r.NewSuppressor("unfenced", pass.Fset),
		"preflight": r.NewSuppressor("preflight", pass.Fset),
	}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn, _ := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
			if fn == nil {
				return true
			}
			if d := r.Func(fn); d != (directives.FuncDirectives{TokenParam: -1}) {
				pass.Reportf(call.Pos(), "call to %s: %s", name(fn), describe(d))
			}
			if rule, ok := findings[fn.Name()]; ok && !sups[rule].Suppressed(call.Pos()) {
				pass.Reportf(call.Pos(), "%s: %s", rule, fn.Name())
			}
			return true
		})
	}
	for _, rule := range directives.Rules {
		if s := sups[rule]; s != nil {
			for _, ig := range s.Unused() {
				pass.Reportf(ig.Pos, "unused ignore of %s: %s", ig.Rule, ig.Reason)
			}
		}
	}
	return nil, nil
}

// describe lists the directives of d.
func describe(d directives.FuncDirectives) string {
	var words []string
	add := func(ok bool, word string) {
		if ok {
			words = append(words, word)
		}
	}
	add(d.Acquire, "acquire")
	add(d.Release, "release")
	add(d.Handler, "handler")
	add(d.Sink, "sink")
	add(d.Probe, "probe")
	add(d.Guarded, fmt.Sprintf("guarded token %d", d.TokenParam))
	add(d.Idempotent, fmt.Sprintf("idempotent (%s)", d.IdempotentReason))
	return strings.Join(words, ", ")
}

// name returns F or T.M.
func name(fn *types.Func) string {
	if recv := fn.Signature().Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := t.(*types.Named); ok {
			return n.Obj().Name() + "." + fn.Name()
		}
	}
	return fn.Name()
}

func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, testdata(t), reporter,
		"directives/funcs",
		"directives/crosspkg",
		"directives/malformed",
		"directives/ignores",
	)
}

// capture returns the directives Result of the package it analyzes.
var capture = &analysis.Analyzer{
	Name:     "capture",
	Doc:      "return the directives result, for tests",
	Requires: []*analysis.Analyzer{directives.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		return pass.ResultOf[directives.Analyzer], nil
	},
	ResultType: reflect.TypeFor[*directives.Result](),
}

// quiet is an analysistest.Testing that drops errors: capture reports
// nothing, so every // want comment would fail.
type quiet struct{}

func (quiet) Errorf(string, ...any) {}

// load returns the directives Result of the testdata package pkg.
func load(t *testing.T, pkg string) *directives.Result {
	t.Helper()
	results := analysistest.Run(quiet{}, testdata(t), capture, pkg)
	if len(results) != 1 || results[0].Err != nil {
		t.Fatalf("analysis of %s failed: %v", pkg, results)
	}
	return results[0].Result.(*directives.Result)
}

func TestResult(t *testing.T) {
	r := load(t, "directives/funcs")
	var names []string
	for _, fn := range r.Funcs() {
		names = append(names, name(fn))
	}
	want := []string{"Lock", "Unlock", "Work", "Save", "Touch", "Store.Put", "Store.Probe", "store.Put", "store.Probe", "Many", "Put", "Box.Write"}
	if !slices.Equal(names, want) {
		t.Errorf("Funcs() = %v, want %v", names, want)
	}
	if got := r.Func(nil); got != (directives.FuncDirectives{TokenParam: -1}) {
		t.Errorf("Func(nil) = %+v", got)
	}
	if len(r.Errors()) != 0 || len(r.Ignores("unfenced")) != 0 {
		t.Errorf("unexpected errors %v or ignores", r.Errors())
	}
	// The slices returned are copies.
	r.Funcs()[0] = nil
	if r.Funcs()[0] == nil {
		t.Errorf("Funcs() returned the Result's own slice")
	}
}

func TestIgnores(t *testing.T) {
	r := load(t, "directives/ignores")
	for _, tt := range []struct {
		rule string
		want []string
	}{
		{"preflight", []string{
			"ignores.go:29 the right rule",
			"ignores.go:52 nothing to suppress",
			"ignores.go:56 on the signature line",
		}},
		{"unfenced", []string{
			"ignores.go:8 line 8 of this file only",
			"ignores.go:13 the row is keyed by job id",
			"ignores.go:16 appends only",
			"ignores.go:19 both calls on the next line",
			"ignores.go:21 after a block comment",
			"ignores.go:24 only a block comment precedes it",
			"ignores.go:27 wrong rule",
			"ignores.go:33 too far",
			"ignores.go:38 the next line is prose",
			"ignores.go:44 covers the closing line only",
			"ignores.go:46 trailing an opening brace",
			"ignores.go:52 this one is used",
		}},
		{"weakguard", nil},
		{"nosuchrule", nil},
	} {
		var got []string
		for _, ig := range r.Ignores(tt.rule) {
			if ig.Rule != tt.rule {
				t.Errorf("Ignores(%s) returned an ignore of %s", tt.rule, ig.Rule)
			}
			got = append(got, fmt.Sprintf("%s:%d %s", filepath.Base(ig.File), ig.Line, ig.Reason))
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("Ignores(%s) =\n\t%s\nwant\n\t%s", tt.rule, strings.Join(got, "\n\t"), strings.Join(tt.want, "\n\t"))
		}
	}
}

// TestConcurrentSuppressors checks, under the race detector, that rule
// analyzers can share a Result: each goroutine uses its own Suppressor and
// all of them also share one.
func TestConcurrentSuppressors(t *testing.T) {
	var racer = &analysis.Analyzer{
		Name:     "racer",
		Doc:      "use one Result from many goroutines",
		Requires: []*analysis.Analyzer{directives.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			r := pass.ResultOf[directives.Analyzer].(*directives.Result)
			shared := r.NewSuppressor("unfenced", pass.Fset)
			// The findings of each rule, as reporter sees them.
			findings := map[string][]*ast.CallExpr{}
			for _, f := range pass.Files {
				ast.Inspect(f, func(n ast.Node) bool {
					if call, ok := n.(*ast.CallExpr); ok {
						fn, _ := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
						if fn == nil {
							return true
						}
						switch fn.Name() {
						case "write":
							findings["unfenced"] = append(findings["unfenced"], call)
						case "check":
							findings["preflight"] = append(findings["preflight"], call)
						}
					}
					return true
				})
			}
			const workers = 8
			unused := make([][]directives.Ignore, workers)
			var wg sync.WaitGroup
			for i := range workers {
				wg.Go(func() {
					rule := directives.Rules[i%2]
					s := r.NewSuppressor(rule, pass.Fset)
					for _, call := range findings[rule] {
						s.Suppressed(call.Pos())
						shared.Suppressed(call.Pos())
						_ = r.Func(nil)
						_ = r.Ignores("unfenced")
					}
					_ = r.Errors()
					_ = r.Funcs()
					_ = shared.Unused()
					unused[i] = s.Unused()
				})
			}
			wg.Wait()
			for i := 2; i < workers; i++ {
				if !reflect.DeepEqual(unused[i], unused[i%2]) {
					return nil, fmt.Errorf("worker %d: Unused() = %v, worker %d: %v", i, unused[i], i%2, unused[i%2])
				}
			}
			if len(unused[0]) == 0 || len(unused[1]) == 0 {
				return nil, fmt.Errorf("want unused ignores of both rules, got %v and %v", unused[0], unused[1])
			}
			return nil, nil
		},
	}
	results := analysistest.Run(quiet{}, testdata(t), racer, "directives/ignores")
	if len(results) != 1 || results[0].Err != nil {
		t.Fatalf("analysis failed: %v", results)
	}
}
