// Package fencesql performs fenced claims and writes with database/sql, for
// PostgreSQL, MySQL and SQLite, with any driver (pgx's stdlib driver
// included).
//
// A [Table] names a table and its key, token and lease columns. Its methods
// generate the SQL, quote every identifier and bind every value as an
// argument:
//
//   - [Table.Claim] takes a row's lease and issues the next fencing token in
//     one atomic statement (UPDATE … SET lease = …, token = token + 1 WHERE
//     key = … AND lease expired RETURNING token);
//   - [Table.Update] writes a row only if the caller's token is at least the
//     row's (… WHERE key = … AND token <= $tok) and records the token;
//   - [Table.Upsert] inserts a row or updates it under the same condition
//     (INSERT … ON CONFLICT … DO UPDATE … WHERE, or ON DUPLICATE KEY UPDATE
//     with IF on MySQL);
//   - [Table.Release] gives the lease back early if the token still holds it.
//
// A write the table rejects returns an error matching [fence.ErrStale]:
// the caller has lost its claim and must stop.
//
// The token column must be NOT NULL DEFAULT 0 (a BIGINT). The comparison is
// token <= $tok, not <: the holder of token T may write any number of times
// (several steps, a retry after a timeout), while a holder of an older token
// is rejected as soon as a newer claim or write has stored a larger token.
// When the claim and the writes use the same row, the claim's increment
// alone fences the previous holder out.
package fencesql

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/fencecheck/fencecheck/runtime/fence"
)

// Execer runs a statement: *sql.DB, *sql.Tx and *sql.Conn implement it.
type Execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// Querier runs statements and single-row queries: *sql.DB, *sql.Tx and
// *sql.Conn implement it.
type Querier interface {
	Execer
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// ErrUnavailable reports that a claim found no row to take: the row's lease
// is held by another holder and has not expired, or no row has that key.
var ErrUnavailable = errors.New("fencesql: row is leased to another holder or does not exist")

// Assignment is one column = value pair of a write. Make one with [Set].
type Assignment struct {
	Column string
	Value  any
}

// Set returns the assignment column = value. The value is always bound as a
// statement argument.
func Set(column string, value any) Assignment { return Assignment{Column: column, Value: value} }

// Table describes a table written under fencing tokens.
//
// Name may be schema-qualified ("jobs" or "public.jobs"): it is split at dots
// and each part is quoted. Column names are quoted as single identifiers.
type Table struct {
	// Dialect selects placeholders and quoting. Required.
	Dialect Dialect
	// Name is the table name. Required.
	Name string
	// Key is the key column, which must be the primary key or carry a unique
	// constraint (upserts conflict on it). Default "id".
	Key string
	// Token is the fencing-token column: BIGINT NOT NULL DEFAULT 0.
	// Default "fence_token".
	Token string
	// Lease is the lease-deadline column that Claim and Release use: NULL
	// when the row is free. Default "lease_until".
	Lease string
	// LeaseValue converts a time into the value stored in and compared with
	// the lease column. Default: the time in UTC, for TIMESTAMP/TIMESTAMPTZ/
	// DATETIME columns. Use [UnixMillis] for an integer column (the natural
	// choice for SQLite, which has no time type).
	LeaseValue func(time.Time) any
	// Now is the clock of claims. Default time.Now. Leases decide who may
	// claim, never whether a write is safe (the token decides that), so clock
	// skew between workers costs liveness only.
	Now func() time.Time
}

// UnixMillis is a [Table.LeaseValue] for integer lease columns: milliseconds
// since the Unix epoch.
func UnixMillis(t time.Time) any { return t.UnixMilli() }

// names holds a table's quoted identifiers.
type names struct {
	table, tableRef, key, token, lease string
}

func (t Table) names() (names, error) {
	var n names
	if err := t.Dialect.valid(); err != nil {
		return n, err
	}
	if t.Name == "" {
		return n, errors.New("fencesql: Table.Name is empty")
	}
	parts := strings.Split(t.Name, ".")
	for i, p := range parts {
		q, err := t.Dialect.QuoteIdent(p)
		if err != nil {
			return n, fmt.Errorf("fencesql: table name %q: %w", t.Name, err)
		}
		parts[i] = q
	}
	n.table = strings.Join(parts, ".")
	n.tableRef = parts[len(parts)-1]
	var err error
	if n.key, err = t.Dialect.QuoteIdent(orDefault(t.Key, "id")); err != nil {
		return n, err
	}
	if n.token, err = t.Dialect.QuoteIdent(orDefault(t.Token, "fence_token")); err != nil {
		return n, err
	}
	if n.lease, err = t.Dialect.QuoteIdent(orDefault(t.Lease, "lease_until")); err != nil {
		return n, err
	}
	return n, nil
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func (t Table) leaseValue(tm time.Time) any {
	if t.LeaseValue != nil {
		return t.LeaseValue(tm)
	}
	return tm.UTC()
}

func (t Table) now() time.Time {
	if t.Now != nil {
		return t.Now()
	}
	return time.Now()
}

// assignments quotes the columns of set, refusing the key and token columns:
// the helpers own those.
func (t Table) assignments(set []Assignment) ([]string, error) {
	if len(set) == 0 {
		return nil, errors.New("fencesql: no columns to write")
	}
	key, tok := orDefault(t.Key, "id"), orDefault(t.Token, "fence_token")
	cols := make([]string, len(set))
	for i, a := range set {
		if a.Column == key || a.Column == tok {
			return nil, fmt.Errorf("fencesql: column %q is the table's key or token column; the helpers set it", a.Column)
		}
		q, err := t.Dialect.QuoteIdent(a.Column)
		if err != nil {
			return nil, err
		}
		cols[i] = q
	}
	return cols, nil
}

func checkToken(tok fence.Token) error {
	if !tok.Valid() {
		return fmt.Errorf("fencesql: invalid token %d: tokens are positive", tok)
	}
	return nil
}
