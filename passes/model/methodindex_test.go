package model

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"testing"
)

// methodIndexSrc declares types whose pointers' method sets come from
// declarations, value and pointer receivers, embedded structs and
// pointers, embedded interfaces, a field that shadows a promoted method,
// unexported names, a cycle of embedded pointers, an embedded generic
// instance and an embedded alias.
const methodIndexSrc = `package p

import "io"

type Plain struct{ n int }

func (Plain) Get() int    { return 0 }
func (*Plain) Set(int)    {}
func (Plain) hidden()     {}

type Named int

func (Named) Get() int { return 0 }

type Embeds struct{ Plain }

type EmbedsPtr struct{ *Plain }

func (EmbedsPtr) Close() error { return nil }

type EmbedsIface struct{ io.Closer }

type Shadows struct {
	Plain
	Get int
}

type Deep struct{ Embeds }

type NoMethods struct{ x, y int }

type Slice []Plain

func (Slice) Len() int { return 0 }

type Ptr *Plain

type Ring struct {
	*Link
	n int
}

type Link struct{ *Ring }

func (*Link) Next() {}

// A reaches Q only through B, which is still being looked at when C is.
type CycleA struct{ *CycleB }

type CycleB struct {
	*CycleC
	*CycleE
}

type CycleC struct{ *CycleB }

type CycleE struct{}

func (CycleE) Q() {}

type Box[T any] struct{ v T }

func (Box[T]) Open() (z T) { return }

type HasBox struct{ Box[int] }

type Alias = Embeds

type ViaAlias struct{ Alias }
`

// TestMethodIndex checks that the index finds, for every method name the
// types have, the same types in the same order as looking the name up on
// each of them.
func TestMethodIndex(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", methodIndexSrc, 0)
	if err != nil {
		t.Fatal(err)
	}
	conf := types.Config{Importer: importer.Default()}
	pkg, err := conf.Check("p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var named []*types.Named
	for _, name := range pkg.Scope().Names() {
		tn := pkg.Scope().Lookup(name).(*types.TypeName)
		if n, ok := tn.Type().(*types.Named); ok && !tn.IsAlias() && n.TypeParams().Len() == 0 {
			named = append(named, n)
		}
	}
	// Every method any pointer of them has, promoted ones included.
	var methods []*types.Func
	seen := make(map[string]bool)
	for _, n := range named {
		ms := types.NewMethodSet(types.NewPointer(n))
		for i := range ms.Len() {
			fn := ms.At(i).Obj().(*types.Func)
			if !seen[fn.Id()] {
				seen[fn.Id()] = true
				methods = append(methods, fn)
			}
		}
	}
	if len(methods) < 5 {
		t.Fatalf("only %d methods in the source", len(methods))
	}
	idx := newMethodIndex(named)
	promoted := 0
	for _, method := range methods {
		var want []*types.Named
		for _, n := range named {
			obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(n), false, method.Pkg(), method.Name())
			if _, ok := obj.(*types.Func); ok {
				want = append(want, n)
			}
		}
		got := idx.typesWith(method)
		if !slices.Equal(got, want) {
			t.Errorf("%s: index gives %v, lookup %v", method.Id(), got, want)
		}
		for _, n := range want {
			switch n.Obj().Name() {
			case "Deep", "EmbedsIface", "Ring", "HasBox", "ViaAlias", "CycleC":
				promoted++
			}
		}
	}
	if promoted < 7 {
		t.Errorf("only %d methods promoted through embedding were checked", promoted)
	}
}
