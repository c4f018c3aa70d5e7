package model

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/internal/sqltext"
	"github.com/fencecheck/fencecheck/passes/model/store"
)

// Origin says where a token value comes from.
type Origin int

const (
	// UnknownOrigin: fencecheck cannot tell; it stays silent.
	UnknownOrigin Origin = iota
	// ClaimOrigin: issued by the lease acquisition itself.
	ClaimOrigin
	// ConstantOrigin: a constant in the code.
	ConstantOrigin
	// ClockOrigin: derived from the clock (time.Now).
	ClockOrigin
	// RandomOrigin: a random value or UUID.
	RandomOrigin
	// SeparateOrigin: read by a separate query after the lease was taken.
	SeparateOrigin
	// NotTokenOrigin: an API value that looks like a token but is not one
	// (a random lock value, a lease ID, an attempt counter).
	NotTokenOrigin
	// FreshOrigin: a version read from the store just before a
	// conditional write (an ETag, a generation, a modify index).
	FreshOrigin
)

// Weak reports whether a token of this origin cannot fence.
func (o Origin) Weak() bool { return o >= ConstantOrigin }

// describe returns why a token of this origin does not fence.
func (o Origin) describe() string {
	switch o {
	case ConstantOrigin:
		return "the token is a constant"
	case ClockOrigin:
		return "the token comes from the clock, not from the claim (clocks of two workers are not ordered)"
	case RandomOrigin:
		return "the token is random, not issued by the claim (random values are not ordered)"
	case SeparateOrigin:
		return "the token is read by a separate query, not issued atomically with the claim"
	case FreshOrigin:
		return "the condition is a version read just before the write, which a worker that lost the lease reads too (compare the stored fencing token with the claim's first)"
	}
	return ""
}

// provenance is the origin of a value and where it was found.
type provenance struct {
	origin Origin
	pos    token.Pos
	// reason explains a NotTokenOrigin.
	reason string
}

// describe returns why a token of this provenance does not fence.
func (p provenance) describe() string {
	if p.origin == NotTokenOrigin {
		return "the token is not a fencing token: " + p.reason
	}
	return p.origin.describe()
}

// maxProvenanceDepth bounds the search for a value's origin.
const maxProvenanceDepth = 12

// tokenOrigin returns where v, a token, comes from.
func (m *model) tokenOrigin(v ssa.Value) provenance {
	return m.originOf(v, 0, make(map[ssa.Value]bool))
}

// originOf follows v back through conversions, arithmetic, loads, struct
// fields, phi nodes and the callers of a parameter.
func (m *model) originOf(v ssa.Value, depth int, seen map[ssa.Value]bool) provenance {
	if v == nil || depth > maxProvenanceDepth || seen[v] {
		return provenance{}
	}
	seen[v] = true
	next := func(x ssa.Value) provenance { return m.originOf(x, depth+1, seen) }
	switch x := v.(type) {
	case *ssa.Const:
		return provenance{origin: ConstantOrigin}
	case *ssa.MakeInterface:
		return next(x.X)
	case *ssa.ChangeType:
		return next(x.X)
	case *ssa.Convert:
		return next(x.X)
	case *ssa.BinOp:
		// tok + 1 keeps the origin of tok.
		if _, ok := x.X.(*ssa.Const); ok {
			return next(x.Y)
		}
		if _, ok := x.Y.(*ssa.Const); ok {
			return next(x.X)
		}
	case *ssa.Phi:
		var first provenance
		for i, e := range x.Edges {
			p := next(e)
			if p.origin == UnknownOrigin || i > 0 && p.origin != first.origin {
				return provenance{}
			}
			if i == 0 {
				first = p
			}
		}
		return first
	case *ssa.Extract:
		return next(x.Tuple)
	case *ssa.Call:
		return m.callOrigin(x, next)
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return m.loadOrigin(x.X, next)
		}
	case *ssa.Field:
		if r := weakField(x.X.Type(), x.Field); r != "" {
			return provenance{NotTokenOrigin, x.Pos(), r}
		}
		return next(x.X)
	case *ssa.FieldAddr:
		if r := weakField(x.X.Type(), x.Field); r != "" {
			return provenance{NotTokenOrigin, x.Pos(), r}
		}
		return next(x.X)
	case *ssa.Parameter:
		return m.paramOrigin(x, next)
	case *ssa.Lookup:
		return next(x.X) // a map entry keeps the origin of the map (metadata read back)
	case *ssa.Index:
		return next(x.X)
	}
	return provenance{}
}

