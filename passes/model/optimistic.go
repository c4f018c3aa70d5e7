package model

import (
	"go/constant"
	"go/token"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/sqltext"
	"github.com/fencecheck/fencecheck/passes/model/store"
	"github.com/fencecheck/fencecheck/passes/model/store/vocab"
)

// holderWords name who holds a lease (worker, holder, leader); a lease
// column ending in _by (locked_by, claimed_by, leased_by) does too.
// Owners are left out (moving a document to a new owner under a version
// check is an edit, not a claim), and so are flags (locked, visible).
var holderWords = vocab.Words("worker holder leader")

// whoColumn reports whether a lease column records who holds the lease.
func whoColumn(c string) bool {
	return columnHasWord(c, holderWords) || strings.HasSuffix(c, "_by") && !strings.Contains(c, "own")
}

// optimisticClaim reports whether an UPDATE claims a job row by
// optimistic concurrency, and returns the columns it sets that a later
// write may compare as the claim's token. Three things make it a claim
// rather than a compare-and-set edit of a record:
//
//   - it moves a version: a token column is both assigned (version =
//     version + 1, version = $n) and required equal to a parameter in the
//     top-level WHERE (the version the worker read);
//   - it takes the row: it sets a state column to a claimed state
//     ('running', 'claimed', …), a column that records who holds it
//     (locked_by, worker, holder; not owner, not a flag such as
//     visible) to a value that is not a literal, or an expiry or heartbeat column
//     to a point in time;
//   - its row count is read (checked reports it): only then does the
//     worker know it won.
//
// An edit of a document (SET body = $1, version = version + 1,
// updated_at = now() WHERE id = $2 AND version = $3) moves a version but
// takes nothing, and stays an ordinary guarded write.
func (m *model) optimisticClaim(o *op, st *sqltext.Statement, checked func() bool) ([]string, bool) {
	if st.Kind != sqltext.Update || st.HasHole {
		return nil, false
	}
	versioned, takes := false, false
	var cols []string
	for _, a := range st.Set {
		if cleared(a) {
			continue
		}
		switch {
		case vocab.IsTokenColumn(a.Column):
			cols = append(cols, a.Column)
			if a.Value.Kind != sqltext.Literal && (a.SelfRef || len(a.Params) > 0) && versionRequired(st, a.Column) {
				versioned = true
			}
		case vocab.IsStateColumn(a.Column):
			takes = takes || m.claimedStateValue(o, a.Value)
		case vocab.IsExpiryColumn(a.Column):
			cols = append(cols, a.Column)
			takes = takes || !a.SelfRef && m.timeValued(o, a.Value) // a point in time, not a flag
		case vocab.IsLeaseColumn(a.Column):
			cols = append(cols, a.Column)
			takes = takes || whoColumn(a.Column) && a.Value.Kind != sqltext.Literal
		}
	}
	if !versioned || !takes || !checked() {
		return nil, false
	}
	return cols, true
}

// versionRequired reports whether the top-level WHERE of st requires
// column c equal to a parameter.
func versionRequired(st *sqltext.Statement, c string) bool {
	for _, p := range st.Where {
		if p.UnderOr || p.Op != "=" {
			continue
		}
		for _, pair := range [2][2]sqltext.Operand{{p.Left, p.Right}, {p.Right, p.Left}} {
			if pair[0].Kind == sqltext.Column && !pair[0].Incoming() && pair[0].Column == c && pair[1].Kind == sqltext.Param {
				return true
			}
		}
	}
	return false
}

