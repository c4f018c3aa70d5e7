package store

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/catalogue"
)

// Guard says how a write is protected against a worker that lost its lease.
type Guard int

const (
	// NoGuard: nothing in the write conditions it on the lease.
	NoGuard Guard = iota
	// StateGuard: the write checks state or expiry (WHERE state='running',
	// WHERE lease_until > now()), which does not fence.
	StateGuard
	// TokenGuard: the write compares a fencing-token column (or a column
	// the claim set) in its own WHERE or ON CONFLICT … DO UPDATE … WHERE.
	TokenGuard
	// TxGuard: the write runs in the transaction (or pinned session) that
	// holds the lock, so the database checks the lock atomically.
	TxGuard
	// HelperGuard: the write is a call to a function that performs a
	// token-conditional write (//fencecheck:guarded, or found by facts).
	HelperGuard
)

// String returns the guard's name.
func (g Guard) String() string {
	return [...]string{"none", "state", "token", "transaction", "helper"}[g]
}

// Fences reports whether the guard makes the sink reject a late writer.
func (g Guard) Fences() bool { return g >= TokenGuard }

// Call is a call of a catalogued API, as a reader sees it.
type Call struct {
	// Instr is the call.
	Instr ssa.CallInstruction
	// Entry is its catalogue entry.
	Entry *catalogue.Entry
	// Method is the called function's or method's name.
	Method string
	// Handle is the receiver (a collection, a client), nil for a function.
	Handle ssa.Value
	// Args are the arguments, the receiver excluded.
	Args []ssa.Value
}

// Core is what a reader may ask of the engine.
type Core interface {
	// IssuedByClaim reports whether v was issued by a lease's claim (a
	// token or holder value the acquisition returned), as the engine
	// traces a token's origin.
	IssuedByClaim(v ssa.Value) bool
	// Text returns the text a string value holds, with sqltext.Hole for
	// each part computed at run time, as the engine resolves SQL text
	// (constants, concatenation, Sprintf, functions of the package that
	// return text); false when no part of it is known.
	Text(v ssa.Value) (string, bool)
	// Script returns the text of the Lua script a script call runs, read
	// from its argument or from the script object it is called on.
	Script(c Call) (string, bool)
	// FieldOrigin returns the struct field every value the package stores
	// in f is loaded from (a delivery's key field filled only from its
	// queue's), nil when there is none.
	FieldOrigin(f *types.Var) *types.Var
}

// Op is what a reader makes of a call: one of *Acquire, *Release, *Renew,
// *Write, *NotWrite, *Read and *Unknown.
type Op interface{ op() }

// Acquire takes a lease.
type Acquire struct {
	// Token is the value the claim issues as its token, nil if none.
	Token ssa.Value
	// Columns are the columns a claim statement sets (a holder, an
	// expiry, a counter) that later writes may compare as the claim's
	// owner or token.
	Columns []string
	// SameHandle: the writes made through the handle the call runs on are
	// checked atomically by the store (a transaction-scoped lock, a row
	// lock, a session lock on a pinned connection).
	SameHandle bool
	// Session: the lock is held by the database session, not by a
	// transaction: it guards every handle of that session, and the end of
	// a transaction does not release it.
	Session bool
}

// Release ends a lease.
type Release struct {
	// Write is the write the release makes, when the rules judge it as one
	// (an UPDATE that clears the holder of a row); nil otherwise.
	Write *Write
}

// Renew extends the caller's own lease: neither a claim nor a write.
type Renew struct {
	// Reason says what is renewed, for the lease inventory.
	Reason string
}

// Write writes to a sink.
type Write struct {
	// Verb says what the write does ("updates a document in").
	Verb string
	// Target names what is written ("jobs"), "" when unknown.
	Target string
	// Guard is how the write is protected; GuardField the field or column
	// its guard compares.
	Guard      Guard
	GuardField string
	// TokenArg is the value the guard compares with, when it is a token.
	TokenArg ssa.Value
	// CondValue is the version or ETag a compare-and-set write is
	// conditioned on, when known.
	CondValue ssa.Value
	// WrongWay describes a token comparison that accepts older tokens
	// ("{token: {$gt: …}}"), "" when the comparison fences.
	WrongWay string
	// Note explains the verdict, for the finding's message ("WATCH fences
	// only when …"), "" when there is nothing to add.
	Note string
}

// NotWrite is a write that cannot overwrite newer state.
type NotWrite struct {
	// Cleanup: it removes or marks records selected by age alone, the
	// same records whoever runs it (else it takes a lease of its own).
	Cleanup bool
	// Reason says why, for the lease inventory.
	Reason string
}

// Read reads the store and writes nothing. The engine keeps it, to trace
// what it returns (a token, the rows a later statement claims).
type Read struct{}

// Unknown is a call the reader cannot judge (a filter built elsewhere):
// the engine stays silent.
type Unknown struct {
	// Reason says why, for the lease inventory.
	Reason string
}

func (*Acquire) op()  {}
func (*Release) op()  {}
func (*Renew) op()    {}
func (*Write) op()    {}
func (*NotWrite) op() {}
func (*Read) op()     {}
func (*Unknown) op()  {}

// Reader turns calls of one family of libraries into ops.
type Reader interface {
	// Classes are the catalogue classes of the calls the reader reads.
	Classes() []catalogue.Class
	// Read returns the op a call is; nil when the call does nothing the
	// engine tracks.
	Read(core Core, c Call) Op
}
