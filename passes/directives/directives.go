package directives

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/fencecheck/fencecheck/internal/directive"
)

// Rules are the names of the rules the suite reports; an ignore directive
// must name one of them.
var Rules = []string{"unfenced", "preflight", "clientcompare", "weakguard", "uncheckedfence"}

const doc = `collect //fencecheck: directives

The fencecheck_directives analyzer parses the //fencecheck: directives of a
package and attaches them to its functions. It reports nothing itself: the
malformed directives it finds are reported by the suite's root analyzer.`

// Analyzer collects the fencecheck directives of a package. Its result is a
// *Result.
var Analyzer = &analysis.Analyzer{
	Name:             "fencecheck_directives",
	Doc:              doc,
	URL:              "https://pkg.go.dev/github.com/fencecheck/fencecheck/passes/directives",
	Run:              run,
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[*Result](),
}

// FuncDirectives are the directives written on one function.
type FuncDirectives struct {
	Acquire bool // //fencecheck:acquire
	Handler bool // //fencecheck:handler
	Sink    bool // //fencecheck:sink
	Probe   bool // //fencecheck:probe
	Release bool // //fencecheck:release

	// Guarded reports //fencecheck:guarded token=NAME. TokenParam is the
	// index of parameter NAME among the signature's parameters (receiver
	// excluded), or -1 if the function is not guarded or NAME is not one of
	// its parameters (an error the Result reports).
	Guarded    bool
	TokenParam int

	Idempotent       bool   // //fencecheck:idempotent REASON
	IdempotentReason string // the REASON of //fencecheck:idempotent
}

// An Ignore is a //fencecheck:ignore directive.
type Ignore struct {
	Rule   string    // the rule suppressed
	Reason string    // the reason given
	Pos    token.Pos // position of the comment
	File   string    // name of the file holding the comment
	Line   int       // the line the directive covers
}

// A Result holds the directives of a package. It is immutable and safe for
// concurrent use.
type Result struct {
	funcs   map[*types.Func]FuncDirectives
	order   []*types.Func // functions with directives, in source order
	errors  []directive.Error
	ignores []Ignore // in source order
}

// Func returns the directives written on the doc comment of fn, a function,
// a method or an interface method declared in the analyzed package. For
// other functions it returns no directives (and a TokenParam of -1).
func (r *Result) Func(fn *types.Func) FuncDirectives {
	if fn != nil {
		if d, ok := r.funcs[fn.Origin()]; ok {
			return d
		}
	}
	return FuncDirectives{TokenParam: -1}
}

// Funcs returns the functions of the package that carry a function
// directive, in source order.
func (r *Result) Funcs() []*types.Func {
	return slices.Clone(r.order)
}

// Errors returns the malformed directives of the package in source order.
func (r *Result) Errors() []directive.Error {
	return slices.Clone(r.errors)
}

// Ignores returns the ignore directives of rule, in source order.
func (r *Result) Ignores(rule string) []Ignore {
	var igs []Ignore
	for _, ig := range r.ignores {
		if ig.Rule == rule {
			igs = append(igs, ig)
		}
	}
	return igs
}

func run(pass *analysis.Pass) (any, error) {
	b := &builder{pass: pass, byFunc: make(map[*types.Func][]directive.Directive)}
	for _, f := range pass.Files {
		b.file(f)
	}
	return b.result(), nil
}

// A builder accumulates the directives of a package.
type builder struct {
	pass    *analysis.Pass
	byFunc  map[*types.Func][]directive.Directive
	errors  []directive.Error
	ignores []Ignore
}

// file collects the directives of f.
func (b *builder) file(f *ast.File) {
	if !hasDirective(f) {
		return
	}
	docs := funcDocs(f, b.pass.TypesInfo)
	var ignores []directive.Directive
	for _, group := range f.Comments {
		for _, c := range group.List {
			d, ok, err := directive.Parse(c, Rules)
			switch {
			case err != nil:
				b.errors = append(b.errors, *err)
			case !ok:
			case d.Verb == directive.Ignore:
				ignores = append(ignores, d)
			default:
				b.funcDirective(d, group, docs)
			}
		}
	}
	b.addIgnores(f, ignores)
}

// hasDirective reports whether any comment of f looks like a directive.
func hasDirective(f *ast.File) bool {
	for _, group := range f.Comments {
		for _, c := range group.List {
			if strings.HasPrefix(c.Text, directive.Prefix) {
				return true
			}
		}
	}
	return false
}

// funcDocs maps the doc comments of the functions, methods and interface
// methods of f to their objects. The object is nil when the type checker
// defined none.
func funcDocs(f *ast.File, info *types.Info) map[*ast.CommentGroup]*types.Func {
	docs := make(map[*ast.CommentGroup]*types.Func)
	add := func(doc *ast.CommentGroup, name *ast.Ident) {
		if doc != nil {
			fn, _ := info.Defs[name].(*types.Func)
			docs[doc] = fn
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			add(n.Doc, n.Name)
		case *ast.InterfaceType:
			if n.Methods == nil {
				break
			}
			for _, m := range n.Methods.List {
				if _, ok := m.Type.(*ast.FuncType); ok && len(m.Names) == 1 {
					add(m.Doc, m.Names[0])
				}
			}
		}
		return true
	})
	return docs
}

// funcDirective records d, found in group, for the function whose doc
// comment group is, or reports it misplaced.
func (b *builder) funcDirective(d directive.Directive, group *ast.CommentGroup, docs map[*ast.CommentGroup]*types.Func) {
	fn, ok := docs[group]
	switch {
	case !ok:
		b.errorf(d, "fencecheck:%s must be on a function's doc comment", d.Verb)
	case fn != nil:
		b.byFunc[fn] = append(b.byFunc[fn], d)
	}
}

