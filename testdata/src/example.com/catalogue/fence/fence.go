// Package fence issues and checks fencing tokens with Redis scripts.
package fence

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

// ErrStale reports that the sink holds a newer token than ours.
var ErrStale = errors.New("fence: stale token")

// claimScript takes the lock and bumps the fence counter in one step, so
// the token is issued by the claim itself.
var claimScript = redis.NewScript(`
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  return redis.call('INCR', KEYS[2])
end
return 0`)

// Claim takes resource for owner and returns the claim's fencing token.
//
//fencecheck:acquire
func Claim(ctx context.Context, rdb redis.Scripter, resource, owner string, ttl time.Duration) (int64, error) {
	tok, err := claimScript.Run(ctx, rdb, []string{"lock:" + resource, "fence:" + resource}, owner, ttl.Milliseconds()).Int64()
	if err != nil {
		return 0, err
	}
	if tok == 0 {
		return 0, errors.New("fence: resource is held")
	}
	return tok, nil
}
