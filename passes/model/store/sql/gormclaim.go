package sql

import (
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/sqltext"
	"github.com/fencecheck/fencecheck/passes/model/store"
)

// gormStatement renders what a GORM Updates call does as an UPDATE
// statement, so that the shapes of SQL text apply to it: the assignments
// of the map literal it is given (a string constant as a literal,
// gorm.Expr("version + 1") as its text, a time as now(), anything else as
// a parameter) and the conditions of the chain's Where calls. It returns
// false when the values are not a map literal with constant keys.
func gormStatement(c store.Call, where []string, table string) (*sqltext.Statement, bool) {
	args := c.Instr.Common().Args
	if c.Method == "" || len(args) < 2 || len(where) == 0 {
		return nil, false
	}
	var set []string
	switch c.Method {
	case "Updates", "UpdateColumns":
		var ok bool
		if set, ok = mapLiteralAssignments(store.UnwrapInterface(args[1])); !ok {
			return nil, false
		}
	case "Update", "UpdateColumn":
		col, ok := store.StripConv(args[1]).(*ssa.Const)
		if !ok || len(args) < 3 || col.Value == nil || col.Value.Kind() != constant.String || !plainColumn(constant.StringVal(col.Value)) {
			return nil, false
		}
		set = []string{constant.StringVal(col.Value) + " = " + gormValueText(args[2])}
	default:
		return nil, false
	}
	name := table
	if name == "" {
		name = "t" // the model's table: not known here
	}
	conds := make([]string, len(where))
	for i, w := range where {
		conds[i] = "(" + w + ")"
	}
	st := sqltext.Parse("UPDATE " + name + " SET " + strings.Join(set, ", ") + " WHERE " + strings.Join(conds, " AND "))
	if table == "" {
		st.Table = ""
	}
	return st, st.Kind == sqltext.Update
}

// mapLiteralAssignments renders the entries of a map built by a literal
// with constant string keys as SET assignments, in the order written.
func mapLiteralAssignments(v ssa.Value) ([]string, bool) {
	mk, ok := v.(*ssa.MakeMap)
	if !ok || mk.Referrers() == nil {
		return nil, false
	}
	var out []string
	for _, r := range *mk.Referrers() {
		up, ok := r.(*ssa.MapUpdate)
		if !ok || up.Map != mk {
			continue
		}
		k, ok := store.StripConv(up.Key).(*ssa.Const)
		if !ok || k.Value == nil || k.Value.Kind() != constant.String {
			return nil, false
		}
		col := constant.StringVal(k.Value)
		if !plainColumn(col) {
			return nil, false
		}
		out = append(out, col+" = "+gormValueText(up.Value))
	}
	return out, len(out) > 0
}

