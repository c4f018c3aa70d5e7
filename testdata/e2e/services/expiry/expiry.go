// Package expiry holds leases with a deadline read from an injected clock,
// and writes after checking them: the checks do not fence.
package expiry

import (
	"context"
	"time"

	"github.com/bsm/redislock"
	"github.com/redis/go-redis/v9"
)

// Clock tells the time; tests inject a fake one.
type Clock interface {
	Now() time.Time
}

// Lease is a redislock lock and the deadline it was taken for.
type Lease struct {
	lock  *redislock.Lock
	until time.Time
	clock Clock
}

// Take obtains the lock for ttl.
func Take(ctx context.Context, rdb *redis.Client, clock Clock, key string, ttl time.Duration) (*Lease, error) {
	l, err := redislock.Obtain(ctx, rdb, "lock/"+key, ttl, nil)
	if err != nil {
		return nil, err
	}
	return &Lease{lock: l, until: clock.Now().Add(ttl), clock: clock}, nil
}

// Valid reports whether the lease's deadline has not passed.
func (l *Lease) Valid() bool {
	return l.clock.Now().Before(l.until)
}

// Left returns how long the lease has left.
func (l *Lease) Left() time.Duration {
	return l.until.Sub(l.clock.Now())
}

// Store writes results.
type Store struct {
	RDB *redis.Client
}

// Finish records the result unless the lease has expired.
func (s *Store) Finish(ctx context.Context, l *Lease, key, result string) error {
	if !l.Valid() {
		return nil
	}
	return s.RDB.Set(ctx, "result/"+key, result, 0).Err()
}

// Record records the result with no check.
func (s *Store) Record(ctx context.Context, key, result string) error {
	return s.RDB.Set(ctx, "result/"+key, result, 0).Err()
}
