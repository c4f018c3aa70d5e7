package model

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/internal/config"
	"github.com/fencecheck/fencecheck/internal/sqltext"
	"github.com/fencecheck/fencecheck/passes/model/store"
	"github.com/fencecheck/fencecheck/passes/model/store/vocab"
)

// check is a Go-side test a write depends on: an ownership probe or a
// comparison of a stored token.
type check struct {
	pos  token.Pos
	desc string
}

// controllingConds returns the conditions of the branches that decide
// whether instr runs: each If in a dominating block one of whose
// successors, entered only from that If, dominates instr, and each If one
// of whose successors cannot reach instr (decidingConds: the second
// operand of && and ||). Non-blocking selects appear through the If on
// their chosen index.
//
// The conditions depend on instr's block only, and each write asks for
// them several times (client compare, probe, caller probe), so they are
// kept per block.
func (m *model) controllingConds(instr ssa.Instruction) []ssa.Value {
	b := instr.Block()
	if b == nil {
		return nil
	}
	if out, ok := m.conds[b]; ok {
		return out
	}
	var out []ssa.Value
	for d := b; d != nil; d = d.Idom() {
		if len(d.Instrs) == 0 {
			continue
		}
		iff, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok || len(d.Succs) != 2 {
			continue
		}
		for _, s := range d.Succs {
			if len(s.Preds) == 1 && s.Dominates(b) {
				out = append(out, iff.Cond)
				break
			}
		}
	}
	for _, c := range m.decidingConds(instr) {
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	if m.conds == nil {
		m.conds = make(map[*ssa.BasicBlock][]ssa.Value)
	}
	m.conds[b] = out
	return out
}

// maxCondDepth bounds how far a branch condition is followed back.
const maxCondDepth = 8

// probeBefore returns the ownership probe a write depends on, if any.
func (m *model) probeBefore(instr ssa.Instruction) (check, bool) {
	for _, cond := range m.controllingConds(instr) {
		if c, ok := m.findInCond(cond, 0, make(map[ssa.Value]bool), m.probeValue); ok {
			return c, true
		}
	}
	return check{}, false
}

// clientCompareBefore returns the Go comparison of a stored fencing token
// a write depends on, if any.
func (m *model) clientCompareBefore(instr ssa.Instruction) (check, bool) {
	for _, cond := range m.controllingConds(instr) {
		if c, ok := m.findInCond(cond, 0, make(map[ssa.Value]bool), m.tokenComparison); ok {
			return c, true
		}
	}
	return check{}, false
}

// findInCond searches the values a branch condition is computed from for
// one match accepts.
func (m *model) findInCond(v ssa.Value, depth int, seen map[ssa.Value]bool, match func(ssa.Value) (check, bool)) (check, bool) {
	if v == nil || depth > maxCondDepth || seen[v] {
		return check{}, false
	}
	seen[v] = true
	if c, ok := match(v); ok {
		return c, true
	}
	var operands []ssa.Value
	switch x := v.(type) {
	case *ssa.BinOp:
		operands = []ssa.Value{x.X, x.Y}
	case *ssa.UnOp:
		operands = []ssa.Value{x.X}
	case *ssa.Extract:
		operands = []ssa.Value{x.Tuple}
	case *ssa.ChangeType:
		operands = []ssa.Value{x.X}
	case *ssa.Convert:
		operands = []ssa.Value{x.X}
	case *ssa.Phi:
		operands = append(append([]ssa.Value(nil), x.Edges...), shortCircuitConds(x)...)
	case *ssa.Alloc, *ssa.FieldAddr:
		// A flag stored earlier: look at what was stored.
		if refs := v.Referrers(); refs != nil {
			for _, r := range *refs {
				if s, ok := r.(*ssa.Store); ok && s.Addr == v {
					operands = append(operands, s.Val)
				}
			}
		}
	}
	for _, o := range operands {
		if c, ok := m.findInCond(o, depth+1, seen, match); ok {
			return c, true
		}
	}
	return check{}, false
}

// shortCircuitConds returns the branch conditions a bool phi takes its
// constant edges from: a || b, a && b and `ok := false; if a { ok = b }`
// become, in SSA, a phi whose constant edge comes from the block that
// tested a (or from the one branch a block tested), so the value is
// built from a as much as from b.
func shortCircuitConds(phi *ssa.Phi) []ssa.Value {
	if b, ok := phi.Type().Underlying().(*types.Basic); !ok || b.Kind() != types.Bool {
		return nil
	}
	var out []ssa.Value
	for i, e := range phi.Edges {
		if _, ok := e.(*ssa.Const); !ok || i >= len(phi.Block().Preds) {
			continue
		}
		p := phi.Block().Preds[i]
		for step := 0; step < 2 && len(p.Instrs) > 0; step++ {
			if iff, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If); ok {
				out = append(out, iff.Cond)
				break
			}
			if len(p.Preds) != 1 {
				break
			}
			p = p.Preds[0]
		}
	}
	return out
}

