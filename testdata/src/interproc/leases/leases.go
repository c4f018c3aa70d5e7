// Package leases takes leases for other packages.
package leases

import (
	"context"
	"database/sql"
)

// Lease is a held job lease.
type Lease struct {
	JobID int64
	Token int64
}

// Claim takes the next job's lease.
func Claim(ctx context.Context, db *sql.DB, worker string) (*Lease, error) { // want Claim:`fence:acquire,claims\(fence_token,locked_by,locked_until\)`
	var l Lease
	err := db.QueryRowContext(ctx, `UPDATE jobs SET locked_by = $1, locked_until = now() + interval '1 minute', fence_token = fence_token + 1
		WHERE id = (SELECT id FROM jobs WHERE locked_until < now() LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, fence_token`, worker).Scan(&l.JobID, &l.Token)
	if err != nil {
		return nil, err
	}
	return &l, nil
}

// Lock is marked as an acquisition.
//
//fencecheck:acquire
func Lock(ctx context.Context, name string) (int64, error) { return 0, nil } // want Lock:`fence:acquire`

// Unlock is marked as a release.
//
//fencecheck:release
func Unlock(ctx context.Context, name string) error { return nil } // want Unlock:`fence:release`
