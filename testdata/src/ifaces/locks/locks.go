package locks // want package:`impls\(\(ifaces/locks\.Locker\)\.Lock=\(locks\.lease\)\.Lock:fence:acquire, \(ifaces/locks\.Locker\)\.Unlock=\(locks\.lease\)\.Unlock:fence:release\)`

// This package hands out locks behind an interface: a factory returns a
// Locker whose Lock, returning only an error, takes a redsync mutex the
// value carries.

import (
	"context"
	"encoding/json"

	"github.com/go-redsync/redsync/v4"
	"github.com/redis/go-redis/v9"
)

// Locker is a lock on one document.
type Locker interface {
	Lock(ctx context.Context) error
	Unlock(ctx context.Context) (bool, error)
}

// lease is a Locker over a redsync mutex.
type lease struct{ m *redsync.Mutex }

// Lock takes the mutex; the lease is held when it returns nil.
func (l lease) Lock(ctx context.Context) error { return l.m.LockContext(ctx) } // want Lock:`fence:acquire`

// Unlock releases the mutex.
func (l lease) Unlock(ctx context.Context) (bool, error) { return l.m.UnlockContext(ctx) } // want Unlock:`fence:release`

// Doc is a stored document.
type Doc struct {
	ID      string
	Version int
}

// Store keeps documents in Redis.
type Store struct {
	rs  *redsync.Redsync
	rdb *redis.Client
}

// NewLock returns the lock of a document.
func (s *Store) NewLock(id string) Locker { return lease{m: s.rs.NewMutex("lock/" + id)} }

// Get reads a document.
func (s *Store) Get(ctx context.Context, id string) (Doc, error) {
	var d Doc
	b, err := s.rdb.Get(ctx, "doc/"+id).Result()
	if err != nil {
		return d, err
	}
	return d, json.Unmarshal([]byte(b), &d)
}

// Put writes a document unconditionally.
func (s *Store) Put(ctx context.Context, d Doc) error { // want Put:`fence:writes\(\(redis\.cmdable\)\.Set\)`
	b, _ := json.Marshal(d)
	return s.rdb.Set(ctx, "doc/"+d.ID, b, 0).Err()
}