// probeValue reports whether v is the result of an ownership probe: a
// function marked //fencecheck:probe, ctx.Err() or <-ctx.Done() on a
// context, a comparison with the clock (time.Now().Before(until),
// time.Until(until)), or a value scanned from a query that reads a lease
// column.
func (m *model) probeValue(v ssa.Value) (check, bool) {
	switch x := v.(type) {
	case *ssa.Call:
		return m.probeCall(x)
	case *ssa.BinOp:
		return clockProbe(x)
	case *ssa.Select:
		if x.Blocking {
			break
		}
		for _, st := range x.States {
			if st.Dir != types.RecvOnly {
				continue
			}
			ch := st.Chan
			if ex, ok := ch.(*ssa.Extract); ok {
				ch = ex.Tuple // the lost channel returned by an acquisition
			}
			if call, ok := ch.(*ssa.Call); ok {
				if c, ok := m.probeCall(call); ok {
					return c, true
				}
				if o := m.opAt(call); o != nil && o.acquire {
					return check{call.Pos(), "lease-lost channel polled here"}, true
				}
			}
		}
	case *ssa.UnOp:
		if x.Op == token.MUL {
			if q := m.scanSource(x.X); q != nil && readsLease(q.stmt) && !q.acquire {
				return check{q.instr.Pos(), "ownership read here by " + q.name}, true
			}
			// resp.Succeeded of an etcd transaction used as a check for a
			// later, separate write.
			if fa, ok := x.X.(*ssa.FieldAddr); ok && store.FieldName(fa) == "Succeeded" && isProbeTxn(fa.X) {
				return check{x.Pos(), "ownership checked here by a transaction that writes nothing"}, true
			}
		}
	}
	return check{}, false
}

// probeCall reports whether call probes ownership.
func (m *model) probeCall(call *ssa.Call) (check, bool) {
	var fn *types.Func
	if call.Common().IsInvoke() {
		fn = call.Common().Method
	} else {
		fn = store.FuncObject(call.Common().StaticCallee())
	}
	if fn == nil {
		return check{}, false
	}
	if s, ok := m.funcDirectives(fn); ok && s.probe {
		return check{call.Pos(), "ownership checked here by " + displayName(fn, nil)}, true
	}
	if c, ok := config.Lookup(fn.Origin().FullName()); ok && c.Probe {
		return check{call.Pos(), "ownership checked here by " + displayName(fn, nil)}, true
	}
	if e := catalogue.Lookup(fn); e != nil && e.Class == catalogue.Probe {
		return check{call.Pos(), "ownership checked here by " + displayName(fn, nil)}, true
	}
	if fn.Pkg() != nil && fn.Pkg().Path() == "context" && (fn.Name() == "Err" || fn.Name() == "Done") {
		if call.Common().IsInvoke() && m.leaseContext(call.Common().Value, 0) {
			return check{call.Pos(), "lease context checked here by ctx." + fn.Name() + "()"}, true
		}
		return check{}, false
	}
	if fn.Pkg() != nil && fn.Pkg().Path() == "time" && (fn.Name() == "Until" || fn.Name() == "Since") {
		return check{call.Pos(), "lease expiry checked here by time." + fn.Name()}, true
	}
	if m.inferredProbe(call) || m.ctxProbeCall(call, fn) {
		return check{call.Pos(), "ownership checked here by " + displayName(fn, nil)}, true
	}
	return clockProbe(call)
}

