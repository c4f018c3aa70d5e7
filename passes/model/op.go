package model

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/internal/sqltext"
)

// op is what one call instruction does. The kind flags say which of its
// parts apply: a call can acquire (acquisition), write (writeOp), or both
// (a claim statement is a write the lease rules do not judge); the handle
// it runs on (onHandle) matters to both. Readers of the store packages
// fill it through store.Op (readers.go), the engine from directives,
// facts and the SQL text.
type op struct {
	instr ssa.CallInstruction
	// callee is the called function, nil for dynamic calls.
	callee *types.Func
	// local is the called function of this package, nil otherwise.
	local *ssa.Function
	// name is the callee's display name.
	name string

	acquire bool // takes a lease
	release bool // releases a lease
	txEnd   bool // commits or rolls back the transaction it is called on
	write   bool // writes to a sink
	wrapped bool // a call of a SQL wrapper of this package, classified by its text
	call    bool // the write is a call of a function marked as a sink

	// stmt is the resolved SQL statement, if any.
	stmt *sqltext.Statement
	// entry is the catalogue entry the call was classified by, when the
	// callee is not itself in the catalogue (an interface of the program
	// that stands for a SQL handle: sqliface.go).
	entry *catalogue.Entry
	// producer is, for a call of a function value, the call that returned
	// that value; the call releases when the producer acquires.
	producer ssa.CallInstruction

	onHandle
	acquisition
	writeOp
}

// onHandle is the database handle a call runs on.
type onHandle struct {
	// handle is the SQL handle (receiver) the call runs on, if any.
	handle ssa.Value
	// handleKind is how the handle relates to database sessions.
	handleKind catalogue.Handle
}

// acquisition is what an acquiring call says of its lease.
type acquisition struct {
	// sameHandleGuards: writes through the same handle are checked
	// atomically by the database (transaction-scoped lock, FOR UPDATE row
	// lock, session lock on a pinned connection).
	sameHandleGuards bool
	// handleField, for the call of a SQL wrapper that locks on a handle
	// it opened itself, is the field of its result that holds that handle
	// (wrapperlock.go).
	handleField *types.Var
	// sessionLock: the lock is held by the session, not by a transaction
	// (pg_advisory_lock): it guards every handle of the session, and
	// handle is the session's root (sessions.go).
	sessionLock bool
	// claimColumns are the lease and token columns a claim statement sets.
	claimColumns []string
}

// writeOp is what a writing call says of its write.
type writeOp struct {
	guard       Guard
	guardColumn string
	guardPred   *sqltext.Predicate
	// condValue is the version or ETag a compare-and-set write is
	// conditioned on, when known.
	condValue ssa.Value
	// wrongWay describes a non-SQL token comparison that accepts older
	// tokens (etcd Compare(ModRevision(k), ">", tok)).
	wrongWay string
	// tokenArg is the Go value bound to the incoming token of the guard,
	// or, for a guarded helper, its token argument; nil when unknown.
	tokenArg ssa.Value
	target   string
	verb     string
	note     string
	via      []string // helper path, for calls of another package's writer
	// writeAt is where the helper of another package makes the write at
	// the end of via ("file:line:col"), when its fact says.
	writeAt string
	// viaProbe is the ownership probe the helper of another package makes
	// before that write, when its fact says (FuncFact.WriteProbe).
	viaProbe probeSite
	// implPos is the declaration of the implementation an interface call
	// resolved to, when via names one.
	implPos token.Pos
	// registered are the writes handlers of other packages registered by
	// this call reach, each under the lease the framework grants them.
	registered []registeredWrite
	// writeHandles are the arguments every write of a helper of another
	// package goes through (FuncFact.WriteParams).
	writeHandles []ssa.Value
}
