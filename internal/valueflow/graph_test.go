package valueflow_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/fencecheck/fencecheck/internal/valueflow"
)

// build type-checks src as package p and returns its graph and the source
// functions by name (closures as name$1…).
func build(t *testing.T, src string) (*valueflow.Graph, map[string]*ssa.Function) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{Importer: importer.Default()}, fset, types.NewPackage("p", "p"), []*ast.File{f}, ssa.InstantiateGenerics)
	if err != nil {
		t.Fatal(err)
	}
	fns := make(map[string]*ssa.Function)
	var list []*ssa.Function
	var add func(fn *ssa.Function)
	add = func(fn *ssa.Function) {
		fns[fn.Name()] = fn
		list = append(list, fn)
		for _, c := range fn.AnonFuncs {
			add(c)
		}
	}
	for _, m := range pkg.Members {
		if fn, ok := m.(*ssa.Function); ok && fn.Synthetic == "" {
			add(fn)
		}
		if ty, ok := m.(*ssa.Type); ok {
			for _, recv := range []types.Type{ty.Type(), types.NewPointer(ty.Type())} {
				mset := pkg.Prog.MethodSets.MethodSet(recv)
				for i := 0; i < mset.Len(); i++ {
					if fn := pkg.Prog.MethodValue(mset.At(i)); fn != nil && fn.Synthetic == "" && fns[fn.Name()] != fn {
						add(fn)
					}
				}
			}
		}
	}
	return valueflow.Build(list, valueflow.Options{}), fns
}

// callArg returns the first argument of the first call of callee in fn.
func callArg(t *testing.T, fn *ssa.Function, callee string) ssa.Value {
	t.Helper()
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(ssa.CallInstruction); ok {
				if sc := c.Common().StaticCallee(); sc != nil && sc.Name() == callee && len(c.Common().Args) > 0 {
					return c.Common().Args[0]
				}
			}
		}
	}
	t.Fatalf("no call of %s in %s", callee, fn.Name())
	return nil
}

// source returns the value of the first call of callee in fn.
func source(t *testing.T, fn *ssa.Function, callee string) ssa.Value {
	t.Helper()
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok {
				if sc := c.Common().StaticCallee(); sc != nil && sc.Name() == callee {
					return c
				}
			}
		}
	}
	t.Fatalf("no call of %s in %s", callee, fn.Name())
	return nil
}

const flows = `package p

import "context"

type item struct{ id int }

type disp struct{ tasks chan item }

func claim() item   { return item{} }
func other() item   { return item{} }
func sink(int)      {}
func sinkItem(item) {}

func (d *disp) dispatch() { d.tasks <- claim() }

func (d *disp) work(ctx context.Context) {
	for {
		select {
		case t := <-d.tasks:
			sink(t.id)
		case <-ctx.Done():
			return
		}
	}
}

func nested() {
	it := claim()
	go func() {
		go func() { sinkItem(it) }()
	}()
}

type holder struct{ it item }

func keep(h *holder) { h.it = claim() }
func use(h *holder)  { sinkItem(h.it) }

type key struct{}

func withItem(ctx context.Context) context.Context {
	return context.WithValue(ctx, key{}, claim())
}
func fromCtx(ctx context.Context) { sinkItem(ctx.Value(key{}).(item)) }

func pass(it item) item { return it }
func viaCall()          { sinkItem(pass(claim())) }

func mixed(it item) { sinkItem(it) }
func callMixed()    { mixed(claim()); mixed(other()) }

func onlyLeased(it item) { sinkItem(it) }
func callOnly()          { onlyLeased(claim()); onlyLeased(claim()) }

type worker interface{ run(item) }
type impl struct{}

func (impl) run(it item) { sinkItem(it) }
func viaIface(w worker)  { w.run(claim()) }

func viaFuncValue() {
	f := func(it item) { sinkItem(it) }
	f(claim())
}

func plain() { sinkItem(other()) }
`

func TestLabels(t *testing.T) {
	g, fns := build(t, flows)
	var claims []ssa.Value
	for _, fn := range fns {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if c, ok := instr.(*ssa.Call); ok {
					if sc := c.Common().StaticCallee(); sc != nil && sc.Name() == "claim" {
						claims = append(claims, c)
					}
				}
			}
		}
	}
	label := g.Propagate(claims, valueflow.Copy|valueflow.Part)
	for _, tc := range []struct {
		fn, callee string
		want       bool
	}{
		{"work", "sink", true},           // select case receive of what dispatch sent
		{"nested$1$1", "sinkItem", true}, // a goroutine in a goroutine
		{"use", "sinkItem", true},        // a field stored in one function, loaded in another
		{"fromCtx", "sinkItem", true},    // context.WithValue to ctx.Value
		{"viaCall", "sinkItem", true},    // through a parameter and a result
		{"mixed", "sinkItem", false},     // called with a claimed and another value
		{"onlyLeased", "sinkItem", true}, // every call passes a claimed value
		{"run", "sinkItem", false},       // a method: outside code may call it
		{"viaFuncValue$1", "sinkItem", true},
		{"plain", "sinkItem", false},
	} {
		fn := fns[tc.fn]
		if fn == nil {
			t.Fatalf("no function %s", tc.fn)
		}
		if got := label.Reaches(callArg(t, fn, tc.callee)); got != tc.want {
			t.Errorf("%s: label reaches the argument of %s = %v, want %v", tc.fn, tc.callee, got, tc.want)
		}
	}
	// May-flow: the method's argument does come from a claim.
	if !g.Reaches(source(t, fns["viaIface"], "claim"), callArg(t, fns["run"], "sinkItem"), valueflow.Copy) {
		t.Errorf("an interface call does not reach the package's implementation")
	}
}

const chans = `package p

import "fmt"

type item struct{ id int }

type disp struct{ tasks chan item }

func newDisp() *disp { return &disp{tasks: make(chan item)} }

func (d *disp) recv() item { return <-d.tasks }

func local() item {
	ch := make(chan item, 1)
	ch <- item{}
	return <-ch
}

func leaked() item {
	ch := make(chan item, 1)
	_ = fmt.Sprint(ch)
	return <-ch
}
`

func TestChanRoots(t *testing.T) {
	g, fns := build(t, chans)
	recvOf := func(fn *ssa.Function) ssa.Value {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if u, ok := instr.(*ssa.UnOp); ok && u.Op == token.ARROW {
					return u.X
				}
			}
		}
		t.Fatalf("no receive in %s", fn.Name())
		return nil
	}
	for _, tc := range []struct {
		fn      string
		escapes bool
	}{{"recv", false}, {"local", false}, {"leaked", true}} {
		keys, escapes := g.ChanRoots(recvOf(fns[tc.fn]))
		if len(keys) != 1 {
			t.Errorf("%s: %d roots, want 1: %v", tc.fn, len(keys), keys)
		}
		if escapes != tc.escapes {
			t.Errorf("%s: escapes = %v, want %v", tc.fn, escapes, tc.escapes)
		}
	}
}
