package directives

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// runSource runs the analyzer on a package made of the given sources, which
// need not type-check.
func runSource(t *testing.T, srcs ...string) (*Result, *token.FileSet, []*ast.File) {
	t.Helper()
	fset := token.NewFileSet()
	var files []*ast.File
	for i, src := range srcs {
		f, err := parser.ParseFile(fset, string(rune('a'+i))+".go", src, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	info := &types.Info{Defs: make(map[*ast.Ident]types.Object)}
	conf := types.Config{Importer: importer.Default(), Error: func(error) {}}
	pkg, _ := conf.Check("p", fset, files, info)
	res, err := run(&analysis.Pass{Analyzer: Analyzer, Fset: fset, Files: files, Pkg: pkg, TypesInfo: info})
	if err != nil {
		t.Fatal(err)
	}
	return res.(*Result), fset, files
}

// lookup returns the package-level function or method name.
func lookup(t *testing.T, r *Result, name string) *types.Func {
	t.Helper()
	for _, fn := range r.Funcs() {
		if funcName(fn) == name {
			return fn
		}
	}
	t.Fatalf("no function %s with directives", name)
	return nil
}

// A directive anywhere in the doc comment group counts, even where gofmt
// would move it.
func TestMiddleOfDoc(t *testing.T) {
	r, _, _ := runSource(t, `package p

// F does.
//fencecheck:sink
// More prose.
func F() {}
`)
	if !r.Func(lookup(t, r, "F")).Sink {
		t.Errorf("F is not a sink")
	}
}

func TestCRLF(t *testing.T) {
	r, fset, files := runSource(t, "package p\r\n\r\n//fencecheck:guarded token=t\r\nfunc G(t int) {}\r\n\r\nfunc h() {\r\n\tG(1) //fencecheck:ignore unfenced crlf\r\n\t//fencecheck:ignore unfenced next\r\n\tG(2)\r\n}\r\n")
	if d := r.Func(lookup(t, r, "G")); !d.Guarded || d.TokenParam != 0 {
		t.Errorf("Func(G) = %+v, want guarded token 0", d)
	}
	if errs := r.Errors(); len(errs) != 0 {
		t.Errorf("Errors() = %v", errs)
	}
	s := r.NewSuppressor("unfenced", fset)
	var calls []token.Pos
	ast.Inspect(files[0], func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			calls = append(calls, c.Pos())
		}
		return true
	})
	for _, pos := range calls {
		if !s.Suppressed(pos) {
			t.Errorf("call at %v not suppressed", fset.Position(pos))
		}
	}
	if u := s.Unused(); len(u) != 0 {
		t.Errorf("Unused() = %v", u)
	}
}

// The analyzer runs despite type errors.
func TestTypeErrors(t *testing.T) {
	r, _, _ := runSource(t, `package p

//fencecheck:guarded token=tok
func Save(x undefined, tok int) { undefined() }

//fencecheck:sink
func (T) Method() {}
`)
	if d := r.Func(lookup(t, r, "Save")); d.TokenParam != 1 {
		t.Errorf("Func(Save) = %+v, want token 1", d)
	}
	if len(r.Funcs()) != 2 {
		t.Errorf("Funcs() = %v", r.Funcs())
	}
}

func TestSuppressor(t *testing.T) {
	r, fset, files := runSource(t, `package p

func w() {}

func f() {
	w() //fencecheck:ignore unfenced same line
	//fencecheck:ignore unfenced next line
	w()
	w() //fencecheck:ignore preflight wrong rule
	//fencecheck:ignore unfenced unused
}
`, `package p

func g() {
	w()
	w()
	w()
	w()
	w()
	w()
}
`)
	line := func(file, n int) token.Pos {
		return fset.File(files[file].FileStart).LineStart(n)
	}
	s := r.NewSuppressor("unfenced", fset)
	for _, tt := range []struct {
		pos  token.Pos
		want bool
	}{
		{line(0, 5), false},
		{line(0, 6), true},
		{line(0, 6) + 3, true}, // anywhere on the line
		{line(0, 7), false},
		{line(0, 8), true},
		{line(0, 9), false}, // an ignore of another rule
		{line(0, 11), true}, // the unused ignore covers the line after it
		{line(1, 6), false}, // same line, other file
		{line(1, 8), false},
		{token.NoPos, false},
	} {
		if got := s.Suppressed(tt.pos); got != tt.want {
			t.Errorf("Suppressed(%v) = %v, want %v", fset.Position(tt.pos), got, tt.want)
		}
	}
	if u := s.Unused(); len(u) != 0 {
		t.Errorf("Unused() = %v, want none", u)
	}

	// A fresh Suppressor starts with every ignore unused.
	s = r.NewSuppressor("unfenced", fset)
	s.Suppressed(line(0, 8))
	var reasons []string
	for _, ig := range s.Unused() {
		reasons = append(reasons, ig.Reason)
	}
	if want := []string{"same line", "unused"}; !slices.Equal(reasons, want) {
		t.Errorf("Unused() = %q, want %q", reasons, want)
	}
	if u := r.NewSuppressor("preflight", fset).Unused(); len(u) != 1 || u[0].Reason != "wrong rule" {
		t.Errorf("preflight Unused() = %v", u)
	}
	if s := r.NewSuppressor("weakguard", fset); s.Suppressed(line(0, 6)) || len(s.Unused()) != 0 {
		t.Errorf("weakguard suppressor is not empty")
	}
}