// callOrigin classifies a call producing a token: an acquisition, the
// clock, a random source.
func (m *model) callOrigin(call *ssa.Call, next func(ssa.Value) provenance) provenance {
	if o := m.opAt(call); o != nil && o.acquire {
		return provenance{origin: ClaimOrigin, pos: call.Pos()}
	}
	var fn *types.Func
	if call.Common().IsInvoke() {
		fn = call.Common().Method
	} else {
		fn = store.FuncObject(call.Common().StaticCallee())
	}
	if fn == nil || fn.Pkg() == nil {
		return provenance{}
	}
	if e := catalogue.Lookup(fn); e != nil {
		switch e.Class {
		case catalogue.TokenSource, catalogue.Acquire:
			return provenance{origin: ClaimOrigin, pos: call.Pos()}
		case catalogue.WeakToken:
			return provenance{NotTokenOrigin, call.Pos(), e.Reason}
		case catalogue.Read, catalogue.Probe:
			return provenance{origin: FreshOrigin, pos: call.Pos()}
		}
	}
	if fn.Signature().Recv() != nil && len(call.Common().Args) > 0 && fn.Pkg() != nil && strings.HasPrefix(fn.Pkg().Path(), "github.com/redis/go-redis/") {
		switch fn.Name() {
		case "Int64", "Int", "Uint64", "Result", "Val", "Float64":
			return next(call.Common().Args[0]) // rdb.Get(…).Int64(): the origin of the command
		}
	}
	if fn.Pkg() != nil && fn.Pkg().Path() == "github.com/gomodule/redigo/redis" && fn.Signature().Recv() == nil && len(call.Common().Args) > 0 {
		if _, conv := map[string]bool{"Int64": true, "Int": true, "Uint64": true, "String": true}[fn.Name()]; conv {
			return next(call.Common().Args[0])
		}
	}
	if fn.Pkg().Path() == "github.com/aws/aws-sdk-go-v2/aws" && fn.Signature().Recv() == nil && strings.HasPrefix(fn.Name(), "To") && len(call.Common().Args) == 1 {
		return next(call.Common().Args[0]) // aws.ToString(m.MessageId): the origin of the pointer
	}
	if p, ok := m.accessorOrigin(call, fn, next); ok {
		return p
	}
	path := fn.Pkg().Path()
	switch {
	case path == "strconv" || path == "fmt" && strings.HasPrefix(fn.Name(), "Sprint"):
		// strconv.FormatInt(tok, 10), fmt.Sprint(tok): the origin of the
		// first argument that is not a constant.
		for _, a := range call.Common().Args {
			if _, isConst := a.(*ssa.Const); !isConst {
				if vs := store.Varargs(a); len(vs) > 0 {
					return next(vs[0])
				}
				return next(a)
			}
		}
	case path == "time" && (fn.Name() == "Now" || fn.Name() == "Since" || fn.Name() == "Until"):
		return provenance{origin: ClockOrigin, pos: call.Pos()}
	case path == "time" && fn.Signature().Recv() != nil && len(call.Common().Args) > 0:
		// t.UnixNano(), t.Unix(): the origin of t.
		return next(call.Common().Args[0])
	case path == "math/rand" || path == "math/rand/v2" || path == "crypto/rand" ||
		strings.HasSuffix(path, "/uuid") || strings.Contains(path, "/uuid/") ||
		strings.HasSuffix(path, "/ulid") || strings.Contains(path, "/ksuid"):
		return provenance{origin: RandomOrigin, pos: call.Pos()}
	}
	if f, ok := m.importedFact(fn); ok && f.Acquire {
		return provenance{origin: ClaimOrigin, pos: call.Pos()}
	}
	return provenance{}
}

// loadOrigin classifies a value loaded from addr: filled by Scan from a
// claim (the claim's token) or from a separate query, or stored from
// another value.
func (m *model) loadOrigin(addr ssa.Value, next func(ssa.Value) provenance) provenance {
	if q := m.scanSource(addr); q != nil {
		if q.acquire {
			return provenance{origin: ClaimOrigin, pos: q.instr.Pos()}
		}
		if q.stmt != nil && q.stmt.Kind == sqltext.Select {
			return provenance{origin: SeparateOrigin, pos: q.instr.Pos()}
		}
		return provenance{}
	}
	if p := m.decodedOrigin(addr); p.origin != UnknownOrigin {
		return p // decoded from a document read just before (docorigin.go)
	}
	switch a := addr.(type) {
	case *ssa.UnOp:
		if a.Op == token.MUL {
			return next(a) // *m.ReceiptHandle: the origin of the pointer loaded
		}
	case *ssa.Field:
		// *m.ReceiptHandle: a pointer held in a field of a struct value.
		if r := weakField(a.X.Type(), a.Field); r != "" {
			return provenance{NotTokenOrigin, a.Pos(), r}
		}
		return next(a.X)
	case *ssa.FieldAddr:
		if r := weakField(a.X.Type(), a.Field); r != "" {
			return provenance{NotTokenOrigin, a.Pos(), r}
		}
		// l.Token where l was returned by an acquisition.
		if p := next(a.X); p.origin != UnknownOrigin {
			return p
		}
		return m.storedOrigin(a, next)
	case *ssa.Alloc:
		return m.storedOrigin(a, next)
	}
	return provenance{}
}

