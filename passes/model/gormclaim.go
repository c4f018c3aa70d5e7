package model

import (
	"go/constant"
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
func gormStatement(o *op, where []string, table string) (*sqltext.Statement, bool) {
	args := o.instr.Common().Args
	if o.callee == nil || o.callee.Name() != "Updates" || len(args) < 2 || len(where) == 0 {
		return nil, false
	}
	set, ok := mapLiteralAssignments(store.UnwrapInterface(args[1]))
	if !ok {
		return nil, false
	}
	if table == "" {
		table = "t"
	}
	conds := make([]string, len(where))
	for i, w := range where {
		conds[i] = "(" + w + ")"
	}
	st := sqltext.Parse("UPDATE " + table + " SET " + strings.Join(set, ", ") + " WHERE " + strings.Join(conds, " AND "))
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
		if col == "" || strings.ContainsAny(col, " ;()'\"") {
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
