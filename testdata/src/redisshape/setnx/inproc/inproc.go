// Package inproc takes a lock through its own interface, implemented by a
// Redis lock for a cluster and by a map of mutexes for a single node: the
// in-process implementation does not veto the distributed one. An
// implementation that takes no lock at all does.
package inproc

import (
	"context"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// Store keeps rooms and locks them by name.
type Store interface {
	LockRoom(ctx context.Context, name string) (string, error)
	UnlockRoom(ctx context.Context, name, token string) error
	SaveRoom(ctx context.Context, name, body string) error
	Record(ctx context.Context, name string) error
}

// RedisStore keeps rooms in Redis, with its compare-and-delete release
// script in a field.
type RedisStore struct {
	rdb    *redis.Client
	unlock *redis.Script
}

// NewRedisStore returns a store on rdb.
func NewRedisStore(rdb *redis.Client) *RedisStore {
	src := `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`
	return &RedisStore{rdb: rdb, unlock: redis.NewScript(src)}
}

// LockRoom takes the room's lock, retrying until it is free.
func (s *RedisStore) LockRoom(ctx context.Context, name string) (string, error) {
	key := "room_lock:" + name
	for {
		ok, err := s.rdb.SetNX(ctx, key, "token", 5*time.Second).Result()
		if err != nil {
			return "", err
		}
		if ok {
			return "token", nil
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// UnlockRoom frees the room's lock while it holds the token.
func (s *RedisStore) UnlockRoom(ctx context.Context, name, token string) error {
	return s.unlock.Run(ctx, s.rdb, []string{"room_lock:" + name}, token).Err()
}

// SaveRoom stores the room.
func (s *RedisStore) SaveRoom(ctx context.Context, name, body string) error {
	return s.rdb.HSet(ctx, "rooms", name, body).Err() // want `writes under a lease without a fencing token`
}

// Record records that a room is open.
func (s *RedisStore) Record(ctx context.Context, name string) error {
	return s.rdb.SAdd(ctx, "open_rooms", name).Err() // ok: Open calls it after Create released the lock
}

// LocalStore keeps rooms in memory, locked by a mutex per room.
type LocalStore struct {
	mu    sync.Mutex
	locks map[string]*sync.Mutex
	rooms map[string]string
}

// LockRoom locks the room's mutex.
func (s *LocalStore) LockRoom(ctx context.Context, name string) (string, error) {
	s.mu.Lock()
	l := s.locks[name]
	s.mu.Unlock()
	l.Lock()
	return "", nil
}

// UnlockRoom unlocks it.
func (s *LocalStore) UnlockRoom(ctx context.Context, name, token string) error {
	s.locks[name].Unlock()
	return nil
}

// SaveRoom stores the room in memory.
func (s *LocalStore) SaveRoom(ctx context.Context, name, body string) error {
	s.rooms[name] = body
	return nil
}

// Record records an open room in memory.
func (s *LocalStore) Record(ctx context.Context, name string) error { return nil }

// Allocator creates rooms under the room's lock.
type Allocator struct{ store Store }

// NewAllocator returns an allocator on the store the deployment chose.
func NewAllocator(rdb *redis.Client) *Allocator {
	if rdb == nil {
		return &Allocator{store: &LocalStore{}}
	}
	return &Allocator{store: NewRedisStore(rdb)}
}

// Create creates a room under its lock.
func (a *Allocator) Create(ctx context.Context, name, body string) error {
	token, err := a.store.LockRoom(ctx, name)
	if err != nil {
		return err
	}
	defer func() { _ = a.store.UnlockRoom(ctx, name, token) }()
	return a.store.SaveRoom(ctx, name, body)
}

// Open creates the room and then records it: Create released the lock
// through the interface when it returned.
func (a *Allocator) Open(ctx context.Context, name string) error {
	if err := a.Create(ctx, name, "{}"); err != nil {
		return err
	}
	return a.store.Record(ctx, name)
}

// Board is a lock interface one of whose implementations takes no lock.
type Board interface {
	Lock(ctx context.Context, name string) (bool, error)
	Post(ctx context.Context, name, body string) error
}

// RedisBoard locks in Redis.
type RedisBoard struct{ rdb *redis.Client }

// Lock takes the board's lock.
func (b *RedisBoard) Lock(ctx context.Context, name string) (bool, error) {
	return b.rdb.SetNX(ctx, "board:"+name, 1, time.Minute).Result()
}

// Unlock frees it.
func (b *RedisBoard) Unlock(ctx context.Context, name string) error {
	return b.rdb.Del(ctx, "board:"+name).Err()
}

// Post writes the board.
func (b *RedisBoard) Post(ctx context.Context, name, body string) error {
	return b.rdb.Set(ctx, "post:"+name, body, 0).Err() // ok: Board's NopBoard takes no lock, so its callers hold none
}

// NopBoard takes no lock at all.
type NopBoard struct{}

// Lock takes nothing.
func (NopBoard) Lock(ctx context.Context, name string) (bool, error) { return true, nil }

// Post does nothing.
func (NopBoard) Post(ctx context.Context, name, body string) error { return nil }

// Boards picks a board.
func Boards(rdb *redis.Client) Board {
	if rdb == nil {
		return NopBoard{}
	}
	return &RedisBoard{rdb: rdb}
}

// Publish posts under the board's lock.
func Publish(ctx context.Context, b Board, name, body string) error {
	if ok, err := b.Lock(ctx, name); err != nil || !ok {
		return err
	}
	return b.Post(ctx, name, body)
}
