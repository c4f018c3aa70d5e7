// Package queue claims items with a Lua script that records a deadline;
// its callers in other packages hold a lease after Claim returns.
package queue

import (
	"context"

	"github.com/redis/go-redis/v9"
)

var claimScript = redis.NewScript(`
local id = redis.call('LMOVE', KEYS[1], KEYS[2], 'RIGHT', 'LEFT')
if not id then return nil end
redis.call('ZADD', KEYS[3], ARGV[1], id)
return id`)

var takeScript = redis.NewScript(`
return redis.call('LMOVE', KEYS[1], KEYS[2], 'RIGHT', 'LEFT')`)

// Claim takes the next item until deadline (Unix milliseconds).
func Claim(ctx context.Context, rdb *redis.Client, deadline int64) (string, error) {
	return claimScript.Run(ctx, rdb, []string{"q", "q:processing", "q:deadlines"}, deadline).Text()
}

// Take moves the next item without a deadline: no lease.
func Take(ctx context.Context, rdb *redis.Client) (string, error) {
	return takeScript.Run(ctx, rdb, []string{"q", "q:taken"}).Text()
}
