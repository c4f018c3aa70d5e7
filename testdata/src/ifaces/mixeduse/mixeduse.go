// Package mixeduse locks through an interface one of whose
// implementations holds nothing after Lock.
package mixeduse

import (
	"context"

	"ifaces/mixed"
)

// Put writes under a Locker that may not hold a lease.
func Put(ctx context.Context, s *mixed.Store, key string) error {
	l := s.NewLock(key)
	if err := l.Lock(ctx); err != nil {
		return err
	}
	return s.Put(ctx, key) // ok: not every implementation of Lock takes a lease
}
