package sql

import (
	"github.com/fencecheck/fencecheck/internal/sqltext"
	"github.com/fencecheck/fencecheck/passes/model/store"
	"github.com/fencecheck/fencecheck/passes/model/store/vocab"
)

// GuardPredicates returns the predicates that decide whether the sink
// accepts a write: the WHERE of an UPDATE, DELETE or MERGE and the IF of
// a CQL lightweight transaction; the
// DO UPDATE … WHERE of an upsert, and conditions inside its SET values
// (MySQL's IF(VALUES(fence) > fence, …)).
func GuardPredicates(st *sqltext.Statement) []sqltext.Predicate {
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

// GuardOf classifies the protection a write statement carries and returns
// the deciding predicate, if any. claimed reports whether a column is one
// a claim of the package sets (an owner or token column), so that an
// equality of it with a parameter is an owner check.
func GuardOf(st *sqltext.Statement, claimed func(column string) bool) (store.Guard, *sqltext.Predicate) {
	best := store.NoGuard
	var chosen *sqltext.Predicate
	preds := GuardPredicates(st)
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
			case comparisonOps[p.Op] && vocab.IsTokenColumn(c) || ownerEquality(p, c, claimed):
				return store.TokenGuard, p
			case best == store.NoGuard && (vocab.IsLeaseColumn(c) || vocab.IsStateColumn(c)):
				best, chosen = store.StateGuard, p
			}
		}
	}
	return best, chosen
}

// ownerEquality reports whether p is an owner check on column c: an
// equality between a column a claim set and a parameter. An equality with
// a literal (locked = true) is a state check.
func ownerEquality(p *sqltext.Predicate, c string, claimed func(string) bool) bool {
	if p.Op != "=" || !claimed(c) {
		return false
	}
	return p.Left.Kind == sqltext.Param || p.Right.Kind == sqltext.Param
}

// UpkeepNote returns, for a write that maintains a lease row by its key
// alone, why it does not fence; "" for any other statement. Such a write
// is an UPDATE that sets only lease columns (moves an expiry: a renewal;
// clears the holder: a release) and selects its row by equality of a key
// with a parameter. The key (the lease's name, a row id) survives a
// takeover: a worker that lost the lease renews or releases the new
// holder's. The key names the lease, not this holder's claim, so the
// write is weakly guarded, not unguarded. A DELETE of a claimed row stays
// an ordinary write: removing a job or message row is how a worker
// completes it, and nothing in the statement tells a lock row from a job
// row.
func (s Stmt) UpkeepNote() string {
	if s.HasHole || s.Multiple || s.Kind != sqltext.Update {
		return ""
	}
	what := s.leaseUpkeep()
	if what == "" {
		return ""
	}
	key := rowKey(s.Statement)
	if key == "" {
		return ""
	}
	return "it " + what + "s the lease by " + key + " alone, which a newer holder shares: after a takeover it " + what + "s the new holder's lease (compare a token this claim issued)"
}

// leaseUpkeep returns what an UPDATE does to a lease when it sets only
// lease columns: "release" when it clears one, "renew" when it only moves
// expiries; "" otherwise.
func (s Stmt) leaseUpkeep() string {
	if len(s.Set) == 0 {
		return ""
	}
	clears := false
	for _, a := range s.Set {
		switch {
		case !vocab.IsLeaseColumn(a.Column):
			return ""
		case Cleared(a):
			clears = true
		case !s.SetsExpiry(a):
			return "" // sets a holder: a takeover, not upkeep
		}
	}
	if clears {
		return "release"
	}
	return "renew"
}

// rowKey returns the column a statement selects its row by: a top-level
// equality of a stored column that is no lease, token or state column with
// a parameter. It returns "" when there is none, or when another
// condition of the WHERE is not such a key.
func rowKey(st *sqltext.Statement) string {
	key := ""
	for _, p := range st.Where {
		if p.UnderOr || p.Op != "=" {
			return ""
		}
		c := p.StoredColumn()
		in, ok := p.IncomingOperand()
		if c == "" || !ok || in.Kind != sqltext.Param || vocab.IsLeaseColumn(c) || vocab.IsTokenColumn(c) || vocab.IsStateColumn(c) {
			return ""
		}
		if key == "" {
			key = c
		}
	}
	return key
}
