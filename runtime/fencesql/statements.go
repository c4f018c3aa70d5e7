package fencesql

import (
	"strings"
)

// claimSQL: take the lease if free or expired and issue the next token.
// Postgres and SQLite return the token; MySQL stores it in LAST_INSERT_ID,
// read back on the same connection.
func (t Table) claimSQL(id, deadline, now any) (string, []any, error) {
	n, err := t.names()
	if err != nil {
		return "", nil, err
	}
	p := &params{d: t.Dialect}
	var b strings.Builder
	b.WriteString("UPDATE " + n.table + " SET " + n.lease + " = " + p.add(deadline) + ", " + n.token + " = ")
	if t.Dialect == MySQL {
		b.WriteString("LAST_INSERT_ID(COALESCE(" + n.token + ", 0) + 1)")
	} else {
		b.WriteString("COALESCE(" + n.token + ", 0) + 1")
	}
	b.WriteString(" WHERE " + n.key + " = " + p.add(id) + " AND (" + n.lease + " IS NULL OR " + n.lease + " <= " + p.add(now) + ")")
	if t.Dialect != MySQL {
		b.WriteString(" RETURNING " + n.token)
	}
	return b.String(), p.args, nil
}

// releaseSQL: free the lease if tok still holds it.
func (t Table) releaseSQL(id, tok any) (string, []any, error) {
	n, err := t.names()
	if err != nil {
		return "", nil, err
	}
	p := &params{d: t.Dialect}
	q := "UPDATE " + n.table + " SET " + n.lease + " = NULL WHERE " + n.key + " = " + p.add(id) + " AND " + n.token + " = " + p.add(tok)
	return q, p.args, nil
}

// updateSQL: write the columns and record tok if tok is at least the row's
// token.
func (t Table) updateSQL(id, tok any, set []Assignment) (string, []any, error) {
	n, err := t.names()
	if err != nil {
		return "", nil, err
	}
	cols, err := t.assignments(set)
	if err != nil {
		return "", nil, err
	}
	p := &params{d: t.Dialect}
	var b strings.Builder
	b.WriteString("UPDATE " + n.table + " SET ")
	for i, c := range cols {
		b.WriteString(c + " = " + p.add(set[i].Value) + ", ")
	}
	tm := p.add(tok)
	b.WriteString(n.token + " = " + tm)
	b.WriteString(" WHERE " + n.key + " = " + p.add(id) + " AND " + n.token + " <= " + p.ref(tm, tok))
	return b.String(), p.args, nil
}

// upsertSQL: insert the row, or update it if tok is at least the row's
// token.
func (t Table) upsertSQL(id, tok any, set []Assignment) (string, []any, error) {
	n, err := t.names()
	if err != nil {
		return "", nil, err
	}
	cols, err := t.assignments(set)
	if err != nil {
		return "", nil, err
	}
	p := &params{d: t.Dialect}
	var b strings.Builder
	b.WriteString("INSERT INTO " + n.table + " (" + n.key + ", " + strings.Join(cols, ", ") + ", " + n.token + ") VALUES (" + p.add(id))
	for _, a := range set {
		b.WriteString(", " + p.add(a.Value))
	}
	b.WriteString(", " + p.add(tok) + ")")
	if t.Dialect == MySQL {
		// MySQL applies the assignments left to right, each seeing the
		// values set before it: the token column goes last so that every
		// IF compares against the row's old token.
		cond := "IF(" + n.token + " <= VALUES(" + n.token + "), VALUES("
		b.WriteString(" ON DUPLICATE KEY UPDATE ")
		for _, c := range cols {
			b.WriteString(c + " = " + cond + c + "), " + c + "), ")
		}
		b.WriteString(n.token + " = " + cond + n.token + "), " + n.token + ")")
		return b.String(), p.args, nil
	}
	b.WriteString(" ON CONFLICT (" + n.key + ") DO UPDATE SET ")
	for _, c := range cols {
		b.WriteString(c + " = EXCLUDED." + c + ", ")
	}
	b.WriteString(n.token + " = EXCLUDED." + n.token)
	b.WriteString(" WHERE " + n.tableRef + "." + n.token + " <= EXCLUDED." + n.token)
	return b.String(), p.args, nil
}
