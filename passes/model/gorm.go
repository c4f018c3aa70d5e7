package model

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/internal/sqltext"
	"github.com/fencecheck/fencecheck/passes/model/store"
	sqlstore "github.com/fencecheck/fencecheck/passes/model/store/sql"
)

// ormChain returns the ORM chain calls (Where, Clauses, Table, …) that
// built the receiver v, nearest first: the leading run of receiverCalls
// that the catalogue lists as chain methods.
func ormChain(v ssa.Value) []*ssa.Call {
	calls := store.ReceiverCalls(v)
	for i, c := range calls {
		e := catalogue.Lookup(store.FuncObject(c.Common().StaticCallee()))
		if e == nil || e.Class != catalogue.ORMChain {
			return calls[:i]
		}
	}
	return calls
}

// classifyORMWrite classifies GORM Update/Updates/UpdateColumn(s)/Delete:
// a write guarded by the token predicates of the chain's Where calls.
func (m *model) classifyORMWrite(o *op) *op {
	o.write, o.verb = true, "updates"
	if o.callee.Name() == "Delete" {
		o.verb = "deletes from"
	}
	chain := ormChain(o.handle)
	type whereCall struct {
		text string
		args []ssa.Value
	}
	var where []whereCall
	for _, c := range chain {
		args := c.Common().Args
		switch store.CalledName(c) {
		case "Where":
			if len(args) > 1 {
				if text, ok := resolveText(m, args[1]); ok {
					var bound []ssa.Value
					if len(args) > 2 {
						bound = store.Varargs(args[2])
					}
					where = append(where, whereCall{text, bound})
				}
			}
		case "Table":
			if len(args) > 1 {
				if text, ok := resolveText(m, args[1]); ok {
					o.target = text
				}
			}
		}
	}
	texts := make([]string, len(where))
	for i, w := range where {
		texts[i] = w.text
	}
	if st, ok := gormStatement(o, texts, o.target); ok { // gormclaim.go
		// What the update does to lease rows, read as SQL (store/sql).
		switch x := sqlstore.ReadWrite(sqlStmt(o, st), false).(type) {
		case *store.Acquire:
			o.write, o.verb, o.stmt = false, "", st
			o.acquire, o.claimColumns = true, x.Columns
			return o
		case *store.Renew, *store.NotWrite:
			o.write, o.verb, o.stmt = false, "", st
			m.applyOp(o, x) // notes why for the lease inventory
			return o
		case *store.Release:
			o.release = true
		}
	}
	for _, w := range where {
		st := sqltext.Parse("UPDATE t SET c = 1 WHERE " + w.text)
		if g, p := sqlstore.GuardOf(st, m.claimedColumn); g > o.guard {
			o.guard, o.guardPred = g, p
			o.guardColumn = p.StoredColumn()
			if in, ok := sqlstore.IncomingOperand(p); ok && in.Kind == sqltext.Param {
				o.tokenArg = sqlstore.BoundArg(w.args, in.Param)
			}
		}
	}
	return o
}

// classifyORMCreate classifies GORM Create: an append, unless the chain
// carries Clauses(clause.OnConflict{…}) that updates on conflict, which is
// an upsert guarded only when the OnConflict sets Where.
func (m *model) classifyORMCreate(o *op) *op {
	for _, c := range ormChain(o.handle) {
		if store.CalledName(c) != "Clauses" || len(c.Common().Args) < 2 {
			continue
		}
		for _, arg := range store.Varargs(c.Common().Args[1]) {
			fields, ok := onConflictFields(arg)
			if !ok {
				continue
			}
			if !fields["DoUpdates"] && !fields["UpdateAll"] {
				continue
			}
			if cols, ok := m.onConflictClaim(o, arg); ok { // gormclaim.go
				o.acquire, o.claimColumns = true, cols
				return o
			}
			o.write, o.verb = true, "upserts into"
			if fields["Where"] {
				o.guard = TokenGuard
			}
			return o
		}
	}
	return nil
}

// onConflictFields returns the fields set in a clause.OnConflict composite
// literal boxed in v.
func onConflictFields(v ssa.Value) (map[string]bool, bool) {
	v = store.UnwrapInterface(v)
	load, ok := v.(*ssa.UnOp)
	if !ok {
		return nil, false
	}
	alloc, ok := load.X.(*ssa.Alloc)
	if !ok {
		return nil, false
	}
	named, ok := types.Unalias(load.Type()).(*types.Named)
	if !ok || named.Obj().Name() != "OnConflict" || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != "gorm.io/gorm/clause" {
		return nil, false
	}
	st, ok := named.Underlying().(*types.Struct)
	if !ok || alloc.Referrers() == nil {
		return nil, false
	}
	fields := make(map[string]bool)
	for _, r := range *alloc.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || fa.Referrers() == nil || fa.Field >= st.NumFields() {
			continue
		}
		for _, rr := range *fa.Referrers() {
			if s, ok := rr.(*ssa.Store); ok && s.Addr == fa {
				fields[st.Field(fa.Field).Name()] = true
			}
		}
	}
	return fields, true
}
