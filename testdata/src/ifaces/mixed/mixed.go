package mixed // want package:`impls\(\(ifaces/mixed\.Locker\)\.Lock=\(mixed\.held\)\.Lock:fence:acquire, \(ifaces/mixed\.Locker\)\.Lock=\(mixed\.scoped\)\.Lock:fence:\)`

// This package has two implementations of its Locker: one takes a lease
// that outlives Lock, the other gives it back before returning. A call
// through the interface does not take a lease, since not every
// implementation does.

import (
	"context"

	"github.com/go-redsync/redsync/v4"
	"github.com/redis/go-redis/v9"
)

// Locker is a lock on one key.
type Locker interface {
	Lock(ctx context.Context) error
}

// held keeps the mutex after Lock.
type held struct{ m *redsync.Mutex }

// Lock takes the mutex.
func (h held) Lock(ctx context.Context) error { return h.m.LockContext(ctx) } // want Lock:`fence:acquire`

// scoped takes and releases the mutex in one call.
type scoped struct{ m *redsync.Mutex }

// Lock takes the mutex and gives it back before returning: no acquire.
func (s scoped) Lock(ctx context.Context) error {
	if err := s.m.LockContext(ctx); err != nil {
		return err
	}
	defer s.m.UnlockContext(ctx)
	return nil
}

// Store keeps values in Redis.
type Store struct {
	rs  *redsync.Redsync
	rdb *redis.Client
}

// NewLock returns a lock that holds the mutex.
func (s *Store) NewLock(key string) Locker { return held{m: s.rs.NewMutex(key)} }

// NewScoped returns a lock that holds nothing once Lock returns.
func (s *Store) NewScoped(key string) Locker { return scoped{m: s.rs.NewMutex(key)} }

// Put writes a value unconditionally.
func (s *Store) Put(ctx context.Context, key string) error { // want Put:`fence:writes\(\(redis\.cmdable\)\.Set\)`
	return s.rdb.Set(ctx, key, 1, 0).Err()
}
