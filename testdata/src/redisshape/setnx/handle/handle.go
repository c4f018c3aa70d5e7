// Package handle takes Redis locks through helpers that return a handle
// carrying the key: the handle's method releases the key the helper took.
// Its twins store the key in a handle that never releases it (a mark),
// or release a different field.
package handle

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

// ErrNotObtained says another holder has the lock.
var ErrNotObtained = errors.New("not obtained")

// Locker hands out locks.
type Locker struct{ RDB *redis.Client }

// Lock is a held lock.
type Lock struct {
	rdb        *redis.Client
	key, value string
}

// Obtain takes the lock in key.
func (c *Locker) Obtain(ctx context.Context, key, value string, ttl time.Duration) (*Lock, error) {
	ok, err := c.RDB.SetNX(ctx, key, value, ttl).Result()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, ErrNotObtained
	}
	return &Lock{rdb: c.RDB, key: key, value: value}, nil
}

// Release deletes the lock's key.
func (l *Lock) Release(ctx context.Context) error { return l.rdb.Del(ctx, l.key).Err() }

// Finish writes under a lock from the Locker.
func Finish(ctx context.Context, c *Locker, rdb *redis.Client, id string) error {
	l, err := c.Obtain(ctx, "lock:"+id, "me", time.Minute)
	if err != nil {
		return err
	}
	defer l.Release(ctx)
	return rdb.Set(ctx, "job:"+id, "done", 0).Err() // want `writes under a lease without a fencing token`
}

// Marker marks keys seen.
type Marker struct{ RDB *redis.Client }

// Mark records that key was seen.
type Mark struct{ key string }

// Seen sets the mark once; nothing deletes a Mark's key.
func (m *Marker) Seen(ctx context.Context, key string) (*Mark, error) {
	ok, err := m.RDB.SetNX(ctx, key, 1, time.Hour).Result()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, ErrNotObtained
	}
	return &Mark{key: key}, nil
}

// Key returns the mark's key.
func (k *Mark) Key() string { return k.key }

// Once writes after marking the job seen.
func Once(ctx context.Context, m *Marker, rdb *redis.Client, id string) error {
	if _, err := m.Seen(ctx, "seen:"+id); err != nil {
		return err
	}
	return rdb.Set(ctx, "job:"+id, "done", 0).Err() // ok: no lease is held
}

// Slot holds a key and the key of something else.
type Slot struct {
	rdb        *redis.Client
	key, other string
}

// Take sets key and keeps it in the slot.
func Take(ctx context.Context, rdb *redis.Client, key, other string) (*Slot, error) {
	ok, err := rdb.SetNX(ctx, key, 1, time.Minute).Result()
	if err != nil || !ok {
		return nil, ErrNotObtained
	}
	return &Slot{rdb: rdb, key: key, other: other}, nil
}

// Drop deletes the other key, not the one Take set.
func (s *Slot) Drop(ctx context.Context) { s.rdb.Del(ctx, s.other) }

// Fill writes after Take.
func Fill(ctx context.Context, rdb *redis.Client, id string) error {
	s, err := Take(ctx, rdb, "slot:"+id, "other:"+id)
	if err != nil {
		return err
	}
	defer s.Drop(ctx)
	return rdb.Set(ctx, "job:"+id, "done", 0).Err() // ok: no lease is held
}
