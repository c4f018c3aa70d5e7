package sql

import (
	"go/constant"
	"go/token"

	"github.com/fencecheck/fencecheck/passes/model/store"
	"golang.org/x/tools/go/ssa"
)

// rowCountResults returns what the code reads of the row count of call's
// statement: the counts (RowsAffected of a sql.Result or a
// pgconn.CommandTag, the RowsAffected field of a GORM handle), and the
// errors that say the count is not known (the error of
// sql.Result.RowsAffected, the Error field of a GORM handle).
func rowCountResults(call *ssa.Call) (counts, errs []ssa.Value) {
	first := store.ResultValue(call, 0, call.Common().Signature().Results().Len())
	if first == nil || first.Referrers() == nil {
		return nil, nil
	}
	for _, r := range *first.Referrers() {
		switch x := r.(type) {
		case *ssa.Call:
			if store.CalledName(x) != "RowsAffected" {
				continue
			}
			if args := store.CallArgs(x); len(args) == 0 || args[0] != first {
				continue
			}
			results := x.Common().Signature().Results()
			if v := store.ResultValue(x, 0, results.Len()); v != nil {
				counts = append(counts, v)
			}
			if results.Len() == 2 && store.IsError(results.At(1).Type()) {
				if v := store.ResultValue(x, 1, 2); v != nil {
					errs = append(errs, v)
				}
			}
		case *ssa.FieldAddr:
			switch store.FieldName(x) {
			case "RowsAffected":
				counts = append(counts, fieldLoads(x)...)
			case "Error":
				errs = append(errs, fieldLoads(x)...)
			}
		}
	}
	return counts, errs
}

// RowCountChecked reports whether the code reads the row count of the
// statement instr runs, or returns its result for the caller to read.
func RowCountChecked(instr ssa.CallInstruction) bool {
	call, ok := instr.(*ssa.Call)
	if !ok {
		return false
	}
	counts, _ := rowCountResults(call)
	for _, v := range counts {
		if store.UsedAtAll(v) {
			return true
		}
	}
	n := call.Common().Signature().Results().Len()
	if first := store.ResultValue(call, 0, n); first != nil && first.Referrers() != nil {
		for _, r := range *first.Referrers() {
			if _, ok := r.(*ssa.Return); ok {
				return true
			}
		}
	}
	return false
}

// CondEdge is the successor of the If on cond taken when a claim failed.
type CondEdge struct {
	// Cond is the condition of the If.
	Cond ssa.Value
	// Succ is the index of the If's successor taken on failure.
	Succ int
}

// RowCountFailures returns the branches taken when the claim instr runs
// matched no row: its row count compared with a constant (n == 0, n != 1,
// n < 1 and their mirrors), and the Error field of a GORM handle compared
// with nil.
func RowCountFailures(instr ssa.CallInstruction) []CondEdge {
	call, ok := instr.(*ssa.Call)
	if !ok {
		return nil
	}
	var out []CondEdge
	counts, errs := rowCountResults(call)
	for _, v := range counts {
		for _, cmp := range compares(v) {
			if succ, ok := countFailure(cmp, v); ok {
				out = append(out, CondEdge{Cond: cmp, Succ: succ})
			}
		}
	}
	for _, e := range errs {
		for _, cmp := range compares(e) {
			if cmp.Op != token.EQL && cmp.Op != token.NEQ || !store.IsNil(cmp.X) && !store.IsNil(cmp.Y) {
				continue
			}
			succ := 1 // err == nil: the false edge is the failure
			if cmp.Op == token.NEQ {
				succ = 0
			}
			out = append(out, CondEdge{Cond: cmp, Succ: succ})
		}
	}
	return out
}

// compares returns the comparisons that use v.
func compares(v ssa.Value) []*ssa.BinOp {
	var out []*ssa.BinOp
	if refs := v.Referrers(); refs != nil {
		for _, r := range *refs {
			if b, ok := r.(*ssa.BinOp); ok {
				switch b.Op {
				case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
					out = append(out, b)
				}
			}
		}
	}
	return out
}

// countFailure returns the successor of an If on cmp taken when the row
// count n matched no row. Only comparisons that split "no row" from "the
// row" are read: with 0 (n == 0, n != 0, n > 0, n <= 0) and with 1 (n ==
// 1, n != 1, n < 1, n >= 1).
func countFailure(cmp *ssa.BinOp, n ssa.Value) (int, bool) {
	op, other := cmp.Op, cmp.Y
	if cmp.Y == n {
		other = cmp.X
		switch op { // mirror
		case token.LSS:
			op = token.GTR
		case token.LEQ:
			op = token.GEQ
		case token.GTR:
			op = token.LSS
		case token.GEQ:
			op = token.LEQ
		}
	}
	c, ok := other.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.Int {
		return 0, false
	}
	k, exact := constant.Int64Val(c.Value)
	if !exact || k != 0 && k != 1 {
		return 0, false
	}
	// failWhenTrue: the comparison is true exactly when no row matched.
	var failWhenTrue bool
	switch {
	case op == token.EQL && k == 0, op == token.NEQ && k == 1, op == token.LSS && k == 1, op == token.LEQ && k == 0:
		failWhenTrue = true
	case op == token.NEQ && k == 0, op == token.EQL && k == 1, op == token.GTR && k == 0, op == token.GEQ && k == 1:
		failWhenTrue = false
	default:
		return 0, false
	}
	if failWhenTrue {
		return 0, true
	}
	return 1, true
}

// fieldLoads returns the loads of the field fa addresses.
func fieldLoads(fa *ssa.FieldAddr) []ssa.Value {
	var out []ssa.Value
	if fa.Referrers() == nil {
		return nil
	}
	for _, r := range *fa.Referrers() {
		if load, ok := r.(*ssa.UnOp); ok && load.Op == token.MUL {
			out = append(out, load)
		}
	}
	return out
}
