package main_test

import (
	"bytes"
	"encoding/gob"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/types/objectpath"

	"github.com/fencecheck/fencecheck/analyzer"
	"github.com/fencecheck/fencecheck/passes/model"
)

// factTypes returns the fact types of every analyzer the suite runs,
// required ones included.
func factTypes() []analysis.Fact {
	var out []analysis.Fact
	seen := map[*analysis.Analyzer]bool{}
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		out = append(out, a.FactTypes...)
		for _, r := range a.Requires {
			visit(r)
		}
	}
	for _, a := range analyzer.Suite() {
		visit(a)
	}
	return out
}

// gobTwice encodes v with two fresh encoders and fails if the bytes
// differ; it returns the encoding.
func gobTwice(t *testing.T, what string, v any) []byte {
	t.Helper()
	var a, b bytes.Buffer
	if err := gob.NewEncoder(&a).Encode(v); err != nil {
		t.Fatalf("%s: gob: %v", what, err)
	}
	if err := gob.NewEncoder(&b).Encode(v); err != nil {
		t.Fatalf("%s: gob: %v", what, err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Errorf("%s: two gob encodings differ", what)
	}
	return a.Bytes()
}

// noMaps reports the path to a map inside type t, or "".
func noMaps(t reflect.Type, path string, seen map[reflect.Type]bool) string {
	if seen[t] {
		return ""
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Map:
		return path
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return noMaps(t.Elem(), path+"[]", seen)
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if p := noMaps(t.Field(i).Type, path+"."+t.Field(i).Name, seen); p != "" {
				return p
			}
		}
	}
	return ""
}

// fill sets every field of v to a non-zero value: strings, numbers and
// booleans directly, slices with two elements.
func fill(v reflect.Value, n int) {
	switch v.Kind() {
	case reflect.String:
		v.SetString("value" + strings.Repeat("x", n))
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(n + 1))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(n + 1))
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 2, 2)
		for i := 0; i < 2; i++ {
			fill(s.Index(i), n+i)
		}
		v.Set(s)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i), n+i)
			}
		}
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		fill(p.Elem(), n)
		v.Set(p)
	}
}

// TestFactTypesDeterministic checks every fact type of the suite: a
// pointer, without maps anywhere (gob encodes maps in random order), and
// gob-encoded to the same bytes twice, decoding to an equal value, for
// representative values. Bazel nogo and go vet store facts as action
// outputs: an encoding that varies misses every downstream cache.
func TestFactTypesDeterministic(t *testing.T) {
	facts := factTypes()
	if len(facts) == 0 {
		t.Fatal("the suite has no fact types")
	}
	samples := map[reflect.Type][]analysis.Fact{
		reflect.TypeFor[*model.FuncFact](): {
			&model.FuncFact{TokenResult: -1, TokenParam: -1},
			&model.FuncFact{Acquire: true, TokenResult: 0, TokenParam: -1, ClaimColumns: []string{"fence_token", "lease_until", "locked_by"}},
			&model.FuncFact{TokenResult: -1, TokenParam: -1, Writes: []string{"store.Save", "(*sql.DB).ExecContext results"}},
			&model.FuncFact{Guarded: true, TokenParam: 2, TokenResult: -1, Idempotent: false, Probe: true, Release: true, Sink: true},
		},
	}
	for _, f := range facts {
		typ := reflect.TypeOf(f)
		if typ.Kind() != reflect.Pointer {
			t.Errorf("fact type %v is not a pointer", typ)
			continue
		}
		if p := noMaps(typ.Elem(), typ.Elem().Name(), map[reflect.Type]bool{}); p != "" {
			t.Errorf("fact type %v holds a map at %s: its gob encoding is not deterministic", typ, p)
		}
		filled := reflect.New(typ.Elem())
		fill(filled.Elem(), 0)
		values := append(samples[typ], reflect.New(typ.Elem()).Interface().(analysis.Fact), filled.Interface().(analysis.Fact))
		for _, v := range values {
			data := gobTwice(t, typ.String(), v)
			back := reflect.New(typ.Elem()).Interface()
			if err := gob.NewDecoder(bytes.NewReader(data)).Decode(back); err != nil {
				t.Fatalf("%v: decoding: %v", typ, err)
			}
			if !reflect.DeepEqual(gobString(back), gobString(v)) {
				t.Errorf("%v: round trip changed %+v into %+v", typ, v, back)
			}
		}
	}
}

// gobString returns the gob encoding of v, which does not tell empty
// slices from nil ones.
func gobString(v any) string {
	var b bytes.Buffer
	gob.NewEncoder(&b).Encode(v)
	return b.String()
}

// gobFact is the record unitchecker's (and nogo's) facts file holds, one
// per fact: x/tools internal/facts sorts them by package, object path and
// type, then gob-encodes the slice.
type gobFact struct {
	PkgPath string
	Object  objectpath.Path
	Fact    analysis.Fact
}

