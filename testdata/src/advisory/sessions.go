package advisory

import (
	"context"
	"database/sql"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"advisory/pgxlock"
)

// PgxConn takes a session lock on a pgx connection: statements on it run
// in the lock's session, statements on the pool do not.
func PgxConn(ctx context.Context, conn *pgx.Conn, pool *pgxpool.Pool) {
	conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, 3)
	conn.Exec(ctx, `UPDATE reports SET body = 'b' WHERE id = $1`, 1) // ok: same session as the lock
	pool.Exec(ctx, `UPDATE reports SET body = 'b' WHERE id = $1`, 2) // want `\(\*pgxpool\.Pool\)\.Exec updates reports under a lease without a fencing token`
}

// PgxTry writes only when the lock was taken.
func PgxTry(ctx context.Context, conn *pgx.Conn) error {
	var ok bool
	if err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock($1)`, 3).Scan(&ok); err != nil || !ok {
		return err
	}
	_, err := conn.Exec(ctx, `UPDATE reports SET body = 'b' WHERE id = $1`, 1) // ok: same session as the lock
	return err
}

// Acquired takes a session lock on a connection acquired from a pool:
// the connection under it and a transaction begun on it run in the same
// session; the pool and another acquired connection do not.
func Acquired(ctx context.Context, pool *pgxpool.Pool) error {
	c, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer c.Release()
	if _, err := c.Exec(ctx, `SELECT pg_advisory_lock($1)`, 4); err != nil {
		return err
	}
	c.Exec(ctx, `UPDATE reports SET body = 'b' WHERE id = $1`, 1)        // ok: same session as the lock
	c.Conn().Exec(ctx, `UPDATE reports SET body = 'b' WHERE id = $1`, 1) // ok: the connection under it
	tx, err := c.Begin(ctx)
	if err != nil {
		return err
	}
	tx.Exec(ctx, `UPDATE reports SET body = 'b' WHERE id = $1`, 1) // ok: a transaction of the same session
	tx.Commit(ctx)
	other, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer other.Release()
	other.Exec(ctx, `UPDATE reports SET body = 'b' WHERE id = $1`, 2) // want `\(\*pgxpool\.Conn\)\.Exec updates reports under a lease`
	pool.Exec(ctx, `UPDATE reports SET body = 'b' WHERE id = $1`, 2)  // want `\(\*pgxpool\.Pool\)\.Exec updates reports under a lease`
	return nil
}

// ConnTx begins a transaction on a *sql.Conn that holds a session lock.
func ConnTx(ctx context.Context, db *sql.DB) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, 5); err != nil {
		return err
	}
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	tx.ExecContext(ctx, `UPDATE reports SET body = 'b' WHERE id = $1`, 1) // ok: a transaction of the lock's session
	return tx.Commit()
}

// InTx takes a session lock through a transaction begun on the pool: the
// transaction runs in the session that holds it, the pool does not, and
// the lock outlives the transaction.
func InTx(ctx context.Context, pool *pgxpool.Pool) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_lock($1)`, 6); err != nil {
		return err
	}
	tx.Exec(ctx, `UPDATE reports SET body = 'b' WHERE id = $1`, 1)        // ok: same session as the lock
	tx.Conn().Exec(ctx, `UPDATE reports SET body = 'b' WHERE id = $1`, 1) // ok: the connection under it
	pool.Exec(ctx, `UPDATE reports SET body = 'b' WHERE id = $1`, 2)      // want `\(\*pgxpool\.Pool\)\.Exec updates reports under a lease`
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	pool.Exec(ctx, `UPDATE reports SET body = 'c' WHERE id = $1`, 2) // want `\(\*pgxpool\.Pool\)\.Exec updates reports under a lease`
	return nil
}

// XactTx holds a transaction lock in a transaction of an acquired
// connection: it guards that transaction and what runs in it, not the
// pool nor another transaction.
func XactTx(ctx context.Context, c *pgxpool.Conn, pool *pgxpool.Pool) error {
	tx, err := c.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, 7); err != nil {
		return err
	}
	tx.Exec(ctx, `UPDATE reports SET body = 'b' WHERE id = $1`, 1) // ok: the transaction that holds the lock
	nested, err := tx.Begin(ctx)
	if err != nil {
		return err
	}
	nested.Exec(ctx, `UPDATE reports SET body = 'b' WHERE id = $1`, 1) // ok: a savepoint of that transaction
	other, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	other.Exec(ctx, `UPDATE reports SET body = 'b' WHERE id = $1`, 2) // want `\(pgx\.Tx\)\.Exec updates reports under a lease`
	other.Commit(ctx)
	pool.Exec(ctx, `UPDATE reports SET body = 'b' WHERE id = $1`, 2) // want `\(\*pgxpool\.Pool\)\.Exec updates reports under a lease`
	return tx.Commit(ctx)
}

// PooledLock takes a session lock through the pool: whichever connection
// ran it, no later statement is known to run there.
func PooledLock(ctx context.Context, pool *pgxpool.Pool) error {
	pool.Exec(ctx, `SELECT pg_advisory_lock($1)`, 8)
	c, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer c.Release()
	c.Exec(ctx, `UPDATE reports SET body = 'b' WHERE id = $1`, 1) // want `\(\*pgxpool\.Conn\)\.Exec updates reports under a lease`
	return nil
}

// Helpers takes the lock and writes through helpers of another package.
func Helpers(ctx context.Context, pool *pgxpool.Pool, conn *pgx.Conn) error {
	c, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer c.Release()
	if err := pgxlock.Lock(ctx, c, 9); err != nil {
		return err
	}
	c.Exec(ctx, `UPDATE reports SET body = 'b' WHERE id = $1`, 1)        // ok: the helper locked this session
	c.Conn().Exec(ctx, `UPDATE reports SET body = 'b' WHERE id = $1`, 1) // ok: the connection under it
	tx, err := c.Begin(ctx)
	if err != nil {
		return err
	}
	pgxlock.Save(ctx, tx, 1) // ok: the helper writes in a transaction of the locked session
	tx.Commit(ctx)
	ptx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	pgxlock.Save(ctx, ptx, 2) // want `call to pgxlock\.Save writes results via \(pgx\.Tx\)\.Exec without a fencing token`
	ptx.Commit(ctx)
	if ok, err := pgxlock.TryLock(ctx, conn, 10); err != nil || !ok {
		return err
	}
	conn.Exec(ctx, `UPDATE reports SET body = 'b' WHERE id = $1`, 1) // ok: the helper locked this session
	return nil
}
