package sql

import (
	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/internal/sqltext"
	"github.com/fencecheck/fencecheck/passes/model/store"
)

// The SQL functions that take and give up locks.
var (
	// sessionLockFuncs take a lock the database session holds until it
	// ends or unlocks it.
	sessionLockFuncs = []string{"pg_advisory_lock", "pg_try_advisory_lock", "pg_advisory_lock_shared", "pg_try_advisory_lock_shared", "get_lock"}
	// xactLockFuncs take a lock the transaction holds until it ends.
	xactLockFuncs = []string{"pg_advisory_xact_lock", "pg_try_advisory_xact_lock", "pg_advisory_xact_lock_shared", "pg_try_advisory_xact_lock_shared"}
	// unlockFuncs give a session lock up.
	unlockFuncs = []string{"pg_advisory_unlock", "pg_advisory_unlock_shared", "pg_advisory_unlock_all", "release_lock", "release_all_locks"}
)

// Read returns what a call that runs statement s on a handle of kind
// handle does; rows reports that the call returns rows (Query, QueryRow).
// It returns nil for a statement fencecheck does not read (DDL, a SET).
//
//   - A lock function (pg_advisory_xact_lock, pg_advisory_lock, GET_LOCK)
//     acquires; on a transaction, or on a session for a session lock, the
//     writes through the same handle are checked by the database.
//   - An unlock function releases.
//   - A SELECT reads, and a SELECT … FOR UPDATE on a transaction locks
//     its rows for the writes of that transaction.
//   - An UPDATE, DELETE, upsert or MERGE is read by its shape (ReadWrite).
//   - An INSERT of a new row appends: it cannot overwrite newer state.
func Read(s Stmt, handle catalogue.Handle, rows bool) store.Op {
	switch {
	case firstOf(s.Funcs, xactLockFuncs) != "":
		return &store.Acquire{SameHandle: handle == catalogue.Transaction}
	case firstOf(s.Funcs, sessionLockFuncs) != "":
		// Any handle that pins a session holds it, a transaction too.
		return &store.Acquire{Session: handle != catalogue.Pooled, SameHandle: handle == catalogue.Session}
	case firstOf(s.Funcs, unlockFuncs) != "":
		return &store.Release{}
	}
	switch s.Kind {
	case sqltext.Select:
		if s.ForUpdate && handle == catalogue.Transaction {
			return &store.Acquire{SameHandle: true}
		}
		return &store.Read{}
	case sqltext.Update, sqltext.Delete, sqltext.Upsert, sqltext.Merge:
		return ReadWrite(s, rows)
	case sqltext.Insert:
		return &store.NotWrite{Reason: "an INSERT of a new row into " + orUnknown(s.Table) + " appends: it cannot overwrite what a newer holder wrote"}
	}
	return nil
}

// ReadWrite returns what a writing statement (an UPDATE, DELETE, upsert
// or MERGE) does, by its shape: a claim acquires, with the columns it
// sets; a renewal of the caller's own lease renews; a cleanup by age is
// no write; a release both releases and writes; anything else writes.
func ReadWrite(s Stmt, rows bool) store.Op {
	shape, cols := ShapeWrite, []string(nil)
	if s.Kind != sqltext.Merge {
		shape, cols = s.Shape(rows)
	}
	switch shape {
	case ShapeClaim:
		return &store.Acquire{Columns: cols}
	case ShapeRenew:
		return &store.Renew{Reason: "a renewal of the caller's own lease on " + orUnknown(s.Table) + ": neither a claim nor a write"}
	case ShapeRetention:
		return &store.NotWrite{Cleanup: true, Reason: "a cleanup of rows of " + orUnknown(s.Table) + " selected by age alone: whoever runs it removes the same rows"}
	case ShapeRelease:
		return &store.Release{Write: write(s)}
	}
	return write(s)
}

// verbs say what each kind of writing statement does.
var verbs = map[sqltext.Kind]string{
	sqltext.Update: "updates", sqltext.Delete: "deletes from",
	sqltext.Upsert: "upserts into", sqltext.Merge: "merges into",
}

// write is the write a statement makes, unguarded until the engine
// settles its guard (GuardOf) once every claim of the package is known.
func write(s Stmt) *store.Write {
	return &store.Write{Verb: verbs[s.Kind], Target: s.Table}
}

// LockFunc returns the lock function a statement runs and the lock it
// takes ("a transaction-scoped advisory lock", "a session lock"); "" when
// it runs none.
func LockFunc(st *sqltext.Statement) (fn, what string) {
	if fn := firstOf(st.Funcs, xactLockFuncs); fn != "" {
		return fn, "a transaction-scoped advisory lock"
	}
	if fn := firstOf(st.Funcs, sessionLockFuncs); fn != "" {
		return fn, "a session lock"
	}
	return "", ""
}

// firstOf returns the first of have that is in want, or "".
func firstOf(have, want []string) string {
	for _, h := range have {
		for _, w := range want {
			if h == w {
				return h
			}
		}
	}
	return ""
}

// orUnknown returns name, or "a table it cannot name" when it is empty.
func orUnknown(name string) string {
	if name == "" {
		return "a table it cannot name"
	}
	return name
}
