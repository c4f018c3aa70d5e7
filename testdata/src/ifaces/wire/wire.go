// Package wire builds the worker: it converts the PostgreSQL store to the
// JobStore the worker calls under a lease, so it sees both the call (from
// the worker's package fact) and the implementation's write.
package wire

import (
	"database/sql"

	"ifaces/fakes"
	"ifaces/pgrepo"
	"ifaces/ports"
	"ifaces/worker"
)

// Build wires the worker.
func Build(db *sql.DB, l ports.Leases) *worker.Worker {
	return &worker.Worker{L: l, S: &pgrepo.Store{DB: db}} // want `call to \(ports\.JobStore\)\.Complete writes jobs via \(\*pgrepo\.Store\)\.Complete → \(\*sql\.DB\)\.ExecContext without a fencing token; \*pgrepo\.Store is used as ports\.JobStore here, and Complete is called under a lease at worker\.go:26`
}

// Again wires a second worker with the same store: reported once.
func Again(db *sql.DB, l ports.Leases) *worker.Worker {
	var s ports.JobStore = &pgrepo.Store{DB: db} // ok: the pair was reported in Build
	return &worker.Worker{L: l, S: s}
}

// Fenced wires a store whose Complete appends and whose Finish is guarded.
func Fenced(db *sql.DB, l ports.Leases) *worker.Worker {
	return &worker.Worker{L: l, S: pgrepo.FencedStore{DB: db}} // ok: no unguarded write
}

// Test wires a test double.
func Test(db *sql.DB, l ports.Leases) *worker.Worker {
	return &worker.Worker{L: l, S: &fakes.Store{DB: db}} // ok: test doubles do not count
}
