package model

// leaseRowGuard settles the guard of a write that maintains a lease row
// by its key alone (sqlstore.Stmt.UpkeepNote): weakly guarded, since the
// key names the lease, not this holder's claim. A holder value or a token
// the claim issued in the WHERE is an owner or token guard instead,
// settled by sqlstore.GuardOf before this runs.
func (m *model) leaseRowGuard(o *op) {
	if !o.write || o.stmt == nil || o.guard != NoGuard {
		return
	}
	if note := sqlStmt(o, o.stmt).UpkeepNote(); note != "" {
		o.guard, o.guardColumn, o.guardPred = StateGuard, "", nil
		o.note = note
	}
}
