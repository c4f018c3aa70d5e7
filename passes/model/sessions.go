package model

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/passes/model/store"
)

// Sessions. A handle that pins one database session (a *sql.Conn, a
// *pgx.Conn, a *pgxpool.Conn) or runs in one (a *sql.Tx, a pgx.Tx) runs
// every statement on the same connection. A session-level lock
// (pg_advisory_lock, GET_LOCK) taken through such a handle is held until
// the session ends or unlocks it, and the database ends the session with
// the connection: a statement that runs in the session after the lock
// cannot outlive it. So the lock guards the writes made through any handle
// of the same session, whichever driver: the handle that took it, a
// transaction begun on it ((*sql.Conn).BeginTx, (*pgx.Conn).Begin,
// (*pgxpool.Conn).Begin), the connection under it
// ((*pgxpool.Conn).Conn(), pgx.Tx's Conn()). Which types pin a session is
// the catalogue's word (catalogue.HandleOf); a handle derived from one is
// any result of its methods that is such a type. A pool (*sql.DB,
// *pgxpool.Pool) pins nothing: a transaction begun on it is a session of
// its own. The end of a transaction does not release a session lock
// taken through it: the lease goes on after the commit. A lock a
// transaction holds (pg_advisory_xact_lock, FOR UPDATE) guards the writes
// of that transaction and of the handles derived from it only.

// maxSessionDepth bounds how far a handle is followed back to the one it
// was derived from.
const maxSessionDepth = 8

// pinsSession reports whether v is a handle that runs its statements in
// one session: a connection or a transaction.
func pinsSession(v ssa.Value) bool {
	if v == nil {
		return false
	}
	h, ok := catalogue.HandleOf(v.Type())
	return ok && h != catalogue.Pooled
}

// isConnHandle reports whether v is a connection handle: a lock held on
// it is held by its session.
func isConnHandle(v ssa.Value) bool {
	if v == nil {
		return false
	}
	h, ok := catalogue.HandleOf(store.StripConv(v).Type())
	return ok && h == catalogue.Session
}

// parentHandle returns the handle v was derived from by one of its
// methods, when both pin a session (a transaction begun on a connection,
// the connection under a pool's connection or a transaction); a variable
// assigned once is read through. It reports false for any other value.
func parentHandle(v ssa.Value) (ssa.Value, bool) {
	v = store.StripConv(v)
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		if alloc, ok := ld.X.(*ssa.Alloc); ok {
			if stored := store.StoredOnce(alloc); stored != nil {
				return stored, true
			}
		}
		return nil, false
	}
	var call *ssa.Call
	switch x := v.(type) {
	case *ssa.Call:
		call = x
	case *ssa.Extract:
		if x.Index == 0 {
			call, _ = x.Tuple.(*ssa.Call)
		}
	}
	if call == nil || !pinsSession(v) {
		return nil, false
	}
	c := call.Common()
	if !c.IsInvoke() && (c.StaticCallee() == nil || c.StaticCallee().Signature.Recv() == nil) {
		return nil, false
	}
	args := store.CallArgs(call)
	if len(args) == 0 || !pinsSession(args[0]) {
		return nil, false // begun on a pool: a session of its own
	}
	return args[0], true
}

// sessionRoot returns the handle whose session v runs in: v, followed
// back through parentHandle to a handle that was not derived from one.
func sessionRoot(v ssa.Value) ssa.Value {
	v = store.StripConv(v)
	for range maxSessionDepth {
		p, ok := parentHandle(v)
		if !ok {
			break
		}
		v = store.StripConv(p)
	}
	return v
}

// derivedFrom reports whether h is root or was derived from it through
// parentHandle.
func derivedFrom(h, root ssa.Value) bool {
	for range maxSessionDepth {
		if store.SameValue(h, root) {
			return true
		}
		p, ok := parentHandle(h)
		if !ok {
			return false
		}
		h = p
	}
	return false
}

// sameSession reports whether a write through h runs where the lock of
// acquisition a is checked: for a lock its session holds (a
// session-level lock, or any lock held on a connection), through any
// handle of the same session; for a lock a transaction holds, through the
// transaction or a handle derived from it (a savepoint, its Conn()),
// which run in it while it lasts.
func sameSession(a *op, h ssa.Value) bool {
	if a.sessionLock || isConnHandle(a.handle) {
		return store.SameValue(sessionRoot(a.handle), sessionRoot(h))
	}
	return derivedFrom(h, a.handle)
}