// TestRealFactsDeterministic runs the suite over the end-to-end modules
// with x/tools' checker and its sanity check (every fact inherited by a
// dependent package is encoded twice, compared and decoded), then encodes
// each package's facts the way a facts file does, twice, and compares.
func TestRealFactsDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("loads modules")
	}
	for _, f := range factTypes() {
		gob.Register(f)
	}
	for _, mod := range []string{"sqlmod", "golangci"} {
		dir := e2eModule(t, mod)
		cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: dir, Tests: true,
			Env: append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")}
		pkgs, err := packages.Load(cfg, "./...")
		if err != nil {
			t.Fatal(err)
		}
		graph, err := checker.Analyze(analyzer.Suite(), pkgs, &checker.Options{SanityCheck: true})
		if err != nil {
			t.Fatalf("%s: %v", mod, err)
		}
		byPkg := map[string][]gobFact{}
		n := 0
		for act := range graph.All() {
			for _, of := range act.AllObjectFacts() {
				if of.Object.Pkg() == nil || of.Object.Pkg() != act.Package.Types {
					continue // facts a package re-exports about others are not its own
				}
				path, err := objectpath.For(of.Object)
				if err != nil {
					continue // not addressable: the facts file drops it too
				}
				byPkg[act.Package.PkgPath] = append(byPkg[act.Package.PkgPath], gobFact{of.Object.Pkg().Path(), path, of.Fact})
			}
		}
		for pkg, facts := range byPkg {
			sort.Slice(facts, func(i, j int) bool {
				a, b := facts[i], facts[j]
				if a.Object != b.Object {
					return a.Object < b.Object
				}
				return reflect.TypeOf(a.Fact).String() < reflect.TypeOf(b.Fact).String()
			})
			facts = dedupe(facts)
			gobTwice(t, mod+" "+pkg+" facts", facts)
			n += len(facts)
		}
		if mod == "sqlmod" && n == 0 {
			t.Errorf("%s: no facts exported; the test checks nothing", mod)
		}
		t.Logf("%s: %d facts in %d packages encode deterministically", mod, n, len(byPkg))
	}
}

// dedupe drops repeated (object, type) records: an action's fact list
// includes its dependencies' in any order.
func dedupe(facts []gobFact) []gobFact {
	var out []gobFact
	for i, f := range facts {
		if i > 0 && f.Object == facts[i-1].Object && reflect.TypeOf(f.Fact) == reflect.TypeOf(facts[i-1].Fact) {
			continue
		}
		out = append(out, f)
	}
	return out
}

// TestNogoShape checks what Bazel nogo needs: every pass package, and the
// analyzer package, declares `var Analyzer` (nogo's generated main refers
// to exactly that identifier). passes/internal holds what the passes
// share and is not a pass.
func TestNogoShape(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	dirs, _ := filepath.Glob(filepath.Join(root, "passes", "*"))
	dirs = append(dirs, filepath.Join(root, "analyzer"))
	for _, dir := range dirs {
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() || filepath.Base(dir) == "internal" {
			continue
		}
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		found := false
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range af.Decls {
				if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.VAR {
					for _, s := range gd.Specs {
						for _, n := range s.(*ast.ValueSpec).Names {
							found = found || n.Name == "Analyzer"
						}
					}
				}
			}
		}
		if !found {
			t.Errorf("%s: no `var Analyzer`", dir)
		}
	}
}

// TestDocsNogoDeps checks that the nogo configuration in
// docs/integration.md lists the package of every analyzer of the suite.
func TestDocsNogoDeps(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "integration.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range analyzer.Suite() {
		// The root analyzer lives in analyzer/, each rule in passes/RULE.
		pkg := "passes/" + a.Name
		if a == analyzer.Analyzer {
			pkg = "analyzer"
		}
		if _, err := os.Stat(filepath.Join("..", "..", pkg)); err != nil {
			t.Errorf("analyzer %s: package %s: %v", a.Name, pkg, err)
		}
		label := `"@com_github_fencecheck_fencecheck//` + pkg + `"`
		if !strings.Contains(string(doc), label) {
			t.Errorf("docs/integration.md: nogo deps lack %s (analyzer %s)", label, a.Name)
		}
	}
}

// TestHermeticAnalysis checks that no package of the module that the
// analyzers link imports what would let them read files, the environment
// or the network outside the pass: nogo runs them sandboxed, go vet
// caches their results keyed only on sources and flags.
func TestHermeticAnalysis(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}:{{join .Imports \" \"}}", "../../analyzer").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	forbidden := map[string]bool{"os": true, "os/exec": true, "net": true, "net/http": true, "io/ioutil": true, "syscall": true, "plugin": true}
	const module = "github.com/fencecheck/fencecheck/"
	checked := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, imports, _ := strings.Cut(line, ":")
		if !strings.HasPrefix(pkg, module) {
			continue
		}
		checked++
		for _, imp := range strings.Fields(imports) {
			if forbidden[imp] {
				t.Errorf("%s imports %s", pkg, imp)
			}
		}
	}
	if checked < 3 {
		t.Errorf("only %d packages of the module checked", checked)
	}
}

// TestNoValidatorLinked checks that the binary links no JSON schema
// validator: go vet starts it once per package, dependencies included, and
// the validator's package initialisation alone cost more than the rest of
// the binary's. The schemas are checked by the tests (invschema,
// sarifcheck), not at run time.
func TestNoValidatorLinked(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	for _, pkg := range deps {
		if strings.Contains(pkg, "jsonschema") {
			t.Errorf("the binary links %s", pkg)
		}
	}
	if len(deps) < 50 {
		t.Errorf("only %d dependencies listed", len(deps))
	}
}
