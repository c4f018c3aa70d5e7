// Package redsync synthesizes the part of github.com/go-redsync/redsync/v4 that fencecheck's tests need, with the real signatures.
package redsync

import (
	"context"
	"errors"
	"time"

	"github.com/go-redsync/redsync/v4/redis"
)

var ErrFailed = errors.New("redsync: failed to acquire lock")

type Redsync struct{}

func New(pools ...redis.Pool) *Redsync { return nil }

func (r *Redsync) NewMutex(name string, options ...Option) *Mutex { return nil }

type Option interface {
	Apply(*Mutex)
}

func WithExpiry(expiry time.Duration) Option { return nil }

func WithTries(tries int) Option { return nil }

func WithValue(v string) Option { return nil }

func WithGenValueFunc(genValueFunc func() (string, error)) Option { return nil }

type Mutex struct{}

func (m *Mutex) Name() string { return "" }

func (m *Mutex) Value() string { return "" }

func (m *Mutex) Until() time.Time { return time.Time{} }

func (m *Mutex) TryLock() error { return nil }

func (m *Mutex) TryLockContext(ctx context.Context) error { return nil }

func (m *Mutex) Lock() error { return nil }

func (m *Mutex) LockContext(ctx context.Context) error { return nil }

func (m *Mutex) Unlock() (bool, error) { return false, nil }

func (m *Mutex) UnlockContext(ctx context.Context) (bool, error) { return false, nil }

func (m *Mutex) Extend() (bool, error) { return false, nil }

func (m *Mutex) ExtendContext(ctx context.Context) (bool, error) { return false, nil }

func (m *Mutex) Valid() (bool, error) { return false, nil }

func (m *Mutex) ValidContext(ctx context.Context) (bool, error) { return false, nil }
