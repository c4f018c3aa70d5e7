package model

import (
	"github.com/fencecheck/fencecheck/internal/sqltext"
	"github.com/fencecheck/fencecheck/passes/model/store/vocab"
)

// guardPredicates returns the predicates that decide whether the sink
// accepts a write: the WHERE of an UPDATE, DELETE or MERGE and the IF of
// a CQL lightweight transaction; the
// DO UPDATE … WHERE of an upsert, and conditions inside its SET values
// (MySQL's IF(VALUES(fence) > fence, …)).
func guardPredicates(st *sqltext.Statement) []sqltext.Predicate {
	switch st.Kind {
	case sqltext.Upsert:
		ps := append([]sqltext.Predicate(nil), st.ConflictWhere...)
		for _, a := range st.Set {
			ps = append(ps, a.Conds...)
		}
		return ps
	case sqltext.Update, sqltext.Delete, sqltext.Merge:
		if len(st.If) > 0 { // CQL: the condition of a lightweight transaction
			return append(append([]sqltext.Predicate(nil), st.Where...), st.If...)
		}
		return st.Where
	}
	return nil
}

// comparisonOps are the operators a guard predicate can use.
var comparisonOps = map[string]bool{"=": true, "<": true, "<=": true, ">": true, ">=": true}

// sqlGuard classifies the protection a write statement carries and returns
// the deciding predicate, if any.
func (m *model) sqlGuard(st *sqltext.Statement) (Guard, *sqltext.Predicate) {
	best := NoGuard
	var chosen *sqltext.Predicate
	preds := guardPredicates(st)
	for i := range preds {
		p := &preds[i]
		if p.UnderOr {
			continue
		}
		for _, side := range [2]sqltext.Operand{p.Left, p.Right} {
			if side.Kind != sqltext.Column || side.Incoming() {
				continue
			}
			c := side.Column
			switch {
			case comparisonOps[p.Op] && vocab.IsTokenColumn(c) || m.ownerEquality(p, c):
				return TokenGuard, p
			case best == NoGuard && (vocab.IsLeaseColumn(c) || vocab.IsStateColumn(c)):
				best, chosen = StateGuard, p
			}
		}
	}
	return best, chosen
}

// ownerEquality reports whether p is an owner check on column c: an
// equality between a column a claim set and a parameter. An equality with
// a literal (locked = true) is a state check.
func (m *model) ownerEquality(p *sqltext.Predicate, c string) bool {
	if p.Op != "=" || !m.claimColumns[c] {
		return false
	}
	return p.Left.Kind == sqltext.Param || p.Right.Kind == sqltext.Param
}

// incomingOperand returns the incoming side of a guard predicate.
func incomingOperand(p *sqltext.Predicate) (sqltext.Operand, bool) {
	for _, side := range [2]sqltext.Operand{p.Left, p.Right} {
		if side.Incoming() || side.Kind == sqltext.Literal {
			return side, true
		}
	}
	return sqltext.Operand{}, false
}
