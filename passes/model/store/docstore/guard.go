package docstore

import (
	"fmt"
	"go/constant"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/passes/model/store"
	"github.com/fencecheck/fencecheck/passes/model/store/vocab"
)

// filterGuard is the protection a filter document gives a write.
type filterGuard struct {
	guard    store.Guard
	field    string
	tokenArg ssa.Value
	wrongWay string
}

// docGuard reads the filter document v and decides its guard; ok is false
// when the guard cannot be told.
func docGuard(core store.Core, v ssa.Value) (filterGuard, *docFilter, bool) {
	f := new(docFilter)
	if !readFilter(v, 0, f) {
		return filterGuard{}, nil, false
	}
	g := judgeFilter(core, f)
	if g.guard != store.TokenGuard && f.opaque {
		return filterGuard{}, nil, false
	}
	return g, f, true
}

// retention reports whether a delete, or an update that only marks
// documents (its update document, update, sets constants or times),
// selects its documents by age alone, as a SQL cleanup does: a time
// comparison keeps documents older than a point in time, every time
// comparison points that way, and every other condition compares with a
// constant.
func retention(method string, f *docFilter, update ssa.Value) bool {
	switch {
	case strings.Contains(method, "Delete"):
	case strings.Contains(method, "Update"):
		if !marksOnly(update) {
			return false
		}
	default:
		return false
	}
	aged := false
	for _, c := range f.conds {
		switch {
		case c.value != nil && store.TimeDerived(c.value, 0):
			if c.op != "$lt" && c.op != "$lte" {
				return false
			}
			aged = true
		case !isConstValue(c.value):
			return false
		}
	}
	return aged
}

// docClaim reports whether an update takes a lease kept in the document,
// as a SQL claim does: its filter finds the lease free or expired (a lease
// field equal to nil, not existing, or older than a time) and its update
// sets a lease field. A FindOneAndUpdate that does so is an acquisition:
// what follows its successful Decode runs under the document's lease. An
// UpdateOne or UpdateMany that does so tells success only by a count, which
// the lease dataflow does not follow: it is neither a write nor a claim.
func docClaim(f *docFilter, update ssa.Value) bool {
	free := false
	for _, c := range f.conds {
		if !vocab.IsLeaseColumn(vocab.Column(c.field)) {
			continue
		}
		cv, _ := store.UnwrapInterface(c.value).(*ssa.Const)
		switch {
		case (c.op == "$lt" || c.op == "$lte") && c.value != nil && store.TimeDerived(c.value, 0):
			free = true
		case c.op == "$eq" && cv != nil && cv.IsNil():
			free = true
		case c.op == "$exists" && cv != nil && cv.Value != nil && cv.Value.Kind() == constant.Bool && !constant.BoolVal(cv.Value):
			free = true
		}
	}
	if !free {
		return false
	}
	ops, ok := docEntries(update)
	if !ok {
		return false
	}
	for _, op := range ops {
		if op.key != "$set" {
			continue
		}
		fields, ok := docEntries(op.value)
		if !ok {
			return false
		}
		for _, fe := range fields {
			if vocab.IsLeaseColumn(vocab.Column(fe.key)) {
				return true
			}
		}
	}
	return false
}

// marksOnly reports whether an update document only sets constants or
// times ({"$set": {"state": "expired", "expiredAt": now}}).
func marksOnly(update ssa.Value) bool {
	ops, ok := docEntries(update)
	if !ok || len(ops) == 0 {
		return false
	}
	for _, op := range ops {
		if op.key != "$set" && op.key != "$unset" && op.key != "$currentDate" {
			return false
		}
		fields, ok := docEntries(op.value)
		if !ok {
			return false
		}
		for _, f := range fields {
			if !isConstValue(f.value) && !store.TimeDerived(store.StripConv(f.value), 0) {
				return false
			}
		}
	}
	return true
}

// bulkGuard decides the guard of a bulk write from the filters of its
// write models, the slice v: the weakest of them. Models without a filter
// insert. ok is false when a model or filter cannot be read, or no model
// has a filter.
func bulkGuard(core store.Core, v ssa.Value, fields []string) (filterGuard, bool) {
	models, ok := arrayValues(v)
	if !ok {
		return filterGuard{}, false
	}
	var weakest filterGuard
	found := false
	for _, mv := range models {
		filter, has, ok := modelFilter(mv, fields)
		if !ok {
			return filterGuard{}, false
		}
		if !has {
			continue
		}
		g, _, ok := docGuard(core, filter)
		if !ok {
			return filterGuard{}, false
		}
		if !found || g.guard < weakest.guard {
			weakest = g
		}
		found = true
	}
	return weakest, found
}

// modelFilter returns the filter of one bulk write model: the field named
// fields[0] of a struct literal, or the argument of the setter named
// fields[1] in its builder chain. has is false for a model without a
// filter; ok is false when the model cannot be read.
func modelFilter(v ssa.Value, fields []string) (filter ssa.Value, has, ok bool) {
	v = store.StripConv(v)
	if _, isAlloc := v.(*ssa.Alloc); isAlloc {
		values, ok := store.FieldValues(v)
		if !ok {
			return nil, false, false
		}
		if !store.HasField(v.Type(), fields[0]) {
			return nil, false, true
		}
		return values[fields[0]], values[fields[0]] != nil, true
	}
	chain := store.ReceiverCalls(v)
	if len(chain) == 0 {
		return nil, false, false
	}
	for _, c := range chain {
		if len(fields) > 1 && store.CalledName(c) == fields[1] {
			if a := store.CallArgs(c); len(a) > 1 {
				return a[1], true, true
			}
		}
	}
	// A chain that never sets a filter: an insert model, or a model whose
	// filter is set elsewhere.
	last := chain[len(chain)-1]
	if !store.HasField(last.Type(), fields[0]) {
		return nil, false, true
	}
	return nil, false, false
}

// judgeFilter decides the guard of a filter from its conditions: a token
// comparison first (one the right way round against a value that is not
// a constant, when there is one), then a state or expiry check.
func judgeFilter(core store.Core, f *docFilter) filterGuard {
	var token, state filterGuard
	for _, c := range f.conds {
		col := vocab.Column(c.field)
		switch c.op {
		case "$lt", "$lte", "$gt", "$gte", "$eq":
			constVal := isConstValue(c.value)
			claim := !constVal && c.value != nil && !vocab.IsIdentifierColumn(col) && core.IssuedByClaim(c.value)
			owner := c.op == "$eq" && !constVal && vocab.IsHolderColumn(col)
			if c.value != nil && (vocab.IsTokenColumn(col) || claim || owner) {
				g := filterGuard{guard: store.TokenGuard, field: c.field, tokenArg: c.value}
				if c.op == "$gt" || c.op == "$gte" {
					g.wrongWay = fmt.Sprintf("{%s: {%s: …}}", c.field, c.op)
				}
				if g.wrongWay == "" && !constVal {
					return g
				}
				if token.guard == store.NoGuard {
					token = g
				}
				continue
			}
		}
		if state.guard == store.NoGuard && (vocab.IsLeaseColumn(col) || vocab.IsStateColumn(col)) {
			state = filterGuard{guard: store.StateGuard, field: c.field}
		}
	}
	if token.guard == store.TokenGuard {
		return token
	}
	return state
}

// isConstValue reports whether v is a constant (possibly boxed).
func isConstValue(v ssa.Value) bool {
	_, ok := store.UnwrapInterface(v).(*ssa.Const)
	return ok
}