// storedOrigin returns the origin of the single value stored at addr.
func (m *model) storedOrigin(addr ssa.Value, next func(ssa.Value) provenance) provenance {
	refs := addr.Referrers()
	if refs == nil {
		return provenance{}
	}
	var stored ssa.Value
	for _, r := range *refs {
		if s, ok := r.(*ssa.Store); ok && s.Addr == addr {
			if stored != nil {
				return provenance{}
			}
			stored = s.Val
		}
	}
	if stored == nil {
		return provenance{}
	}
	return next(stored)
}

// scanSource returns the query whose row was scanned into addr (an
// alloc or a field of one), or nil.
func (m *model) scanSource(addr ssa.Value) *op {
	refs := addr.Referrers()
	if refs == nil {
		return nil
	}
	for _, r := range *refs {
		mi, ok := r.(*ssa.MakeInterface)
		if !ok {
			continue
		}
		if call := scanCallOf(mi); call != nil {
			args := store.CallArgs(call)
			if len(args) == 0 {
				continue
			}
			if row, ok := args[0].(*ssa.Call); ok {
				if o := m.opAt(row); o != nil {
					return o
				}
			}
		}
	}
	return nil
}

// scanCallOf returns the Scan call that receives v among its variadic
// destinations, or nil.
func scanCallOf(v ssa.Value) ssa.CallInstruction {
	refs := v.Referrers()
	if refs == nil {
		return nil
	}
	for _, r := range *refs {
		st, ok := r.(*ssa.Store)
		if !ok {
			continue
		}
		ia, ok := st.Addr.(*ssa.IndexAddr)
		if !ok || ia.X.Referrers() == nil {
			continue
		}
		for _, rr := range *ia.X.Referrers() {
			sl, ok := rr.(*ssa.Slice)
			if !ok || sl.Referrers() == nil {
				continue
			}
			for _, use := range *sl.Referrers() {
				if call, ok := use.(ssa.CallInstruction); ok && isScanCall(call) {
					return call
				}
			}
		}
	}
	return nil
}

// isScanCall reports whether call is a method named Scan.
func isScanCall(call ssa.CallInstruction) bool {
	c := call.Common()
	if c.IsInvoke() {
		return c.Method.Name() == "Scan"
	}
	fn := c.StaticCallee()
	return fn != nil && fn.Name() == "Scan"
}

// paramOrigin returns the common origin of the arguments every call site
// of the package passes for a parameter.
func (m *model) paramOrigin(p *ssa.Parameter, next func(ssa.Value) provenance) provenance {
	fn := p.Parent()
	idx := paramPos(fn, p)
	if idx < 0 {
		return provenance{}
	}
	var common provenance
	found := false
	for _, caller := range m.funcs {
		for _, o := range m.local[caller].ops {
			if callee := o.instr.Common().StaticCallee(); callee == nil || callee != fn && callee.Origin() != fn {
				continue // not a call of fn
			}
			args := o.instr.Common().Args
			if idx >= len(args) {
				return provenance{}
			}
			pr := next(args[idx])
			if pr.origin == UnknownOrigin || found && pr.origin != common.origin {
				return provenance{}
			}
			common, found = pr, true
		}
	}
	return common
}

// opAt returns the classified op of a call instruction, or nil.
func (m *model) opAt(call ssa.CallInstruction) *op {
	if m.opIndex == nil {
		m.opIndex = make(map[ssa.CallInstruction]*op)
		for _, fn := range m.funcs {
			for _, o := range m.local[fn].ops {
				m.opIndex[o.instr] = o
			}
		}
	}
	return m.opIndex[call]
}

// importedFact returns the fact of a function of another package.
func (m *model) importedFact(fn *types.Func) (FuncFact, bool) {
	var f FuncFact
	if fn.Pkg() == nil || fn.Pkg() == m.pass.Pkg {
		return f, false
	}
	ok := m.pass.ImportObjectFact(fn, &f)
	return f, ok
}

// weakField returns why field i of the struct t (or *t) points to is not a
// fencing token, or "".
func weakField(t types.Type, i int) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return ""
	}
	st, ok := named.Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return ""
	}
	return catalogue.WeakField(named.Obj().Pkg().Path(), named.Obj().Name(), st.Field(i).Name())
}

// accessorOrigin gives a getter of a catalogued library's type (a method
// with no parameters: NATS KeyValueEntry.Revision, Value) called on what a
// read returned the freshness of that read: a part of a fresh read is
// fresh too. Other origins do not pass through getters (the key of a lock
// is not its token).
func (m *model) accessorOrigin(call *ssa.Call, fn *types.Func, next func(ssa.Value) provenance) (provenance, bool) {
	sig := fn.Signature()
	if sig.Recv() == nil || sig.Params().Len() != 0 || !catalogue.InLibrary(pkgPath(fn)) {
		return provenance{}, false
	}
	args := store.CallArgs(call)
	if len(args) == 0 {
		return provenance{}, false
	}
	if p := next(args[0]); p.origin == FreshOrigin {
		return p, true
	}
	return provenance{}, false
}
