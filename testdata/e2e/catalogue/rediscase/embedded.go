package rediscase

import (
	"context"
	"database/sql"
	_ "embed"
	"time"

	"github.com/redis/go-redis/v9"
)

//go:embed embedrelease.lua
var embedReleaseSrc string

// embedRelease is the compare-and-delete script of FileLock, kept in a
// file the package embeds.
var embedRelease = redis.NewScript(embedReleaseSrc)

// FileLock is a lock written by hand whose release script is an embedded
// file.
type FileLock struct {
	RDB   *redis.Client
	Key   string
	Value string
}

// Acquire takes the lock for ttl; it reports whether it did.
func (l *FileLock) Acquire(ctx context.Context, ttl time.Duration) (bool, error) {
	return l.RDB.SetNX(ctx, l.Key, l.Value, ttl).Result()
}

// Release frees the lock while it is still this holder's.
func (l *FileLock) Release(ctx context.Context) error {
	return embedRelease.Run(ctx, l.RDB, []string{l.Key}, l.Value).Err()
}

// Rebill writes an invoice row under the lock.
func Rebill(ctx context.Context, l *FileLock, db *sql.DB, id int64) error {
	ok, err := l.Acquire(ctx, 30*time.Second)
	if err != nil || !ok {
		return err
	}
	defer l.Release(ctx)
	_, err = db.ExecContext(ctx, `UPDATE invoices SET billed_at = now() WHERE id = $1`, id) // finding: unfenced
	return err
}