// addIgnores records the ignore directives ds of f.
func (b *builder) addIgnores(f *ast.File, ds []directive.Directive) {
	if len(ds) == 0 {
		return
	}
	tf := b.pass.Fset.File(f.FileStart)
	if tf == nil {
		return
	}
	trailing := trailingLines(f, tf, ds)
	for _, d := range ds {
		line := tf.Line(d.Pos)
		if !trailing[line] {
			line++ // the comment is alone on its line: it covers the next
		}
		b.ignores = append(b.ignores, Ignore{
			Rule:   d.Rule,
			Reason: d.Reason,
			Pos:    d.Pos,
			File:   tf.Name(),
			Line:   line,
		})
	}
}

// trailingLines returns the lines on which a directive of ds follows code.
func trailingLines(f *ast.File, tf *token.File, ds []directive.Directive) map[int]bool {
	// At most one line comment fits on a line.
	start := make(map[int]token.Pos, len(ds))
	for _, d := range ds {
		start[tf.Line(d.Pos)] = d.Pos
	}
	trailing := make(map[int]bool)
	check := func(p token.Pos) {
		if p < token.Pos(tf.Base()) || p > token.Pos(tf.Base()+tf.Size()) {
			return
		}
		line := tf.Line(p)
		if c, ok := start[line]; ok && p < c {
			trailing[line] = true
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n.(type) {
		case nil, *ast.CommentGroup, *ast.Comment:
			return false
		case *ast.File:
			return true
		}
		check(n.Pos())
		if n.End().IsValid() {
			check(n.End() - 1)
		}
		return true
	})
	return trailing
}

// conflicts lists the verbs that may not be written on the same function.
var conflicts = [][2]directive.Verb{
	{directive.Sink, directive.Guarded},
	{directive.Acquire, directive.Release},
}

// funcDirectives combines the directives ds written on fn.
func (b *builder) funcDirectives(fn *types.Func, ds []directive.Directive) FuncDirectives {
	fd := FuncDirectives{TokenParam: -1}
	seen := make(map[directive.Verb]directive.Directive)
	for _, d := range ds {
		if _, dup := seen[d.Verb]; dup {
			b.errorf(d, "duplicate fencecheck:%s on %s", d.Verb, funcName(fn))
			continue
		}
		seen[d.Verb] = d
		switch d.Verb {
		case directive.Acquire:
			fd.Acquire = true
		case directive.Handler:
			fd.Handler = true
		case directive.Sink:
			fd.Sink = true
		case directive.Probe:
			fd.Probe = true
		case directive.Release:
			fd.Release = true
		case directive.Guarded:
			fd.Guarded = true
			fd.TokenParam = b.tokenParam(fn, d)
		case directive.Idempotent:
			fd.Idempotent = true
			fd.IdempotentReason = d.Reason
		}
	}
	for _, pair := range conflicts {
		d1, ok1 := seen[pair[0]]
		d2, ok2 := seen[pair[1]]
		if !ok1 || !ok2 {
			continue
		}
		later := d2
		if d1.Pos > d2.Pos {
			later = d1
		}
		b.errorf(later, "conflicting directives on %s: fencecheck:%s and fencecheck:%s",
			funcName(fn), pair[0], pair[1])
	}
	return fd
}

// tokenParam returns the index of the parameter of fn that the guarded
// directive d names, or reports an error and returns -1.
func (b *builder) tokenParam(fn *types.Func, d directive.Directive) int {
	params := fn.Signature().Params()
	var names []string
	for i := range params.Len() {
		name := params.At(i).Name()
		if name == d.Token {
			return i
		}
		if name != "" && name != "_" {
			names = append(names, name)
		}
	}
	has := "it has no named parameters"
	if len(names) > 0 {
		has = "its parameters are " + strings.Join(names, ", ")
	}
	b.errorf(d, "fencecheck:guarded token=%s: %s has no parameter %s (%s)", d.Token, funcName(fn), d.Token, has)
	return -1
}

// funcName returns the name of fn for messages: F, or T.M for a method or
// an interface method.
func funcName(fn *types.Func) string {
	if recv := fn.Signature().Recv(); recv != nil {
		t := recv.Type()
		if ptr, ok := t.(*types.Pointer); ok {
			t = ptr.Elem()
		}
		if named, ok := types.Unalias(t).(*types.Named); ok {
			return named.Obj().Name() + "." + fn.Name()
		}
	}
	return fn.Name()
}

// errorf records an error spanning directive d.
func (b *builder) errorf(d directive.Directive, format string, args ...any) {
	b.errors = append(b.errors, directive.Error{Pos: d.Pos, End: d.End, Message: fmt.Sprintf(format, args...)})
}

// result returns the Result of the package.
func (b *builder) result() *Result {
	r := &Result{funcs: make(map[*types.Func]FuncDirectives, len(b.byFunc))}
	for fn := range b.byFunc {
		r.order = append(r.order, fn)
	}
	slices.SortFunc(r.order, func(x, y *types.Func) int { return cmp.Compare(x.Pos(), y.Pos()) })
	for _, fn := range r.order {
		r.funcs[fn] = b.funcDirectives(fn, b.byFunc[fn])
	}
	slices.SortStableFunc(b.errors, func(x, y directive.Error) int { return cmp.Compare(x.Pos, y.Pos) })
	slices.SortStableFunc(b.ignores, func(x, y Ignore) int { return cmp.Compare(x.Pos, y.Pos) })
	r.errors, r.ignores = b.errors, b.ignores
	return r
}
