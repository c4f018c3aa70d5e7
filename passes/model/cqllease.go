package model

import (
	"github.com/fencecheck/fencecheck/internal/sqltext"
	"github.com/fencecheck/fencecheck/passes/model/store"
	"github.com/fencecheck/fencecheck/passes/model/store/cql"
)

// Cassandra leases by structure. A lightweight transaction that creates a
// row only if it does not exist and gives it a TTL (INSERT INTO locks
// (name, owner) VALUES (?, ?) IF NOT EXISTS USING TTL 30), run by a call
// that returns its applied flag (ScanCAS, MapScanCAS), takes a lease: the
// row is the lock, the TTL its expiry, and applied is false when another
// holder has it (the flag's false branch is the failure edge, like a lock
// call's bool). On a table the package claims this way:
//   - a DELETE conditioned on a holder column (IF owner = ?) releases the
//     lease: it is neither a write nor judged;
//   - an UPDATE … USING TTL that sets only lease columns and is
//     conditioned on a holder column renews it: neither a claim nor a
//     write, as a SQL renewal is.
//
// An INSERT … IF NOT EXISTS without a TTL creates a row once and is not a
// lease; nor is one run by Exec, which drops the applied flag.

// cqlLeases classifies the package's CQL lease claims, releases and
// renewals (see above).
func (m *model) cqlLeases() {
	tables := make(map[string]bool)
	for _, fn := range m.funcs {
		for _, o := range m.local[fn].ops {
			st := o.stmt
			if st == nil || !isCQL(o) || st.Kind != sqltext.Insert || !st.IfNotExists || !st.TTL || !readsApplied(o) {
				continue
			}
			// No claim columns: the lock row's holder is a name, not a
			// token, and says nothing about other tables' owner columns.
			o.acquire, o.write = true, false
			if st.Table != "" {
				tables[st.Table] = true
			}
		}
	}
	if len(tables) == 0 {
		return
	}
	for _, fn := range m.funcs {
		for _, o := range m.local[fn].ops {
			st := o.stmt
			if st == nil || !isCQL(o) || !tables[st.Table] || !cql.HolderCondition(st.If) {
				continue
			}
			switch {
			case st.Kind == sqltext.Delete:
				o.release, o.write = true, false
			case st.Kind == sqltext.Update && st.TTL && cql.SetsOnlyLeaseColumns(st.Set):
				o.write = false
			}
		}
	}
}

// readsApplied reports whether o runs its statement with a call that
// returns the applied flag first (ScanCAS, MapScanCAS and their Context
// forms): the lead bool result the lease dataflow takes for success.
func readsApplied(o *op) bool {
	return o.callee != nil && store.BoolResult(o.callee.Signature()) == 0
}
