package model

import (
	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/passes/model/store"
)

// decodedOrigin returns the origin of a value loaded from addr (a
// variable or a field of one) that a document read by a catalogue Read
// (FindOne) was decoded into: a token read separately, not issued with
// the claim.
func (m *model) decodedOrigin(addr ssa.Value) provenance {
	for i := 0; i < store.MaxChain; i++ {
		fa, ok := addr.(*ssa.FieldAddr)
		if !ok {
			break
		}
		addr = fa.X
	}
	alloc, ok := addr.(*ssa.Alloc)
	if !ok || alloc.Referrers() == nil {
		return provenance{}
	}
	for _, r := range *alloc.Referrers() {
		mi, ok := r.(*ssa.MakeInterface)
		if !ok || mi.Referrers() == nil {
			continue
		}
		for _, rr := range *mi.Referrers() {
			call, ok := rr.(*ssa.Call)
			if !ok || store.CalledName(call) != "Decode" {
				continue
			}
			args := store.CallArgs(call)
			if len(args) == 0 {
				continue
			}
			read, ok := store.StripConv(args[0]).(*ssa.Call)
			if !ok {
				continue
			}
			if e := catalogue.Lookup(store.FuncObject(read.Common().StaticCallee())); e != nil && e.Class == catalogue.Read {
				return provenance{origin: SeparateOrigin, pos: read.Pos()}
			}
		}
	}
	return provenance{}
}
