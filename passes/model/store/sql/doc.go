// Package sql reads the SQL statements a call runs: what a statement does
// to rows that carry a lease (claims, renews, releases them, or removes
// them by age), how a write is guarded (a token or owner comparison, a
// state check, the lease's name alone), and whether the code reads the
// row count that tells a claim won.
//
// The engine resolves a call's text (constants, concatenations, functions
// that return text) and parses it with internal/sqltext; this package
// reads the parsed statement, with the Go values bound to its
// placeholders, and answers with a store.Op (Read) or with the shape and
// guard the engine composes across statements (Shape, GuardOf). It knows
// SQL, the vocabulary of lease columns (store/vocab) and the libraries'
// row counts (RowsAffected of database/sql, pgx and GORM); it knows nothing
// of lease scopes.
package sql

import (
	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/sqltext"
)

// Stmt is a parsed statement with the Go values its placeholders bind.
type Stmt struct {
	*sqltext.Statement
	// Arg returns the Go value bound to a placeholder, nil when unknown;
	// Arg itself may be nil when nothing binds them.
	Arg func(sqltext.Placeholder) ssa.Value
	// Call is the call that runs the statement, nil when there is none.
	Call ssa.CallInstruction
}

// arg returns the Go value bound to placeholder p, or nil.
func (s Stmt) arg(p sqltext.Placeholder) ssa.Value {
	if s.Arg == nil {
		return nil
	}
	return s.Arg(p)
}
