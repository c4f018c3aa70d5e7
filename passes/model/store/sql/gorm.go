package sql

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/internal/sqltext"
	"github.com/fencecheck/fencecheck/passes/model/store"
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

// GORMRead is what the SQL reader makes of a GORM write.
type GORMRead struct {
	// Op is the write, claim, renewal, release or cleanup; nil when the
	// call does nothing the engine tracks (a Create that appends).
	Op store.Op
	// Stmt is the UPDATE the call amounts to, when it is a claim, a
	// renewal or a cleanup: the engine keeps it for the steps that compose
	// claims. It is nil otherwise.
	Stmt *sqltext.Statement
	// Pred is the predicate of the chain's Where calls that guards the
	// write, nil when none does.
	Pred *sqltext.Predicate
	// Target is the table the chain names (Table("jobs")), "" when it
	// names none.
	Target string
}

// ReadGORM reads a GORM write: Update, Updates, UpdateColumn(s) and Delete
// (catalogue.ORMWrite), guarded by the predicates of the chain's Where
// calls and read as an UPDATE when its values are a map literal; Create
// (catalogue.ORMCreate), an append unless the chain carries
// Clauses(clause.OnConflict{…}) that updates on conflict. claimed reports
// whether a column is one a claim of the package sets.
func ReadGORM(core store.Core, c store.Call, claimed func(string) bool) GORMRead {
	if c.Entry.Class == catalogue.ORMCreate {
		return GORMRead{Op: readORMCreate(c)}
	}
	return readORMWrite(core, c, claimed)
}

// readORMWrite reads GORM Update/Updates/UpdateColumn(s)/Delete: a write
// guarded by the token predicates of the chain's Where calls.
func readORMWrite(core store.Core, c store.Call, claimed func(string) bool) GORMRead {
	var r GORMRead
	w := &store.Write{Verb: "updates"}
	if c.Method == "Delete" {
		w.Verb = "deletes from"
	}
	chain := ormChain(c.Handle)
	type whereCall struct {
		text string
		args []ssa.Value
	}
	var where []whereCall
	for _, call := range chain {
		args := call.Common().Args
		switch store.CalledName(call) {
		case "Where":
			if len(args) > 1 {
				if text, ok := core.Text(args[1]); ok {
					var bound []ssa.Value
					if len(args) > 2 {
						bound = store.Varargs(args[2])
					}
					where = append(where, whereCall{text, bound})
				}
			}
		case "Table":
			if len(args) > 1 {
				if text, ok := core.Text(args[1]); ok {
					r.Target = text
				}
			}
		}
	}
	w.Target = r.Target
	texts := make([]string, len(where))
	for i, wc := range where {
		texts[i] = wc.text
	}
	var release bool
	if st, ok := gormStatement(c, texts, r.Target); ok {
		// What the update does to lease rows, read as SQL.
		switch x := ReadWrite(Stmt{Statement: st, Call: c.Instr}, false).(type) {
		case *store.Acquire, *store.Renew, *store.NotWrite:
			r.Op, r.Stmt = x, st
			return r
		case *store.Release:
			release = true
		}
	}
	for _, wc := range where {
		st := sqltext.Parse("UPDATE t SET c = 1 WHERE " + wc.text)
		if g, p := GuardOf(st, claimed); g > w.Guard {
			w.Guard, r.Pred = g, p
			w.GuardField = p.StoredColumn()
			if in, ok := p.IncomingOperand(); ok && in.Kind == sqltext.Param {
				w.TokenArg = BoundArg(wc.args, in.Param)
			}
		}
	}
	r.Op = w
	if release {
		r.Op = &store.Release{Write: w}
	}
	return r
}

// readORMCreate reads GORM Create: an append, unless the chain carries
// Clauses(clause.OnConflict{…}) that updates on conflict, which is an
// upsert guarded only when the OnConflict sets Where.
func readORMCreate(c store.Call) store.Op {
	for _, call := range ormChain(c.Handle) {
		if store.CalledName(call) != "Clauses" || len(call.Common().Args) < 2 {
			continue
		}
		for _, arg := range store.Varargs(call.Common().Args[1]) {
			fields, ok := onConflictFields(arg)
			if !ok {
				continue
			}
			if !fields["DoUpdates"] && !fields["UpdateAll"] {
				continue
			}
			if cols, ok := onConflictClaim(c, arg); ok {
				return &store.Acquire{Columns: cols}
			}
			w := &store.Write{Verb: "upserts into"}
			if fields["Where"] {
				w.Guard = store.TokenGuard
			}
			return w
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
