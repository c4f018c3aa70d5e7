// Package locks hands out redsync mutexes behind the ports.Locker
// interface and stores documents in Redis.
package locks

import (
	"context"
	"encoding/json"

	"github.com/go-redsync/redsync/v4"
	"github.com/go-redsync/redsync/v4/redis/goredis/v9"
	"github.com/redis/go-redis/v9"

	"example.com/services/ports"
)

// lease adapts a redsync mutex to ports.Locker.
type lease struct{ m *redsync.Mutex }

// Lock takes the mutex.
func (l lease) Lock(ctx context.Context) error { return l.m.LockContext(ctx) }

// Unlock releases the mutex.
func (l lease) Unlock(ctx context.Context) (bool, error) { return l.m.UnlockContext(ctx) }

// Doc is a stored document.
type Doc struct {
	ID      string
	Version int64
	Body    string
}

// Service stores documents and hands out their locks.
type Service struct {
	rs  *redsync.Redsync
	rdb *redis.Client
}

// NewService returns a Service on rdb.
func NewService(rdb *redis.Client) *Service {
	return &Service{rs: redsync.New(goredis.NewPool(rdb)), rdb: rdb}
}

// NewLock returns the lock of one document.
func (s *Service) NewLock(key string) ports.Locker {
	return lease{m: s.rs.NewMutex("lock/" + key)}
}

// Get reads a document.
func (s *Service) Get(ctx context.Context, id string) (Doc, error) {
	var d Doc
	b, err := s.rdb.Get(ctx, "doc:"+id).Bytes()
	if err != nil {
		return d, err
	}
	err = json.Unmarshal(b, &d)
	return d, err
}

// Put overwrites a document with an unconditional SET.
func (s *Service) Put(ctx context.Context, d Doc) error {
	b, err := json.Marshal(d)
	if err != nil {
		return err
	}
	return s.rdb.Set(ctx, "doc:"+d.ID, b, 0).Err()
}
