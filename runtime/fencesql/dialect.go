package fencesql

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Dialect selects the placeholder style and identifier quoting of the SQL the
// helpers generate. The zero Dialect is invalid.
type Dialect int

const (
	// Postgres: $1 placeholders, "double-quoted" identifiers, RETURNING.
	// Use it with any database/sql driver for PostgreSQL (pgx's stdlib
	// driver, lib/pq) and with CockroachDB.
	Postgres Dialect = iota + 1
	// MySQL: ? placeholders, `backquoted` identifiers, no RETURNING (claims
	// run in a transaction with LAST_INSERT_ID(expr)). Also MariaDB.
	MySQL
	// SQLite: ?1 placeholders, "double-quoted" identifiers, RETURNING
	// (SQLite 3.35 or newer) and upserts (3.24 or newer).
	SQLite
)

// String returns the dialect's name.
func (d Dialect) String() string {
	switch d {
	case Postgres:
		return "postgres"
	case MySQL:
		return "mysql"
	case SQLite:
		return "sqlite"
	}
	return "Dialect(" + strconv.Itoa(int(d)) + ")"
}

func (d Dialect) valid() error {
	switch d {
	case Postgres, MySQL, SQLite:
		return nil
	}
	return fmt.Errorf("fencesql: unknown dialect %v", d)
}

// QuoteIdent quotes one identifier (a table or column name) for d: double
// quotes for Postgres and SQLite, backquotes for MySQL, with embedded quote
// characters doubled. Empty names and names containing NUL are rejected. The
// result is always a single identifier: "a.b" becomes one name containing a
// dot, not a schema-qualified name.
func (d Dialect) QuoteIdent(name string) (string, error) {
	if err := d.valid(); err != nil {
		return "", err
	}
	if name == "" {
		return "", errors.New("fencesql: empty identifier")
	}
	if strings.IndexByte(name, 0) >= 0 {
		return "", fmt.Errorf("fencesql: identifier %q contains NUL", name)
	}
	q := `"`
	if d == MySQL {
		q = "`"
	}
	return q + strings.ReplaceAll(name, q, q+q) + q, nil
}

// placeholder returns the n-th (1-based) parameter marker.
func (d Dialect) placeholder(n int) string {
	switch d {
	case Postgres:
		return "$" + strconv.Itoa(n)
	case SQLite:
		return "?" + strconv.Itoa(n)
	}
	return "?"
}

// params collects the arguments of one statement. Postgres and SQLite number
// their placeholders, so a value used twice is bound once; MySQL's ? markers
// are positional, so the value is bound again at each use.
type params struct {
	d    Dialect
	args []any
}

// add binds v and returns its marker.
func (p *params) add(v any) string {
	p.args = append(p.args, v)
	return p.d.placeholder(len(p.args))
}

// ref returns a marker that repeats the value returned by an earlier add
// with marker m, binding it again where the dialect needs that.
func (p *params) ref(m string, v any) string {
	if p.d == MySQL {
		return p.add(v)
	}
	return m
}