// gormValueText renders one value of a GORM update map as SQL.
func gormValueText(v ssa.Value) string {
	x := store.StripConv(v)
	if c, ok := x.(*ssa.Const); ok && c.Value != nil {
		switch c.Value.Kind() {
		case constant.String:
			return "'" + strings.ReplaceAll(constant.StringVal(c.Value), "'", "''") + "'"
		case constant.Int, constant.Float, constant.Bool:
			return c.Value.ExactString()
		}
	}
	if call, ok := x.(*ssa.Call); ok {
		if fn := call.Common().StaticCallee(); fn != nil && fn.Name() == "Expr" && fn.Pkg != nil && fn.Pkg.Pkg.Path() == "gorm.io/gorm" && len(call.Common().Args) > 0 {
			if c, ok := store.StripConv(call.Common().Args[0]).(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.String {
				if text := constant.StringVal(c.Value); !strings.Contains(text, ";") {
					return text
				}
			}
		}
	}
	if store.TimeDerived(x, 0) {
		return "now()"
	}
	return "?"
}

// plainColumn reports whether a GORM column name is a bare column that
// can be rendered into SQL text.
func plainColumn(col string) bool {
	return col != "" && !strings.ContainsAny(col, " ;()'\"")
}

// onConflictClaim reports whether a GORM create with the
// clause.OnConflict literal boxed in v takes a lock row, read as the
// upsert it runs (upsertClaim): its DoUpdates set a lease column (named
// by AssignmentColumns or the keys of Assignments) and its Where, raw
// clause.Expr text, updates only when the stored lease is free or
// expired. It returns the claim columns.
func onConflictClaim(call store.Call, v ssa.Value) ([]string, bool) {
	parts := onConflictStrings(v)
	if len(parts["DoUpdates"]) == 0 || len(parts["Where"]) == 0 {
		return nil, false
	}
	var set, conds []string
	for _, c := range parts["DoUpdates"] {
		if plainColumn(c) {
			set = append(set, c+" = excluded."+c)
		}
	}
	for _, w := range parts["Where"] {
		conds = append(conds, "("+w+")")
	}
	if len(set) == 0 {
		return nil, false
	}
	st := sqltext.Parse("INSERT INTO t (c) VALUES (1) ON CONFLICT (c) DO UPDATE SET " + strings.Join(set, ", ") + " WHERE " + strings.Join(conds, " AND "))
	if st.Kind != sqltext.Upsert || st.HasHole {
		return nil, false
	}
	return Stmt{Statement: st, Call: call.Instr}.upsertClaim(false)
}

// onConflictStrings returns, for each field set in a clause.OnConflict
// composite literal boxed in v, the string constants its value is built
// from: column names, map keys, the SQL of clause.Expr.
func onConflictStrings(v ssa.Value) map[string][]string {
	v = store.UnwrapInterface(v)
	load, ok := v.(*ssa.UnOp)
	if !ok {
		return nil
	}
	alloc, ok := load.X.(*ssa.Alloc)
	if !ok || alloc.Referrers() == nil {
		return nil
	}
	named, ok := types.Unalias(load.Type()).(*types.Named)
	if !ok || named.Obj().Name() != "OnConflict" || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != "gorm.io/gorm/clause" {
		return nil
	}
	st, ok := named.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	out := make(map[string][]string)
	for _, r := range *alloc.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || fa.Referrers() == nil || fa.Field >= st.NumFields() {
			continue
		}
		for _, rr := range *fa.Referrers() {
			if s, ok := rr.(*ssa.Store); ok && s.Addr == fa {
				name := st.Field(fa.Field).Name()
				out[name] = stringsIn(s.Val, 0, make(map[ssa.Value]bool), out[name])
			}
		}
	}
	return out
}

// maxStringsDepth bounds the walk of stringsIn.
const maxStringsDepth = 8

// stringsIn appends the string constants a value is built from in the
// function that builds it: through conversions, loads of composite
// literals and the values stored in their fields and elements, slices,
// map literals (keys and values) and the arguments of calls.
func stringsIn(v ssa.Value, depth int, seen map[ssa.Value]bool, out []string) []string {
	if v == nil || depth > maxStringsDepth || seen[v] {
		return out
	}
	seen[v] = true
	next := func(x ssa.Value) { out = stringsIn(x, depth+1, seen, out) }
	switch x := v.(type) {
	case *ssa.Const:
		if x.Value != nil && x.Value.Kind() == constant.String {
			out = append(out, constant.StringVal(x.Value))
		}
	case *ssa.MakeInterface:
		next(x.X)
	case *ssa.ChangeType:
		next(x.X)
	case *ssa.Convert:
		next(x.X)
	case *ssa.Slice:
		next(x.X)
	case *ssa.UnOp:
		if x.Op == token.MUL {
			next(x.X)
		}
	case *ssa.Call:
		for _, a := range x.Common().Args {
			next(a)
		}
	case *ssa.MakeMap:
		if x.Referrers() != nil {
			for _, r := range *x.Referrers() {
				if up, ok := r.(*ssa.MapUpdate); ok && up.Map == x {
					next(up.Key)
				}
			}
		}
	case *ssa.Alloc:
		if x.Referrers() == nil {
			break
		}
		for _, r := range *x.Referrers() {
			switch a := r.(type) {
			case *ssa.Store:
				if a.Addr == x {
					next(a.Val)
				}
			case *ssa.FieldAddr:
				storedIn(a, next)
			case *ssa.IndexAddr:
				storedIn(a, next)
			}
		}
	}
	return out
}

// storedIn calls f with every value stored at addr.
func storedIn(addr ssa.Value, f func(ssa.Value)) {
	if refs := addr.Referrers(); refs != nil {
		for _, r := range *refs {
			if s, ok := r.(*ssa.Store); ok && s.Addr == addr {
				f(s.Val)
			}
		}
	}
}