// readsLease reports whether a statement reads lease state: a SELECT of
// a lease column, or one filtered on a lease column.
func readsLease(st *sqltext.Statement) bool {
	if st == nil || st.Kind != sqltext.Select {
		return false
	}
	for _, c := range st.Columns {
		if vocab.IsLeaseColumn(c) {
			return true
		}
	}
	for _, p := range st.Where {
		for _, side := range [2]sqltext.Operand{p.Left, p.Right} {
			if side.Kind == sqltext.Column && vocab.IsLeaseColumn(side.Column) {
				return true
			}
		}
	}
	return false
}

// tokenComparison reports whether v compares, in Go, a fencing token
// read from the store with another value.
func (m *model) tokenComparison(v ssa.Value) (check, bool) {
	cmp, ok := v.(*ssa.BinOp)
	if !ok {
		return check{}, false
	}
	switch cmp.Op {
	case token.LSS, token.LEQ, token.GTR, token.GEQ, token.EQL, token.NEQ:
	default:
		return check{}, false
	}
	for _, side := range [2]ssa.Value{cmp.X, cmp.Y} {
		if q := m.storedTokenRead(side); q != nil {
			return check{cmp.Pos(), "stored token read here by " + q.name + " and compared in Go"}, true
		}
	}
	if isConstant(cmp.X) || isConstant(cmp.Y) {
		return check{}, false
	}
	for _, side := range [2]ssa.Value{cmp.X, cmp.Y} {
		if field, call := m.storedVersionField(side); call != nil {
			return check{cmp.Pos(), "stored " + field + " read here by " + calleeDisplay(call) + " and compared in Go"}, true
		}
	}
	return check{}, false
}

// storedTokenRead returns the query that read a stored fencing token into
// v, or nil.
func (m *model) storedTokenRead(v ssa.Value) *op {
	x, ok := store.Unconvert(v).(*ssa.UnOp)
	if !ok || x.Op != token.MUL {
		return nil
	}
	q := m.scanSource(x.X)
	if q == nil || q.acquire || q.stmt == nil || q.stmt.Kind != sqltext.Select {
		return nil
	}
	for _, c := range q.stmt.Columns {
		if vocab.IsTokenColumn(c) {
			return q
		}
	}
	return nil
}

// isProbeTxn reports whether v is the response of an etcd transaction
// committed with If(…) and no Then or Else: an ownership check.
func isProbeTxn(v ssa.Value) bool {
	ex, ok := v.(*ssa.Extract)
	if !ok {
		return false
	}
	commit, ok := ex.Tuple.(*ssa.Call)
	if !ok || store.CalledName(commit) != "Commit" {
		return false
	}
	args := store.CallArgs(commit)
	if len(args) == 0 {
		return false
	}
	hasIf := false
	for _, c := range store.ReceiverCalls(args[0]) {
		switch store.CalledName(c) {
		case "Then", "Else":
			return false
		case "If":
			hasIf = true
		}
	}
	return hasIf
}

// claimCompareBefore reports whether instr runs only after a comparison
// in Go of a value issued by the claim with a value read by the read at
// readPos (the stored fence, read back with the version the write is
// conditioned on): a compare-and-set write after it is fenced.
func (m *model) claimCompareBefore(instr ssa.Instruction, readPos token.Pos) bool {
	for _, cond := range m.controllingConds(instr) {
		_, ok := m.findInCond(cond, 0, make(map[ssa.Value]bool), func(v ssa.Value) (check, bool) {
			cmp, ok := v.(*ssa.BinOp)
			if !ok {
				return check{}, false
			}
			switch cmp.Op {
			case token.LSS, token.LEQ, token.GTR, token.GEQ:
			default:
				return check{}, false
			}
			x, y := m.tokenOrigin(cmp.X), m.tokenOrigin(cmp.Y)
			if x.origin == FreshOrigin && y.origin == ClaimOrigin && x.pos == readPos ||
				y.origin == FreshOrigin && x.origin == ClaimOrigin && y.pos == readPos {
				return check{cmp.Pos(), ""}, true
			}
			return check{}, false
		})
		if ok {
			return true
		}
	}
	return false
}
