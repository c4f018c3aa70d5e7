package model

import (
	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/internal/sqltext"
	"github.com/fencecheck/fencecheck/passes/model/store"
)

// lockedDeadlineClaims turns into claims the UPDATEs that give rows a
// transaction locked (SELECT … FOR UPDATE [SKIP LOCKED] on the same
// transaction, earlier in the function, of the same table) a deadline:
// a lease column set to a point in time (deadline = now() + interval
// '5 minutes', lease_until = $2 with a time argument). The row lock ends
// with the transaction; the deadline is a lease that outlives it, so the
// writes after the commit, on any handle, run under it. Inside the
// transaction the row lock still guards the writes made through it. An
// UPDATE that sets no deadline (status = 'done') is an ordinary write
// under the row lock.
func (m *model) lockedDeadlineClaims() {
	for _, fn := range m.funcs {
		ops := m.local[fn].ops
		for i, o := range ops {
			if !o.write || o.acquire || o.stmt == nil || o.stmt.Kind != sqltext.Update || o.stmt.Table == "" ||
				o.handleKind != catalogue.Transaction || o.handle == nil {
				continue
			}
			cols, ok := sqlStmt(o, o.stmt).DeadlineColumns()
			if !ok || !lockedBefore(ops[:i], o) {
				continue
			}
			o.write, o.verb, o.target = false, "", ""
			o.acquire, o.claimColumns = true, cols
		}
	}
}

// lockedBefore reports whether one of ops selects rows of o's table FOR
// UPDATE through o's transaction.
func lockedBefore(ops []*op, o *op) bool {
	for _, s := range ops {
		if s.acquire && s.sameHandleGuards && s.stmt != nil && s.stmt.Kind == sqltext.Select && s.stmt.ForUpdate &&
			s.stmt.Table == o.stmt.Table && s.handle != nil && store.SameValue(s.handle, o.handle) {
			return true
		}
	}
	return false
}
