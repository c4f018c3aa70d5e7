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

// touchCmd stamps a document without looking at who holds its lock.
var touchCmd = redis.NewScript(`
redis.call("SET", KEYS[1] .. ":touched", ARGV[1])
return 1`)

// RunScript runs a script on the document store: what it does depends on
// the script its caller passes.
func (s *Service) RunScript(ctx context.Context, op string, script *redis.Script, keys []string, args ...any) error {
	return script.Run(ctx, s.rdb, keys, args...).Err()
}

// Stamp stamps a document under its lock through RunScript.
func (s *Service) Stamp(ctx context.Context, id, when string) error {
	m := s.rs.NewMutex("lock/" + id)
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	return s.RunScript(ctx, "stamp", touchCmd, []string{"doc:" + id}, when) // finding: unfenced
}

// StampUnlocked stamps a document without a lock.
func (s *Service) StampUnlocked(ctx context.Context, id, when string) error {
	return s.RunScript(ctx, "stamp", touchCmd, []string{"doc:" + id}, when) // ok: no lease is held (inventory: unscoped)
}
