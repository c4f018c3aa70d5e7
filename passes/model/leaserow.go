package model

import (
	"github.com/fencecheck/fencecheck/internal/sqltext"
	"github.com/fencecheck/fencecheck/passes/model/store/vocab"
)

// leaseRowGuard settles the guard of a write that maintains a lease row
// by its key alone: an UPDATE that sets only lease columns (moves an
// expiry: a renewal; clears the holder: a release) and selects its row
// by equality of a key with a parameter. A DELETE of a claimed row stays
// a write: removing a job or message row is how a worker completes it,
// and nothing in the statement tells a lock row from a job row. The key (the lease's name, a row id) survives a
// takeover: a worker that lost the lease renews or releases the new
// holder's. The key names the lease, not this holder's claim, so the
// write is weakly guarded, not unguarded; a holder value or a token the
// claim issued in the WHERE is an owner or token guard instead, settled
// by sqlGuard before this runs.
func (m *model) leaseRowGuard(o *op) {
	if !o.write || o.stmt == nil || o.guard != NoGuard || o.stmt.HasHole || o.stmt.Multiple {
		return
	}
	st := o.stmt
	if st.Kind != sqltext.Update {
		return
	}
	what := m.leaseUpkeep(o, st)
	if what == "" {
		return
	}
	key := rowKey(st)
	if key == "" {
		return
	}
	o.guard, o.guardColumn, o.guardPred = StateGuard, "", nil
	o.note = "it " + what + "s the lease by " + key + " alone, which a newer holder shares: after a takeover it " + what + "s the new holder's lease (compare a token this claim issued)"
}

// leaseUpkeep returns what an UPDATE does to a lease when it sets only
// lease columns: "release" when it clears one, "renew" when it only moves
// expiries; "" otherwise.
func (m *model) leaseUpkeep(o *op, st *sqltext.Statement) string {
	if len(st.Set) == 0 {
		return ""
	}
	clears := false
	for _, a := range st.Set {
		switch {
		case !vocab.IsLeaseColumn(a.Column):
			return ""
		case cleared(a):
			clears = true
		case !m.setsExpiry(o, a):
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
		in, ok := incomingOperand(&p)
		if c == "" || !ok || in.Kind != sqltext.Param || vocab.IsLeaseColumn(c) || vocab.IsTokenColumn(c) || vocab.IsStateColumn(c) {
			return ""
		}
		if key == "" {
			key = c
		}
	}
	return key
}