// claimedStateValue reports whether a state assignment's value is a
// claimed state: a literal, or a parameter bound to a string constant.
func (m *model) claimedStateValue(o *op, x sqltext.Operand) bool {
	switch x.Kind {
	case sqltext.Literal:
		return vocab.IsClaimedState(x.Text)
	case sqltext.Param:
		if o == nil {
			return false
		}
		if c, ok := store.StripConv(sqlArg(o, x.Param)).(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.String {
			return vocab.IsClaimedState(constant.StringVal(c.Value))
		}
	}
	return false
}

// columnHasWord reports whether one of c's '_'-separated parts is in set.
func columnHasWord(c string, set map[string]bool) bool {
	for _, part := range strings.Split(c, "_") {
		if set[part] {
			return true
		}
	}
	return false
}

// rowCounts returns the row counts read from the result of call: the
// RowsAffected of a sql.Result or a pgconn.CommandTag, the RowsAffected
// field of a GORM handle.
func rowCounts(call *ssa.Call) []ssa.Value {
	n := call.Common().Signature().Results().Len()
	if n == 0 {
		return nil
	}
	first := store.ResultValue(call, 0, n)
	if first == nil || first.Referrers() == nil {
		return nil
	}
	var out []ssa.Value
	for _, r := range *first.Referrers() {
		switch x := r.(type) {
		case *ssa.Call:
			if store.CalledName(x) != "RowsAffected" {
				continue
			}
			if args := store.CallArgs(x); len(args) == 0 || args[0] != first {
				continue
			}
			k := x.Common().Signature().Results().Len()
			if v := store.ResultValue(x, 0, k); v != nil {
				out = append(out, v)
			}
		case *ssa.FieldAddr:
			if store.FieldName(x) == "RowsAffected" {
				out = append(out, fieldLoads(x)...)
			}
		}
	}
	return out
}

// rowCountChecked reports whether the code reads the row count of the
// statement o runs, or returns its result for the caller to read.
func rowCountChecked(o *op) bool {
	call, ok := o.instr.(*ssa.Call)
	if !ok {
		return false
	}
	for _, v := range rowCounts(call) {
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

// condEdge is the successor of the If on cond taken when a claim failed.
type condEdge struct {
	cond ssa.Value
	succ int
}

// rowCountFailures returns the branches taken when the claim instr runs
// matched no row: its row count compared with a constant (n == 0, n != 1,
// n < 1 and their mirrors), and the Error field of a GORM handle compared
// with nil.
func rowCountFailures(instr ssa.CallInstruction) []condEdge {
	call, ok := instr.(*ssa.Call)
	if !ok {
		return nil
	}
	var out []condEdge
	for _, v := range rowCounts(call) {
		for _, cmp := range compares(v) {
			if succ, ok := countFailure(cmp, v); ok {
				out = append(out, condEdge{cmp, succ})
			}
		}
	}
	for _, e := range countErrors(call) {
		for _, cmp := range compares(e) {
			if cmp.Op != token.EQL && cmp.Op != token.NEQ || !isNil(cmp.X) && !isNil(cmp.Y) {
				continue
			}
			succ := 1 // err == nil: the false edge is the failure
			if cmp.Op == token.NEQ {
				succ = 0
			}
			out = append(out, condEdge{cmp, succ})
		}
	}
	return out
}

// countErrors returns the errors that say the row count of call's
// statement is not known: the error of sql.Result.RowsAffected and the
// Error field of a GORM handle.
func countErrors(call *ssa.Call) []ssa.Value {
	first := store.ResultValue(call, 0, call.Common().Signature().Results().Len())
	if first == nil || first.Referrers() == nil {
		return nil
	}
	var out []ssa.Value
	for _, r := range *first.Referrers() {
		switch x := r.(type) {
		case *ssa.Call:
			if store.CalledName(x) != "RowsAffected" {
				continue
			}
			if k := x.Common().Signature().Results().Len(); k == 2 && isError(x.Common().Signature().Results().At(1).Type()) {
				if v := store.ResultValue(x, 1, k); v != nil {
					out = append(out, v)
				}
			}
		case *ssa.FieldAddr:
			if store.FieldName(x) == "Error" {
				out = append(out, fieldLoads(x)...)
			}
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
