package fencesql

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/fencecheck/fencecheck/runtime/fence"
)

// Claim takes the lease of the row whose key is id, if it is free or has
// expired, for the given duration, and issues the next fencing token, in one
// atomic statement:
//
//	UPDATE t SET lease_until = $1, fence_token = COALESCE(fence_token, 0) + 1
//	WHERE id = $2 AND (lease_until IS NULL OR lease_until <= $3)
//	RETURNING fence_token
//
// It returns [ErrUnavailable] when the lease is held or the row does not
// exist. On MySQL, which has no RETURNING, the statement stores the token
// with LAST_INSERT_ID(expr) and a SELECT LAST_INSERT_ID() reads it back on
// the same connection, both in one transaction when db can begin one (a
// *sql.DB or *sql.Conn; a *sql.Tx is used as it is): the claim is still the
// single atomic UPDATE.
//
// The returned Claim's Token is the token to pass to every guarded write
// made under the claim.
//
//fencecheck:acquire
func (t Table) Claim(ctx context.Context, db Querier, id any, lease time.Duration) (fence.Claim, error) {
	if lease <= 0 {
		return fence.Claim{}, fmt.Errorf("fencesql: claim %s %v: lease %v is not positive", t.Name, id, lease)
	}
	now := t.now()
	deadline := now.Add(lease)
	q, args, err := t.claimSQL(id, t.leaseValue(deadline), t.leaseValue(now))
	if err != nil {
		return fence.Claim{}, err
	}
	var tok int64
	if t.Dialect == MySQL {
		tok, err = claimMySQL(ctx, db, q, args)
	} else {
		err = db.QueryRowContext(ctx, q, args...).Scan(&tok)
		if errors.Is(err, sql.ErrNoRows) {
			err = ErrUnavailable
		}
	}
	if err != nil {
		return fence.Claim{}, fmt.Errorf("fencesql: claim %s %v: %w", t.Name, id, err)
	}
	return fence.Claim{Resource: fmt.Sprint(id), Token: fence.Token(tok), Deadline: deadline}, nil
}

type txBeginner interface {
	BeginTx(ctx context.Context, opts *sql.TxOptions) (*sql.Tx, error)
}

func claimMySQL(ctx context.Context, db Querier, q string, args []any) (int64, error) {
	b, ok := db.(txBeginner)
	if !ok {
		return claimMySQLOn(ctx, db, q, args)
	}
	tx, err := b.BeginTx(ctx, nil)
	if err != nil {
		return 0, err
	}
	tok, err := claimMySQLOn(ctx, tx, q, args)
	if err != nil {
		_ = tx.Rollback()
		return 0, err
	}
	return tok, tx.Commit()
}

// claimMySQLOn runs the claim and reads LAST_INSERT_ID() back; db must be a
// single connection (a *sql.Tx or *sql.Conn) for the read to see the value.
func claimMySQLOn(ctx context.Context, db Querier, q string, args []any) (int64, error) {
	res, err := db.ExecContext(ctx, q, args...)
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, err
	}
	if n == 0 {
		return 0, ErrUnavailable
	}
	var tok int64
	err = db.QueryRowContext(ctx, "SELECT LAST_INSERT_ID()").Scan(&tok)
	return tok, err
}

// Release frees the lease of the row whose key is id if tok still holds it
// (… SET lease_until = NULL WHERE id = $1 AND fence_token = $2), so the next
// claim need not wait for expiry. It returns an error matching
// [fence.ErrStale] when a newer claim has taken the row.
//
//fencecheck:release
//fencecheck:guarded token=tok
func (t Table) Release(ctx context.Context, db Execer, id any, tok fence.Token) error {
	if err := checkToken(tok); err != nil {
		return err
	}
	q, args, err := t.releaseSQL(id, int64(tok))
	if err != nil {
		return err
	}
	return t.exec(ctx, db, "release", id, tok, q, args)
}

// Update writes set to the row whose key is id if tok is at least the row's
// token, and stores tok as the row's token, in one statement:
//
//	UPDATE t SET a = $1, fence_token = $2 WHERE id = $3 AND fence_token <= $2
//
// It returns an error matching [fence.ErrStale] when the row holds a newer
// token, or when no row has that key (use [Table.Upsert] to create rows).
//
// MySQL reports changed rows, not matched rows, unless the connection sets
// CLIENT_FOUND_ROWS (go-sql-driver/mysql: clientFoundRows=true): without
// it, a write that changes nothing (the same values with the same token) is
// reported as ErrStale.
//
//fencecheck:guarded token=tok
func (t Table) Update(ctx context.Context, db Execer, id any, tok fence.Token, set ...Assignment) error {
	if err := checkToken(tok); err != nil {
		return err
	}
	q, args, err := t.updateSQL(id, int64(tok), set)
	if err != nil {
		return err
	}
	return t.exec(ctx, db, "update", id, tok, q, args)
}

// Upsert inserts the row (id, set…, tok), or, if a row with key id exists,
// updates it only if tok is at least its token:
//
//	INSERT INTO t (id, a, fence_token) VALUES ($1, $2, $3)
//	ON CONFLICT (id) DO UPDATE SET a = EXCLUDED.a, fence_token = EXCLUDED.fence_token
//	WHERE t.fence_token <= EXCLUDED.fence_token
//
// On MySQL: INSERT … ON DUPLICATE KEY UPDATE a = IF(fence_token <=
// VALUES(fence_token), VALUES(a), a), …, with the token column assigned
// last. It returns an error matching [fence.ErrStale] when the row holds a
// newer token.
//
// MySQL counts an upsert that changes nothing as 0 rows, and so does a
// rejected one: a replay of the same values with the same token is reported
// as ErrStale there (and with CLIENT_FOUND_ROWS set, a rejection is not
// detected at all: leave it unset for Upsert).
//
//fencecheck:guarded token=tok
func (t Table) Upsert(ctx context.Context, db Execer, id any, tok fence.Token, set ...Assignment) error {
	if err := checkToken(tok); err != nil {
		return err
	}
	q, args, err := t.upsertSQL(id, int64(tok), set)
	if err != nil {
		return err
	}
	return t.exec(ctx, db, "upsert", id, tok, q, args)
}

// exec runs a guarded statement and turns "no row accepted the write" into
// ErrStale.
func (t Table) exec(ctx context.Context, db Execer, what string, id any, tok fence.Token, q string, args []any) error {
	res, err := db.ExecContext(ctx, q, args...)
	if err != nil {
		return fmt.Errorf("fencesql: %s %s %v: %w", what, t.Name, id, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("fencesql: %s %s %v: rows affected: %w", what, t.Name, id, err)
	}
	if n == 0 {
		return fmt.Errorf("fencesql: %s %s: %w", what, t.Name, &fence.StaleError{Resource: fmt.Sprint(id), Token: tok})
	}
	return nil
}
