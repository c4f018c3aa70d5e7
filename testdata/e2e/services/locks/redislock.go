package locks

import (
	"context"
	"time"

	"github.com/bsm/redislock"
)

// Acquire takes a redislock lock and returns the function that releases
// it.
func (s *Service) Acquire(ctx context.Context, key string) (func(), error) {
	l, err := redislock.Obtain(ctx, s.rdb, "lock/"+key, 30*time.Second, nil)
	if err != nil {
		return nil, err
	}
	return func() { _ = l.Release(context.Background()) }, nil
}
